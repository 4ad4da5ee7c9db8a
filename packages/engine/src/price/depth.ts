import type { Level } from '../types.js';

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

/** A book's levels as the matching engine gives them (ticks and lots), for this module. */
export function depthOf(book: { bids: readonly Level[]; asks: readonly Level[] }): BookDepth {
  const level = (l: Level) => ({ price: BigInt(l.price), qty: BigInt(l.qty) });
  return { bids: book.bids.map(level), asks: book.asks.map(level) };
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
