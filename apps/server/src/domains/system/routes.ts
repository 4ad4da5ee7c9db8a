import { CALLS } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { isLocalRequest } from '../../notify/delivery.js';

export function systemRoutes(app: FastifyInstance) {
  route(app, CALLS.health, ({ ctx }) =>
    Promise.resolve({
      status: 'ok' as const,
      store: ctx.store.kind,
      uptime_s: Math.floor((Date.now() - ctx.startedAt) / 1000),
    }),
  );

  // The dev outbox exists only outside production: there it is an unknown call (404). Its codes
  // reset any password, so even then it answers only this machine; others get the same 404,
  // before their query is validated (a 422 would tell them it exists).
  if (!app.ctx.config.production) {
    const url = `/api/${CALLS.devOutbox.path}`;
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.url !== url || isLocalRequest(request)) return done();
      void sendError(request, reply, 404, 'common.not_found');
    });
    route(app, CALLS.devOutbox, async ({ ctx, input }) => {
      const rows = await ctx.notifier.latest(input.to.toLowerCase());
      // Only messages the outbox itself delivered: one sent by SMTP or the SMS webhook is not shown.
      return rows
        .filter((r) => r.transport === 'outbox')
        .map((r) => ({
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
