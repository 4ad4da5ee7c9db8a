import { CHANGE_DECIMALS, DEFAULT_LANG, type Lang } from '@exchange/contract';
import { formatPercent, truncateDecimal } from '../format/number';

/**
 * A 24 h change as shown (spec 1 §9: 2 decimals, up green, down red): `+1.23%` when ≥ 0,
 * `-0.50%` when negative, with the separators of `lang`. `up` picks the colour; a change that
 * rounds to zero counts as up.
 */
export function formatChange(
  change: string,
  lang: Lang = DEFAULT_LANG,
): { text: string; up: boolean } {
  const up = !truncateDecimal(change, CHANGE_DECIMALS).startsWith('-');
  return { text: formatPercent(change, { lang, decimals: CHANGE_DECIMALS, sign: true }), up };
}
