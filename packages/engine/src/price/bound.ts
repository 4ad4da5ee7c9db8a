import { bookMid, PPM, type BookDepth } from './depth.js';

/** What a pair's net lever exposure risks against what pushing its mark would cost. */
export interface ExposureCheck {
  /** |net| × move: what the house loses if the mark moves one band against it. */
  exposure: bigint;
  /** The premium over the mid, and the taker fees, of pushing the book's mid by that move. */
  cost: bigint;
  /** exposure × multiple ≤ cost. */
  ok: boolean;
}

/**
 * The house's exposure bound on a pair's lever positions (docs/architecture.md §4a). `net` is
 * Σ long − Σ short quantity (quantity units) of the pair's positions and waiting entrusts: when
 * it is positive the house gains nothing and loses when the price rises, so a push goes up through
 * the asks; when negative, down through the bids. The mark can move at most `bandPpm` of itself
 * in one window (its clamp), so `move` = mark × band; the house may lose |net| × move to it, and
 * a push that moves the book's mid by `move` costs at least the premium over the mid and the taker
 * fee of every level of the side it takes within `move` of the mid. The exposure is accepted while
 * exposure × multiple ≤ cost, for that push and for every partial one. Units: prices in price units,
 * quantities in quantity units, amounts at (price + quantity) decimals. Null: the book has no mid.
 */
export function exposureCheck(
  book: BookDepth,
  net: bigint,
  mark: bigint,
  bandPpm: bigint,
  multiplePpm: bigint,
  takerFeePpm = 0n,
): ExposureCheck | null {
  const mid = bookMid(book);
  if (mid === null) return null;
  const size = net < 0n ? -net : net;
  const move = (mark * bandPpm) / PPM;
  const exposure = size * move;
  if (net === 0n) return { exposure: 0n, cost: 0n, ok: true };
  const side = net > 0n ? book.asks : book.bids;
  const first = side[0];
  // Walking the side a push takes: the premium over the mid and the taker fee of every level
  // before the one where the best price stands (ppm of a quote unit).
  let costPpm = 0n;
  let ok = true;
  let whole: bigint | null = null;
  for (const level of side) {
    const fromMid = level.price > mid ? level.price - mid : mid - level.price;
    if (whole === null && fromMid >= move) whole = costPpm;
    // A push need not go the whole band: taking the levels before this one moves the best price
    // here and the mid by half the way from the first (the other side unchanged). The house's
    // loss to it, |net| × min(mid move, band), must stay within what it cost ÷ the multiple, or a
    // cheap first level in front of a deep wall would pass the band's check alone.
    const shift = first
      ? level.price > first.price
        ? level.price - first.price
        : first.price - level.price
      : 0n;
    const moved = shift / 2n < move ? shift / 2n : move;
    if (size * moved * multiplePpm > costPpm) ok = false;
    if (moved === move && whole !== null) break;
    costPpm += level.qty * (fromMid * PPM + level.price * takerFeePpm);
  }
  // The band's push: every level strictly within the band of the mid (a side that runs out costs
  // what it holds; then no mid is left: no mark, no loss).
  const band = whole ?? costPpm;
  if (exposure * multiplePpm > band) ok = false;
  return { exposure, cost: band / PPM, ok };
}
