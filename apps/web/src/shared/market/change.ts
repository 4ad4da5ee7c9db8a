import { CHANGE_DECIMALS } from '@exchange/contract';
import { truncateDecimal } from '../format/decimal';

/**
 * A 24 h change as shown (spec 1 §9: 2 decimals, up green, down red): `+1.23%` when ≥ 0,
 * `-0.50%` when negative. `up` picks the colour; a change that rounds to zero counts as up.
 */
export function formatChange(change: string): { text: string; up: boolean } {
  const fixed = truncateDecimal(change, CHANGE_DECIMALS);
  const up = !fixed.startsWith('-');
  return { text: `${up ? '+' : ''}${fixed}%`, up };
}
