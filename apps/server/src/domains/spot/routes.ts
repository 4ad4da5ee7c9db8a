import { CALLS, type CallParsedRequest } from '@exchange/contract';
import type { Side } from '@exchange/engine';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { accounts, currencies } from '../../db/schema.js';
import { units, wireAmount } from '../../core/amounts.js';
import { AppError } from '../../http/errors.js';
import { requestLang } from '../../http/lang.js';
import { route } from '../../http/route.js';
import { Rejected } from '../../core/result.js';
import { type OrderData, spotOrderOf } from './order-view.js';
import { findOrder, listOrders } from './orders-query.js';

type PlaceRequest = CallParsedRequest<typeof CALLS.buy>;

async function place(
  ctx: AppContext,
  userId: number,
  side: Side,
  input: PlaceRequest,
  lang: ReturnType<typeof requestLang>,
) {
  const result = await ctx.send({
    kind: 'spot.place',
    userId,
    marketId: input.currency_match_id,
    side,
    type: input.type === 1 ? 1 : 0,
    number: input.number ?? '',
    price: input.price,
    clientOrderId: input.client_order_id || undefined,
  });
  if ('order' in result) {
    const market = ctx.markets.market(result.order.marketId);
    return spotOrderOf(result.order, market?.symbol ?? '', lang);
  }
  // A retry with a known client_order_id answers with the first order, as it stands now; the
  // same id with other parameters is a conflict (ARCHITECTURE §4), never the first order silently.
  const first = await findOrder(ctx.db, userId, result.replayOf, lang);
  if (!first) throw new AppError('order.not_found');
  if (!sameOrder(first.row, side, input)) throw new AppError('order.client_id_conflict');
  return first.order;
}

/** Whether a retry asks for the order stored under its client id (numbers compared as amounts). */
function sameOrder(
  row: { marketId: number; side: number; type: number; qty: string; price: string },
  side: Side,
  input: PlaceRequest,
): boolean {
  const type = input.type === 1 ? 1 : 0;
  if (row.marketId !== input.currency_match_id || row.side !== side || row.type !== type)
    return false;
  if (!sameAmount(row.qty, input.number)) return false;
  // A market order's stored price is its protection band, not something the user sent.
  return type === 1 || sameAmount(row.price, input.price);
}

function sameAmount(stored: string, sent: string | undefined): boolean {
  if (!sent) return false;
  try {
    return units(stored) === units(sent.trim());
  } catch {
    return false;
  }
}

async function cancel(
  ctx: AppContext,
  userId: number,
  side: Side,
  id: number,
  lang: ReturnType<typeof requestLang>,
) {
  let order: OrderData;
  try {
    ({ order } = await ctx.send({ kind: 'spot.cancel', userId, orderId: id, side }));
  } catch (err) {
    if (!(err instanceof Rejected) || err.code !== 'ORDER_NOT_OPEN') throw err;
    const existing = await findOrder(ctx.db, userId, id, lang);
    if (!existing || existing.row.side !== side) throw new AppError('order.not_found');
    throw new AppError('order.not_open');
  }
  const market = ctx.markets.market(order.marketId);
  return spotOrderOf(order, market?.symbol ?? '', lang);
}

export function spotRoutes(app: FastifyInstance) {
  route(app, CALLS.buy, ({ ctx, session, input, request }) =>
    place(ctx, session.userId, 1, input, requestLang(request)),
  );
  route(app, CALLS.sell, ({ ctx, session, input, request }) =>
    place(ctx, session.userId, 2, input, requestLang(request)),
  );

  route(app, CALLS.buyList, ({ ctx, session, input, request }) =>
    listOrders(
      ctx.db,
      { userId: session.userId, side: 1, open: true, marketId: input.currency_match_id },
      input,
      requestLang(request),
    ),
  );
  route(app, CALLS.sellList, ({ ctx, session, input, request }) =>
    listOrders(
      ctx.db,
      { userId: session.userId, side: 2, open: true, marketId: input.currency_match_id },
      input,
      requestLang(request),
    ),
  );
  route(app, CALLS.history, ({ ctx, session, input, request }) =>
    listOrders(
      ctx.db,
      { userId: session.userId, open: false, marketId: input.currency_match_id },
      input,
      requestLang(request),
    ),
  );

  route(app, CALLS.buyCancel, ({ ctx, session, input, request }) =>
    cancel(ctx, session.userId, 1, input.id, requestLang(request)),
  );
  route(app, CALLS.sellCancel, ({ ctx, session, input, request }) =>
    cancel(ctx, session.userId, 2, input.id, requestLang(request)),
  );

  route(app, CALLS.detail, async ({ ctx, session, input }) => {
    const [currency] = await ctx.db
      .select()
      .from(currencies)
      .where(eq(currencies.id, input.currency_id))
      .limit(1);
    if (!currency) throw new AppError('currency.not_found', { currency: input.currency_id });
    const [account] = await ctx.db
      .select({ balance: accounts.balance, lockBalance: accounts.lockBalance })
      .from(accounts)
      .where(
        and(
          eq(accounts.userId, session.userId),
          eq(accounts.currencyId, currency.id),
          eq(accounts.type, input.account_type_id),
        ),
      )
      .limit(1);
    return {
      currency_id: currency.id,
      currency_code: currency.code,
      account_type_id: input.account_type_id,
      balance: wireAmount(account ? units(account.balance) : 0n),
      lock_balance: wireAmount(account ? units(account.lockBalance) : 0n),
    };
  });
}
