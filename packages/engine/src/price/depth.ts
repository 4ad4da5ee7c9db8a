/**
 * What a book says about the price and what moving it would cost. Integer units throughout: prices
 * at the pair's price decimals, quantities at its quantity decimals, so a price × quantity is a
 * quote amount at (price + quantity) decimals. Pure: the server feeds committed books in.
 */

export interface DepthLevel {
  price: bigint;
  qty: bigint;
}

/** One side each, best price first (bids high to low, asks low to high). */
export interface BookDepth {
  bids: readonly DepthLevel[];
  asks: readonly DepthLevel[];
}

/** Parts per million: the unit of every fraction here (a band of 5 % is 50,000). */
export const PPM = 1_000_000n;

/** The middle of the best bid and ask, rounded down; null when a side is empty. */
export function bookMid(book: BookDepth): bigint | null {
  const bid = book.bids[0];
  const ask = book.asks[0];
  if (!bid || !ask) return null;
  return (bid.price + ask.price) / 2n;
}

/** |price − ref| × qty: what a taker pays over (asks) or gives up under (bids) the reference. */
function premium(level: DepthLevel, ref: bigint, qty: bigint): bigint {
  const d = level.price - ref;
  return (d < 0n ? -d : d) * qty;
}

/**
 * The premium over `ref` of taking `qty` from one side, best level first: Σ q × |p − ref|. This is
 * what a push that trades `qty` loses against the reference, before any fee and before it unwinds
 * (unwinding into the other side costs more again). Null when the side holds less than `qty`.
 */
export function takeCost(levels: readonly DepthLevel[], ref: bigint, qty: bigint): bigint | null {
  let left = qty;
  let cost = 0n;
  for (const level of levels) {
    if (left <= 0n) break;
    const q = level.qty < left ? level.qty : left;
    cost += premium(level, ref, q);
    left -= q;
  }
  return left > 0n ? null : cost;
}

/**
 * The premium over `ref` of moving a side's best price to `target` or past it: every level strictly
 * before `target` must be taken (asks below it for a push up, bids above it for a push down). A
 * side that runs out before `target` costs what it holds: then the push is as cheap as that.
 */
export function moveCost(
  levels: readonly DepthLevel[],
  side: 'up' | 'down',
  ref: bigint,
  target: bigint,
): bigint {
  let cost = 0n;
  for (const level of levels) {
    if (side === 'up' ? level.price >= target : level.price <= target) break;
    cost += premium(level, ref, level.qty);
  }
  return cost;
}

/** Σ price × qty of a side's levels within `bandPpm` of `mid`: the quote amount resting there. */
export function depthWithin(
  levels: readonly DepthLevel[],
  side: 'bid' | 'ask',
  mid: bigint,
  bandPpm: bigint,
): bigint {
  const lo = (mid * (PPM - bandPpm)) / PPM;
  const hi = (mid * (PPM + bandPpm) + PPM - 1n) / PPM;
  let sum = 0n;
  for (const level of levels) {
    if (side === 'bid' ? level.price < lo : level.price > hi) break;
    sum += level.price * level.qty;
  }
  return sum;
}

export interface DepthMid {
  /** `ok`: both sides hold at least the minimum within the band of the mid; else `thin`. */
  status: 'ok' | 'thin';
  /** The book's mid when status is ok. */
  value: bigint | null;
  /** Quote amounts within the band on each side. */
  bidDepth: bigint;
  askDepth: bigint;
}

/**
 * The book's mid when both sides hold at least `minDepth` (quote units, price × qty) within
 * `bandPpm` of it; a book thinner than that gives no price. One lone order at a far price cannot
 * make a mid that counts: the depth it must carry is the operator's minimum.
 */
export function depthMid(book: BookDepth, minDepth: bigint, bandPpm: bigint): DepthMid {
  const mid = bookMid(book);
  if (mid === null) return { status: 'thin', value: null, bidDepth: 0n, askDepth: 0n };
  const bidDepth = depthWithin(book.bids, 'bid', mid, bandPpm);
  const askDepth = depthWithin(book.asks, 'ask', mid, bandPpm);
  const ok = bidDepth >= minDepth && askDepth >= minDepth && bidDepth > 0n && askDepth > 0n;
  return { status: ok ? 'ok' : 'thin', value: ok ? mid : null, bidDepth, askDepth };
}
