/**
 * The micro-trade price index (seconds options), a pure function of recorded trades so that anyone
 * can recompute a settlement from the stored trades: nothing here reads a clock or anything an
 * operator could choose at settlement time (the minimums are the pair's published terms). Prices
 * are integer units at the pair's price decimals, quantities integer units, times epoch ms.
 *
 * Why this shape (docs/architecture.md, price integrity): the index is volume-weighted, so a print
 * of a few cents weighs a few cents; it needs a minimum number of trades and of volume, else the
 * order is void and refunded; and the bettor's own trades never count toward their own order, so
 * their own prints cannot decide it. Nothing falls back to a book mid (a lone order sets a mid).
 */

export interface IndexTrade {
  id: number;
  /** Epoch ms of the trade. */
  at: number;
  price: bigint;
  qty: bigint;
  /** The two owners of the trade (maker and taker; never the same: self-trades cannot happen). */
  users: readonly [number, number];
}

/** The pair's published minimums for an index to count. */
export interface IndexRules {
  minTrades: number;
  /** Base quantity units. */
  minVolume: bigint;
}

/** The window of trades that makes an index: (t − 10 s, t]. */
export const INDEX_WINDOW_MS = 10_000;

/** 'trades' when the window met the minimums; 'book' only on indexes stored before this rule. */
export type IndexSource = 'trades' | 'book' | 'void';

/** Σ of a set of trades: enough to make a volume-weighted average and to take a subset out. */
export interface TradeSums {
  count: number;
  volume: bigint;
  /** Σ price × qty. */
  notional: bigint;
}

/** A window's trades summed once, with each owner's share, so each bettor's index is cheap. */
export interface WindowSums {
  from: number;
  to: number;
  all: TradeSums;
  byUser: Map<number, TradeSums>;
}

/** An index value with what it was made of (stored with each settlement as its evidence). */
export interface IndexEvidence {
  /** The moment the index is for. */
  at: number;
  source: IndexSource;
  /** The window looked at: (from, to]. */
  from: number;
  to: number;
  /** Trades counted, and their volume (base units). */
  trades: number;
  volume: bigint;
  /** Trades of the window left out because the bettor was one of their owners. */
  excludedOwn: number;
  /** The index, price units (rounded down); null when void. */
  value: bigint | null;
}

const zero = (): TradeSums => ({ count: 0, volume: 0n, notional: 0n });

function addTo(s: TradeSums, t: IndexTrade) {
  s.count += 1;
  s.volume += t.qty;
  s.notional += t.price * t.qty;
}

/** Sums the trades of (t − window, t]; trades outside are ignored, so any superset may be given. */
export function windowSums(
  trades: readonly IndexTrade[],
  t: number,
  windowMs = INDEX_WINDOW_MS,
): WindowSums {
  const from = t - windowMs;
  const all = zero();
  const byUser = new Map<number, TradeSums>();
  for (const x of trades) {
    if (x.at <= from || x.at > t) continue;
    addTo(all, x);
    for (const u of new Set(x.users)) {
      let own = byUser.get(u);
      if (!own) {
        own = zero();
        byUser.set(u, own);
      }
      addTo(own, x);
    }
  }
  return { from, to: t, all, byUser };
}

/**
 * The index for one bettor (`exclude`; null: nobody's trades are left out): Σ price × qty / Σ qty
 * of the window's trades that are not theirs, rounded down, when they are at least `minTrades`
 * trades and `minVolume` of volume; else void.
 */
export function indexOf(
  sums: WindowSums,
  rules: IndexRules,
  exclude: number | null,
): IndexEvidence {
  const own = exclude === null ? undefined : sums.byUser.get(exclude);
  const count = sums.all.count - (own?.count ?? 0);
  const volume = sums.all.volume - (own?.volume ?? 0n);
  const notional = sums.all.notional - (own?.notional ?? 0n);
  const enough = count > 0 && volume > 0n && count >= rules.minTrades && volume >= rules.minVolume;
  return {
    at: sums.to,
    source: enough ? 'trades' : 'void',
    from: sums.from,
    to: sums.to,
    trades: count,
    volume,
    excludedOwn: own?.count ?? 0,
    value: enough ? notional / volume : null,
  };
}

/** The index of a pair at moment `t` for a bettor: `indexOf(windowSums(trades, t), rules, bettor)`. */
export function priceIndex(
  trades: readonly IndexTrade[],
  t: number,
  rules: IndexRules,
  exclude: number | null,
): IndexEvidence {
  return indexOf(windowSums(trades, t), rules, exclude);
}
