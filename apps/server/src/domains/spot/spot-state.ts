import { ACCOUNT_TYPE, ORDER_STATUS } from '@exchange/contract';
import { OrderBook, type Side } from '@exchange/engine';
import { asc, desc, eq, isNotNull, max } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toTicks, units } from '../../core/amounts.js';
import { clientKey, type Lock } from '../../core/handler.js';
import { plainData } from '../../core/snapshot.js';
import type { Db } from '../../db/client.js';
import { currencies, markets, orders, trades } from '../../db/schema.js';
import type { OrderState, SpotMarket } from './types.js';

/** The spot handler's memory as the store holds it. */
export interface SpotState {
  markets: Map<number, SpotMarket>;
  openOrders: Map<number, OrderState>;
  /** Client order ids per user (`clientKey`), for idempotent retries. */
  clientIds: Map<string, number>;
  nextOrderId: number;
  nextTradeId: number;
  /** The price of each market's last trade, in ticks (markets that never traded have none). */
  lastTradeTicks: Map<number, number>;
}

/** Reads markets, open orders (into their books), client ids and the next ids. */
export async function loadSpot(db: Db): Promise<SpotState> {
  const base = alias(currencies, 'base');
  const quote = alias(currencies, 'quote');
  const marketRows = await db
    .select({ m: markets, baseCode: base.code, quoteCode: quote.code })
    .from(markets)
    .innerJoin(base, eq(base.id, markets.baseCurrencyId))
    .innerJoin(quote, eq(quote.id, markets.quoteCurrencyId));
  const marketMap = new Map<number, SpotMarket>();
  for (const { m, baseCode, quoteCode } of marketRows) {
    marketMap.set(m.id, {
      id: m.id,
      symbol: m.symbol,
      baseCurrencyId: m.baseCurrencyId,
      quoteCurrencyId: m.quoteCurrencyId,
      baseCode,
      quoteCode,
      priceDecimals: m.priceDecimals,
      qtyDecimals: m.qtyDecimals,
      minQty: units(m.minQty),
      makerFeeBps: m.makerFeeBps,
      takerFeeBps: m.takerFeeBps,
      bandBps: m.bandBps,
      status: m.status,
      book: new OrderBook({ bandBps: m.bandBps }),
    });
  }

  const openRows = await db
    .select()
    .from(orders)
    .where(eq(orders.status, ORDER_STATUS.open))
    .orderBy(asc(orders.id));
  const openOrders = new Map<number, OrderState>();
  for (const o of openRows) {
    const market = marketMap.get(o.marketId);
    if (!market) continue;
    const side = o.side as Side;
    const state: OrderState = {
      id: o.id,
      userId: o.userId,
      marketId: o.marketId,
      side,
      type: o.type === 1 ? 1 : 0,
      price: units(o.price),
      priceTicks: toTicks(units(o.price), market.priceDecimals),
      qty: units(o.qty),
      qtyLots: toTicks(units(o.qty), market.qtyDecimals),
      filledLots: toTicks(units(o.filledQty), market.qtyDecimals),
      filledQty: units(o.filledQty),
      filledQuote: units(o.filledQuote),
      fee: units(o.fee),
      locked: units(o.locked),
      status: ORDER_STATUS.open,
      clientOrderId: o.clientOrderId,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
    };
    openOrders.set(o.id, state);
    market.book.restore({
      orderId: o.id,
      ownerId: o.userId,
      side,
      price: state.priceTicks,
      remaining: state.qtyLots - state.filledLots,
    });
  }

  const clientRows = await db
    .select({ id: orders.id, userId: orders.userId, clientOrderId: orders.clientOrderId })
    .from(orders)
    .where(isNotNull(orders.clientOrderId));
  const clientIds = new Map<string, number>();
  for (const r of clientRows)
    if (r.clientOrderId) clientIds.set(clientKey(r.userId, r.clientOrderId), r.id);

  // One indexed read per market (trades_market_idx): its newest trade.
  const lastTradeTicks = new Map<number, number>();
  for (const market of marketMap.values()) {
    const [last] = await db
      .select({ price: trades.price })
      .from(trades)
      .where(eq(trades.marketId, market.id))
      .orderBy(desc(trades.id))
      .limit(1);
    if (last) lastTradeTicks.set(market.id, toTicks(units(last.price), market.priceDecimals));
  }

  const [o] = await db.select({ v: max(orders.id) }).from(orders);
  const [t] = await db.select({ v: max(trades.id) }).from(trades);
  for (const market of marketMap.values()) market.book.checkInvariants();
  return {
    markets: marketMap,
    openOrders,
    clientIds,
    nextOrderId: (o?.v ?? 0) + 1,
    nextTradeId: (t?.v ?? 0) + 1,
    lastTradeTicks,
  };
}

/**
 * The handler's memory as plain data (`Handler.snapshot`): open orders, client ids, next ids,
 * last trade prices, open counts and every book's resting orders in priority order. The rate
 * counters are memory only.
 */
export function spotSnapshot(state: SpotState, openCounts: Map<string, number>): unknown {
  const books = new Map<number, unknown>();
  for (const [id, m] of state.markets) books.set(id, { status: m.status, orders: m.book.orders() });
  return plainData({
    openOrders: state.openOrders,
    clientIds: state.clientIds,
    nextOrderId: state.nextOrderId,
    nextTradeId: state.nextTradeId,
    lastTradeTicks: state.lastTradeTicks,
    openCounts,
    books,
  });
}

/** What open orders hold locked: the buy side's quote, the sell side's base. */
export function* spotLocks(state: Pick<SpotState, 'markets' | 'openOrders'>): Iterable<Lock> {
  for (const o of state.openOrders.values()) {
    const market = state.markets.get(o.marketId);
    if (!market || o.locked === 0n) continue;
    yield {
      userId: o.userId,
      currencyId: o.side === 1 ? market.quoteCurrencyId : market.baseCurrencyId,
      type: o.accountType ?? ACCOUNT_TYPE.trade,
      amount: o.locked,
    };
  }
}
