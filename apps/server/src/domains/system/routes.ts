import { CALLS } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';

export function systemRoutes(app: FastifyInstance) {
  route(app, CALLS.health, ({ ctx }) =>
    Promise.resolve({
      status: 'ok' as const,
      store: ctx.store.kind,
      uptime_s: Math.floor((Date.now() - ctx.startedAt) / 1000),
    }),
  );

  // The dev outbox exists only outside production: there it is an unknown call (404).
  if (!app.ctx.config.production) {
    route(app, CALLS.devOutbox, async ({ ctx, input }) => {
      const rows = await ctx.notifier.latest(input.to.toLowerCase());
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        body: r.body,
        created_at: r.createdAt.getTime(),
      }));
    });
  }
}
