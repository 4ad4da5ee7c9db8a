import { CALLS, MICRO_STATUS } from '@exchange/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { plainAt, wireAmount } from '../../core/amounts.js';
import { microOrders } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { pageResult } from '../../http/paging.js';
import { route } from '../../http/route.js';
import { loadEvidence } from './evidence.js';
import { microRowOf } from './load.js';
import type { IndexRecord, MicroRow } from './types.js';
import { orderView } from './view.js';

/** The names an order view shows: the pair's symbol and the stake currency's code. */
export function namesOf(ctx: AppContext, row: MicroRow) {
  return {
    symbol: ctx.micro.pair(row.marketId)?.symbol ?? '',
    currency: ctx.micro.currency(row.currencyId)?.code ?? '',
  };
}

/** Each pair's price decimals, as the evidence of its indexes needs them. */
const decimalsOf = (ctx: AppContext) => (marketId: number) =>
  ctx.micro.pair(marketId)?.priceDecimals ?? 18;

export function view(
  ctx: AppContext,
  row: MicroRow,
  evidence: { open: IndexRecord; end: IndexRecord | null } | null = null,
) {
  return orderView(row, namesOf(ctx, row), Date.now(), evidence);
}

export function microRoutes(app: FastifyInstance) {
  route(app, CALLS.microCurrencies, ({ ctx, session }) =>
    Promise.resolve(
      ctx.micro
        .allCurrencies()
        .filter((c) => c.enabled)
        .map((c) => {
          const account = ctx.micro.balanceOf(session.userId, c.currencyId);
          return {
            id: c.currencyId,
            code: c.code,
            decimals: c.decimals,
            micro_account: {
              balance: wireAmount(account.available),
              lock_balance: wireAmount(account.locked),
            },
            micro_numbers: c.numbers.map((n) => ({ number: plainAt(n, c.decimals) })),
            min_number: plainAt(c.min, c.decimals),
            max_number: plainAt(c.max, c.decimals),
            fee_rate: c.feeRate,
          };
        }),
    ),
  );

  route(app, CALLS.microSeconds, ({ ctx, input }) => {
    if (input.match_id !== undefined && !ctx.micro.pair(input.match_id))
      throw new AppError('market.not_found');
    return Promise.resolve(
      ctx.micro
        .optionsOf(input.match_id)
        .map((o) => ({ seconds: o.seconds, profit_ratio: o.ratio })),
    );
  });

  route(app, CALLS.microSubmit, async ({ ctx, session, input }) => {
    if (!input.number) throw new AppError('micro.p_number');
    const row = await ctx.micro.submit({
      userId: session.userId,
      marketId: input.match_id,
      currencyId: input.currency_id,
      type: input.type,
      seconds: input.seconds,
      number: input.number,
    });
    return view(ctx, row);
  });

  route(app, CALLS.microLists, async ({ ctx, session, input }) => {
    const where = and(
      eq(microOrders.userId, session.userId),
      eq(microOrders.status, input.status),
      input.match_id === undefined ? undefined : eq(microOrders.marketId, input.match_id),
    );
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select()
        .from(microOrders)
        .where(where)
        .orderBy(desc(microOrders.id))
        .limit(input.limit)
        .offset((input.page - 1) * input.limit),
      ctx.db.select({ n: count() }).from(microOrders).where(where),
    ]);
    // Orders in progress as the core holds them now (an open price just evaluated).
    const orders = rows.map((r) => ctx.micro.openOrder(r.id) ?? microRowOf(r));
    const evidence =
      input.status === MICRO_STATUS.closed
        ? await loadEvidence(ctx.db, orders, decimalsOf(ctx))
        : new Map<number, { open: IndexRecord; end: IndexRecord | null }>();
    return pageResult(
      orders.map((r) => view(ctx, r, evidence.get(r.id) ?? null)),
      total?.n ?? 0,
      { page: input.page, limit: input.limit },
    );
  });

  route(app, CALLS.microEvidence, async ({ ctx, session, input }) => {
    const [stored] = await ctx.db.select().from(microOrders).where(eq(microOrders.id, input.id));
    if (!stored || stored.userId !== session.userId) throw new AppError('micro.not_found');
    const row = microRowOf(stored);
    if (row.status !== MICRO_STATUS.closed || !row.outcome) throw new AppError('micro.not_found');
    const evidence = (await loadEvidence(ctx.db, [row], decimalsOf(ctx))).get(row.id);
    if (!evidence) throw new AppError('micro.not_found');
    const v = view(ctx, row, evidence);
    if (!v.evidence) throw new AppError('micro.not_found');
    return { id: row.id, outcome: row.outcome, ...v.evidence, evidence: v.evidence };
  });
}
