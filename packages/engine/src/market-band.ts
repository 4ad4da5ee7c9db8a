import { BPS, type Side } from './types.js';

/**
 * The furthest price a market order may reach, fixed at entry from the best opposite price:
 * buy → floor(bestAsk × (10000 + bps) / 10000), sell → ceil(bestBid × (10000 − bps) / 10000).
 * Integer maths in numbers: the price is split into whole 10000s and the rest so that no product
 * leaves the safe-integer range (the reference book checks this against bigint maths).
 */
export function marketBandLimit(side: Side, bestOpposite: number, bandBps: number): number {
  const whole = Math.floor(bestOpposite / BPS);
  const rest = bestOpposite - whole * BPS;
  // floor(bestOpposite × bps / 10000); rest × bps < 10^8, so the division is exact enough to floor.
  const offset = whole * bandBps + Math.floor((rest * bandBps) / BPS);
  if (side === 1) return Math.min(bestOpposite + offset, Number.MAX_SAFE_INTEGER);
  // ceil(p − p × bps / 10000) = p − floor(p × bps / 10000) for an integer p.
  return bestOpposite - offset;
}

export function assertBandBps(bandBps: number): void {
  if (!Number.isSafeInteger(bandBps) || bandBps < 0 || bandBps > BPS) {
    throw new RangeError(`bandBps must be an integer in [0, ${BPS}], got ${bandBps}`);
  }
}
