/**
 * The micro-trade price index (seconds options), a pure function of recorded market data so that
 * anyone can recompute a settlement from the stored trades: nothing here reads a clock, a setting
 * or anything an operator could choose. Prices are integer units at the pair's price decimals,
 * times are epoch milliseconds.
 */

export interface IndexTrade {
  id: number;
  /** Epoch ms of the trade. */
  at: number;
  price: bigint;
}

/** Best bid and ask as recorded at a moment (the book's state after a commit). */
export interface BookRecord {
  at: number;
  bid: bigint;
  ask: bigint;
}

/** The window of trades that makes an index. */
export const INDEX_WINDOW_MS = 10_000;
/** How far back a book record, or trades, may be when the last window has no trade. */
export const INDEX_FALLBACK_MS = 30_000;
/** Share of trades dropped at each end, by count, before averaging (20 %). */
export const TRIM_PERCENT = 20;

export type IndexSource = 'trades' | 'book' | 'void';

/** An index value with what it was made of (stored with each settlement as its evidence). */
export interface IndexEvidence {
  /** The moment the index is for. */
  at: number;
  source: IndexSource;
  /** The window looked at: (from, to]. */
  from: number;
  to: number;
  /** Trades used (after trimming), by id; empty for a book mid or a void index. */
  tradeIds: number[];
  /** Trades in the window before trimming. */
  tradesInWindow: number;
  /** The book record used (source 'book'). */
  book: BookRecord | null;
  /** The index, price units; null when void. */
  value: bigint | null;
}

/**
 * The trimmed mean of the trades: sorted by price (then id), ⌊count × 20 %⌋ dropped at each end,
 * the rest averaged, rounded down.
 */
export function trimmedMean(trades: readonly IndexTrade[]): { value: bigint; used: IndexTrade[] } {
  if (trades.length === 0) throw new RangeError('no trades to average');
  const sorted = [...trades].sort((a, b) =>
    a.price === b.price ? a.id - b.id : a.price < b.price ? -1 : 1,
  );
  const cut = Math.floor((sorted.length * TRIM_PERCENT) / 100);
  const used = sorted.slice(cut, sorted.length - cut);
  const sum = used.reduce((s, t) => s + t.price, 0n);
  return { value: sum / BigInt(used.length), used };
}

/**
 * The index of a pair at moment `t`:
 * 1. the trimmed mean of its trades in (t − 10 s, t];
 * 2. else the middle of the best bid and ask of the latest book record in (t − 30 s, t];
 * 3. else the trimmed mean of its trades in (t − 30 s, t];
 * 4. else void (the order is void: stake and fee go back).
 */
export function priceIndex(
  trades: readonly IndexTrade[],
  books: readonly BookRecord[],
  t: number,
): IndexEvidence {
  const within = (from: number) => trades.filter((x) => x.at > from && x.at <= t);
  const recent = within(t - INDEX_WINDOW_MS);
  if (recent.length > 0) {
    const { value, used } = trimmedMean(recent);
    return evidence(t, 'trades', t - INDEX_WINDOW_MS, used, recent.length, null, value);
  }
  const book = books
    .filter((b) => b.at > t - INDEX_FALLBACK_MS && b.at <= t && b.bid > 0n && b.ask > 0n)
    .reduce<BookRecord | null>(
      (latest, b) => (latest === null || b.at >= latest.at ? b : latest),
      null,
    );
  if (book !== null) {
    return evidence(t, 'book', t - INDEX_FALLBACK_MS, [], 0, book, (book.bid + book.ask) / 2n);
  }
  const older = within(t - INDEX_FALLBACK_MS);
  if (older.length > 0) {
    const { value, used } = trimmedMean(older);
    return evidence(t, 'trades', t - INDEX_FALLBACK_MS, used, older.length, null, value);
  }
  return evidence(t, 'void', t - INDEX_FALLBACK_MS, [], 0, null, null);
}

function evidence(
  at: number,
  source: IndexSource,
  from: number,
  used: IndexTrade[],
  inWindow: number,
  book: BookRecord | null,
  value: bigint | null,
): IndexEvidence {
  return {
    at,
    source,
    from,
    to: at,
    tradeIds: used.map((x) => x.id).sort((a, b) => a - b),
    tradesInWindow: inWindow,
    book,
    value,
  };
}
