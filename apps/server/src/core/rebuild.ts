import { ORDER_STATUS, WITHDRAW_STATUS } from '@exchange/contract';
import { OrderBook, type Side } from '@exchange/engine';
import { asc, eq, isNotNull, max } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import {
  accounts,
  conversions,
  currencies,
  journal,
  markets,
  orders,
  systemState,
  trades,
  transfers,
  withdrawals,
} from '../db/schema.js';
import { pow10, SCALE, units } from './amounts.js';
import type { Account } from './ledger.js';
import type { MarketState, OrderState, PendingWithdrawal } from './types.js';

export interface Snapshot {
  markets: Map<number, MarketState>;
  accounts: Account[];
  openOrders: Map<number, OrderState>;
  clientIds: Map<string, number>;
  /** Transfer client ids per user, for idempotent retries. */
  transferClientIds: Map<string, number>;
  /** Withdrawals waiting for review: their amounts are locked. */
  pendingWithdrawals: Map<number, PendingWithdrawal>;
  nextIds: {
    order: number;
    trade: number;
    journal: number;
    account: number;
    withdrawal: number;
    transfer: number;
    conversion: number;
  };
  /** The sequence number of the last batch the core committed (see `BATCH_KEY`). */
  lastBatch: number;
}

/**
 * The `system_state` key holding the sequence number of the last committed batch: each batch
 * moves it from its predecessor's number to its own, so a batch whose predecessor did not commit
 * fails as well (the core sends the next batch before the last is answered).
 */
export const BATCH_KEY = 'core.batch';

export function clientKey(userId: number, clientOrderId: string) {
  return `${userId}:${clientOrderId}`;
}

/** Units at 18 decimals into integer ticks at `decimals` (exact for values the core wrote). */
export function toTicks(value: bigint, decimals: number): number {
  return Number(value / pow10(SCALE - decimals));
}

/** Rebuilds the core's memory from the store: markets, balances, open orders into their books. */
export async function loadSnapshot(db: Db): Promise<Snapshot> {
  const base = alias(currencies, 'base');
  const quote = alias(currencies, 'quote');
  const marketRows = await db
    .select({ m: markets, baseCode: base.code, quoteCode: quote.code })
    .from(markets)
    .innerJoin(base, eq(base.id, markets.baseCurrencyId))
    .innerJoin(quote, eq(quote.id, markets.quoteCurrencyId));
  const marketMap = new Map<number, MarketState>();
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

  const accountRows = await db.select().from(accounts);
  const loadedAccounts: Account[] = accountRows.map((a) => ({
    id: a.id,
    userId: a.userId,
    systemCode: a.systemCode,
    currencyId: a.currencyId,
    type: a.type,
    available: units(a.balance),
    locked: units(a.lockBalance),
  }));

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

  const transferClientIds = new Map<string, number>();
  const transferRows = await db
    .select({ id: transfers.id, userId: transfers.userId, clientId: transfers.clientId })
    .from(transfers)
    .where(isNotNull(transfers.clientId));
  for (const r of transferRows)
    if (r.clientId) transferClientIds.set(clientKey(r.userId, r.clientId), r.id);

  const pendingWithdrawals = new Map<number, PendingWithdrawal>();
  const pendingRows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.status, WITHDRAW_STATUS.pending));
  for (const w of pendingRows) {
    pendingWithdrawals.set(w.id, {
      id: w.id,
      userId: w.userId,
      currencyId: w.currencyId,
      number: units(w.number),
      fee: units(w.fee),
      receive: units(w.receive),
    });
  }

  const [o] = await db.select({ v: max(orders.id) }).from(orders);
  const [w] = await db.select({ v: max(withdrawals.id) }).from(withdrawals);
  const [tr] = await db.select({ v: max(transfers.id) }).from(transfers);
  const [cv] = await db.select({ v: max(conversions.id) }).from(conversions);
  const [t] = await db.select({ v: max(trades.id) }).from(trades);
  const [j] = await db.select({ v: max(journal.id) }).from(journal);
  const [a] = await db.select({ v: max(accounts.id) }).from(accounts);
  await db.insert(systemState).values({ key: BATCH_KEY, value: '0' }).onConflictDoNothing();
  const [b] = await db.select().from(systemState).where(eq(systemState.key, BATCH_KEY));
  return {
    lastBatch: Number(b?.value ?? 0),
    markets: marketMap,
    accounts: loadedAccounts,
    openOrders,
    clientIds,
    transferClientIds,
    pendingWithdrawals,
    nextIds: {
      withdrawal: (w?.v ?? 0) + 1,
      transfer: (tr?.v ?? 0) + 1,
      conversion: (cv?.v ?? 0) + 1,
      order: (o?.v ?? 0) + 1,
      trade: (t?.v ?? 0) + 1,
      journal: (j?.v ?? 0) + 1,
      account: (a?.v ?? 0) + 1,
    },
  };
}
