import { marketBandLimit } from './market-band.js';
import type { Side } from './types.js';

/**
 * The price band of limit orders: an order may not be priced further than a fraction of the pair's
 * reference price on the side where it would give value away. Prices in ticks, the band in basis
 * points (1000 = 10 %); integer maths only.
 */

/** What the reference price is taken from, in ticks; null where there is none. */
export interface ReferenceInputs {
  /** Price of the pair's last committed trade. */
  lastTrade: number | null;
  bestBid: number | null;
  bestAsk: number | null;
}

/**
 * The pair's reference price: its last trade's price; when it has never traded, the mid of the
 * best bid and best ask (rounded down to a tick) when both exist; otherwise null: no reference, no
 * band, so that a new pair can start trading.
 */
export function referencePrice({ lastTrade, bestBid, bestAsk }: ReferenceInputs): number | null {
  if (lastTrade !== null) return lastTrade;
  if (bestBid === null || bestAsk === null) return null;
  const low = Math.min(bestBid, bestAsk);
  const high = Math.max(bestBid, bestAsk);
  // low + ⌊(high − low) / 2⌋ = ⌊(bid + ask) / 2⌋ without leaving the safe-integer range.
  return low + Math.floor((high - low) / 2);
}

export interface PriceBand {
  reference: number;
  /** The lowest price a sell may ask: ⌈reference × (10000 − bps) / 10000⌉ (0 at a 100 % band). */
  minSell: number;
  /** The highest price a buy may bid: ⌊reference × (10000 + bps) / 10000⌋. */
  maxBuy: number;
}

/** The band around a reference price; both limits are rounded toward the reference. */
export function priceBand(reference: number, bandBps: number): PriceBand {
  return {
    reference,
    minSell: marketBandLimit(2, reference, bandBps),
    maxBuy: marketBandLimit(1, reference, bandBps),
  };
}

/**
 * Whether a limit order at `price` stays within the band. Only the side that could give value
 * away is bounded: a buy above `maxBuy` or a sell below `minSell` is outside; a buy far below the
 * reference or a sell far above it pays no one anything it would not ask for, and is allowed.
 */
export function withinPriceBand(side: Side, price: number, band: PriceBand): boolean {
  return side === 1 ? price <= band.maxBuy : price >= band.minSell;
}
