import { micro } from '@exchange/engine';
import { and, desc, eq, lt } from 'drizzle-orm';
import { pow10, SCALE, units } from '../../core/amounts.js';
import type { Db } from '../../db/client.js';
import { trades } from '../../db/schema.js';
import type { IndexRecord, WindowTrade } from './types.js';

/** How long trades are kept in memory: the window (10 s) and a wide margin for a late pass. */
export const KEEP_MS = 40_000;
/** Trades read back per query when walking a pair's trades from the newest. */
const PAGE = 2_000;

interface PairRecord {
  trades: WindowTrade[];
  /** The pair's trades are complete in memory from this moment on. */
  tradesFrom: number;
}

/**
 * What the index is computed from: each watched pair's committed trades of the last 40 s, from the
 * core's commits (the store's trades); nothing here can be set from outside.
 */
export class MarketRecord {
  private pairs = new Map<number, PairRecord>();

  /** Reads the watched pairs' recent trades from the store. */
  async load(db: Db, marketIds: Iterable<number>, now: number) {
    this.pairs = new Map();
    for (const id of marketIds) {
      const from = now - KEEP_MS;
      this.pairs.set(id, {
        trades: await tradesBetween(db, id, from, now + 60_000),
        tradesFrom: from,
      });
    }
  }

  /** Starts recording a pair: its trades before now are read from the store when a window needs them. */
  watch(marketId: number, now: number) {
    if (!this.pairs.has(marketId)) this.pairs.set(marketId, { trades: [], tradesFrom: now });
  }

  watched(marketId: number): boolean {
    return this.pairs.has(marketId);
  }

  addTrade(marketId: number, trade: WindowTrade) {
    this.pairs.get(marketId)?.trades.push(trade);
  }

  /** Drops what no window can need any more. */
  prune(now: number) {
    const cut = now - KEEP_MS;
    for (const pair of this.pairs.values()) {
      let n = 0;
      while (n < pair.trades.length && (pair.trades[n] as WindowTrade).at <= cut) n++;
      if (n) pair.trades = pair.trades.slice(n);
      pair.tradesFrom = Math.max(pair.tradesFrom, cut);
    }
  }

  /** Whether memory holds every trade of the pair a window ending at `at` may need. */
  covers(marketId: number, at: number): boolean {
    const pair = this.pairs.get(marketId);
    return pair !== undefined && at - micro.INDEX_WINDOW_MS >= pair.tradesFrom;
  }

  tradesOf(marketId: number): readonly WindowTrade[] {
    return this.pairs.get(marketId)?.trades ?? [];
  }
}

/** Engine trades (price in ticks of the pair's price decimals) of ledger-scale window trades. */
function engineTrades(rec: { trades: readonly WindowTrade[]; priceDecimals: number }) {
  const step = pow10(SCALE - rec.priceDecimals);
  return rec.trades.map((t) => ({
    id: t.id,
    at: t.at,
    price: t.price / step,
    qty: t.qty,
    users: t.users,
  }));
}

/**
 * The index of a pair at `at` (engine `micro.priceIndex`: volume-weighted, in ticks of the pair's
 * price decimals, so the average is rounded down to a price the pair could quote) over the trades
 * given (the pair's, any order), with every trade of the window for the evidence. `value` is the
 * index of the whole window; each order's own is `indexFor(record, its owner)`.
 */
export function indexRecord(
  marketId: number,
  priceDecimals: number,
  at: number,
  pairTrades: readonly WindowTrade[],
  guard: { minTrades: number; minVolume: bigint },
): IndexRecord {
  const from = at - micro.INDEX_WINDOW_MS;
  const inWindow = pairTrades.filter((t) => t.at > from && t.at <= at).sort((a, b) => a.id - b.id);
  const rec: IndexRecord = {
    marketId,
    at,
    source: 'void',
    from,
    trades: inWindow,
    bid: null,
    ask: null,
    value: null,
    priceDecimals,
    minTrades: guard.minTrades,
    minVolume: guard.minVolume,
  };
  const whole = indexFor(rec, null);
  return { ...rec, source: whole.source, value: whole.value };
}

/**
 * An order's index: the record's window without the trades of `userId` (null: all trades), with
 * the order's own minimums (those of the pair when it was accepted), else the record's.
 */
export function indexFor(
  rec: IndexRecord,
  userId: number | null,
  rules: { minTrades: number | null; minVolume: bigint | null } = rec,
): {
  source: micro.IndexSource;
  value: bigint | null;
  trades: number;
  volume: bigint;
  excludedOwn: number;
  minTrades: number | null;
  minVolume: bigint | null;
} {
  const minTrades = rules.minTrades ?? rec.minTrades;
  const minVolume = rules.minVolume ?? rec.minVolume;
  if (minTrades === null || minVolume === null) {
    // Stored before the minimums: the stored value is the evidence as it was settled.
    return {
      source: rec.source,
      value: rec.value,
      trades: rec.trades.length,
      volume: rec.trades.reduce((s, t) => s + t.qty, 0n),
      excludedOwn: 0,
      minTrades,
      minVolume,
    };
  }
  const sums = micro.windowSums(engineTrades(rec), rec.at);
  const e = micro.indexOf(sums, { minTrades, minVolume }, userId);
  return {
    source: e.source,
    value: e.value === null ? null : e.value * pow10(SCALE - rec.priceDecimals),
    trades: e.trades,
    volume: e.volume,
    excludedOwn: e.excludedOwn,
    minTrades,
    minVolume,
  };
}

/**
 * A pair's stored trades in (from, to], walked back from the newest by id (trades carry no index
 * by time; ids grow with time, so the walk stops at the first trade at or before `from`).
 */
export async function tradesBetween(
  db: Db,
  marketId: number,
  from: number,
  to: number,
): Promise<WindowTrade[]> {
  const out: WindowTrade[] = [];
  let cursor: number | null = null;
  for (;;) {
    const rows: {
      id: number;
      price: string;
      qty: string;
      maker: number;
      taker: number;
      createdAt: Date;
    }[] = await db
      .select({
        id: trades.id,
        price: trades.price,
        qty: trades.qty,
        maker: trades.makerUserId,
        taker: trades.takerUserId,
        createdAt: trades.createdAt,
      })
      .from(trades)
      .where(
        cursor === null
          ? eq(trades.marketId, marketId)
          : and(eq(trades.marketId, marketId), lt(trades.id, cursor)),
      )
      .orderBy(desc(trades.id))
      .limit(PAGE);
    let done = rows.length < PAGE;
    for (const r of rows) {
      const at = r.createdAt.getTime();
      if (at <= from) {
        done = true;
        break;
      }
      if (at <= to)
        out.push({
          id: r.id,
          at,
          price: units(r.price),
          qty: units(r.qty),
          users: [r.maker, r.taker],
        });
    }
    if (done) break;
    cursor = rows.at(-1)?.id ?? null;
  }
  return out.reverse();
}
