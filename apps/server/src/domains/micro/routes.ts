import { CALLS } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import { pageResult } from '../../http/paging.js';
import { route } from '../../http/route.js';
import { remainingAt } from './view.js';

/** A trader's micro-trade calls: micro's commands and queries (messages.ts, queries.ts). */
export function microRoutes(app: FastifyInstance) {
  route(app, CALLS.microCurrencies, ({ ctx, session }) =>
    ctx.ask({ kind: 'micro.currencies', userId: session.userId }),
  );

  route(app, CALLS.microSeconds, async ({ ctx, input }) => {
    const options = await ctx.ask({ kind: 'micro.seconds', marketId: input.match_id });
    if (!options) throw new AppError('market.not_found');
    return options;
  });

  route(app, CALLS.microSubmit, async ({ ctx, session, input }) => {
    if (!input.number) throw new AppError('micro.p_number');
    const { order } = await ctx.send({
      kind: 'micro.order',
      userId: session.userId,
      marketId: input.match_id,
      currencyId: input.currency_id,
      type: input.type,
      seconds: input.seconds,
      number: input.number,
    });
    // The command counts the time left from the acceptance; the caller sees it from now.
    return remainingAt(order, Date.now());
  });

  route(app, CALLS.microLists, async ({ ctx, session, input }) => {
    const { orders, total } = await ctx.ask({
      kind: 'micro.orders',
      userId: session.userId,
      status: input.status,
      marketId: input.match_id,
      page: input.page,
      limit: input.limit,
      now: Date.now(),
    });
    return pageResult(orders, total, { page: input.page, limit: input.limit });
  });

  route(app, CALLS.microEvidence, async ({ ctx, session, input }) => {
    const found = await ctx.ask({ kind: 'micro.evidence', userId: session.userId, id: input.id });
    if (!found) throw new AppError('micro.not_found');
    return found;
  });
}
