import { micro } from '@exchange/engine';
import { and, desc, eq, lt } from 'drizzle-orm';
import { pow10, SCALE, units } from '../../core/amounts.js';
import type { Db } from '../../db/client.js';
import { trades } from '../../db/schema.js';
import type { IndexRecord, WindowTrade } from './types.js';

/** How long trades are kept in memory: the longest window (30 s) and a margin for a late pass. */
export const KEEP_MS = 40_000;
/** Trades read back per query when walking a pair's trades from the newest. */
const PAGE = 2_000;

interface BookMark {
  at: number;
  bid: bigint | null;
  ask: bigint | null;
}

interface PairRecord {
  trades: WindowTrade[];
  /** The pair's trades are complete in memory from this moment on. */
  tradesFrom: number;
  marks: BookMark[];
  /** Book marks are known from this moment on (when the pair began to be watched). */
  marksFrom: number;
}

/**
 * What the index is computed from: each watched pair's committed trades of the last 40 s, and its
 * best bid and ask as committed, with the moment of each change. Both come from the core's commits
 * (the store's trades, the read model's books); nothing here can be set from outside.
 */
export class MarketRecord {
  private pairs = new Map<number, PairRecord>();

  /** Reads the watched pairs' recent trades from the store; their book record starts `now`. */
  async load(db: Db, marketIds: Iterable<number>, now: number) {
    this.pairs = new Map();
    for (const id of marketIds) {
      const from = now - KEEP_MS;
      this.pairs.set(id, {
        trades: await tradesBetween(db, id, from, now + 60_000),
        tradesFrom: from,
        marks: [],
        marksFrom: now,
      });
    }
  }

  /** Starts recording a pair: its trades before now are read from the store when a window needs them. */
  watch(marketId: number, now: number) {
    if (!this.pairs.has(marketId))
      this.pairs.set(marketId, { trades: [], tradesFrom: now, marks: [], marksFrom: now });
  }

  watched(marketId: number): boolean {
    return this.pairs.has(marketId);
  }

  addTrade(marketId: number, trade: WindowTrade) {
    this.pairs.get(marketId)?.trades.push(trade);
  }

  /** The book of a pair as committed at `at` (its best bid and ask, ledger units). */
  markBook(marketId: number, at: number, bid: bigint | null, ask: bigint | null) {
    const pair = this.pairs.get(marketId);
    if (!pair) return;
    const last = pair.marks.at(-1);
    if (last && last.bid === bid && last.ask === ask) return;
    pair.marks.push({ at, bid, ask });
  }

  /** Drops what no window can need any more (keeps each pair's last book mark). */
  prune(now: number) {
    const cut = now - KEEP_MS;
    for (const pair of this.pairs.values()) {
      let n = 0;
      while (n < pair.trades.length && (pair.trades[n] as WindowTrade).at <= cut) n++;
      if (n) pair.trades = pair.trades.slice(n);
      let m = 0;
      while (m < pair.marks.length - 1 && (pair.marks[m + 1] as BookMark).at <= cut) m++;
      if (m) pair.marks = pair.marks.slice(m);
      pair.tradesFrom = Math.max(pair.tradesFrom, cut);
    }
  }

  /** Whether memory holds every trade of the pair a window ending at `at` may need. */
  covers(marketId: number, at: number): boolean {
    const pair = this.pairs.get(marketId);
    return pair !== undefined && at - micro.INDEX_FALLBACK_MS >= pair.tradesFrom;
  }

  tradesOf(marketId: number): readonly WindowTrade[] {
    return this.pairs.get(marketId)?.trades ?? [];
  }

  /** The book as it stood at `at`: the last mark at or before it, if the pair was watched then. */
  bookAt(marketId: number, at: number): BookMark | null {
    const pair = this.pairs.get(marketId);
    if (!pair || at < pair.marksFrom) return null;
    let found: BookMark | null = null;
    for (const m of pair.marks) {
      if (m.at > at) break;
      found = m;
    }
    return found;
  }
}

/**
 * The index of a pair at `at` (engine `micro.priceIndex`, in ticks of the pair's price decimals,
 * so a mean is rounded down to a price the pair could quote) from the trades given (each of the
 * pair, any order) and the book as it stood then, with every trade of the window for the evidence.
 */
export function indexRecord(
  marketId: number,
  priceDecimals: number,
  at: number,
  pairTrades: readonly WindowTrade[],
  book: { bid: bigint | null; ask: bigint | null } | null,
): IndexRecord {
  const step = pow10(SCALE - priceDecimals);
  const books =
    book && book.bid !== null && book.ask !== null
      ? [{ at, bid: book.bid / step, ask: book.ask / step }]
      : [];
  const ticks = pairTrades.map((t) => ({ id: t.id, at: t.at, price: t.price / step }));
  const evidence = micro.priceIndex(ticks, books, at);
  // The window shown: the 10 s one unless the index came from 30 s of trades (or none at all).
  const from = evidence.source === 'book' ? at - micro.INDEX_WINDOW_MS : evidence.from;
  const inWindow = pairTrades.filter((t) => t.at > from && t.at <= at).sort((a, b) => a.id - b.id);
  return {
    marketId,
    at,
    source: evidence.source,
    from,
    trades: inWindow,
    bid: evidence.source === 'book' ? (book?.bid ?? null) : null,
    ask: evidence.source === 'book' ? (book?.ask ?? null) : null,
    value: evidence.value === null ? null : evidence.value * step,
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
    const rows: { id: number; price: string; createdAt: Date }[] = await db
      .select({ id: trades.id, price: trades.price, createdAt: trades.createdAt })
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
      if (at <= to) out.push({ id: r.id, at, price: units(r.price) });
    }
    if (done) break;
    cursor = rows.at(-1)?.id ?? null;
  }
  return out.reverse();
}
