import type { MicroIndexEvidence } from '@exchange/contract';
import { compareDecimals } from '../../../shared/format/number';

/** Share of the trades dropped at each end, by count, before the mean (engine `TRIM_PERCENT`). */
export const TRIM_PERCENT = 20;

/**
 * The trades the index averaged: sorted by price (then id), ⌊count × 20 %⌋ dropped at the low
 * end and as many at the high end, as the engine does. Used only when the source is `trades`.
 */
export function usedTradeIds(evidence: Pick<MicroIndexEvidence, 'trades' | 'source'>): Set<number> {
  if (evidence.source !== 'trades') return new Set();
  const sorted = [...evidence.trades].sort(
    (a, b) => (compareDecimals(a.price, b.price) ?? 0) || a.id - b.id,
  );
  const cut = Math.floor((sorted.length * TRIM_PERCENT) / 100);
  return new Set(sorted.slice(cut, sorted.length - cut).map((t) => t.id));
}
