import {
  decimalText,
  formatDecimal,
  isPositiveDecimal,
  multiplyScaled,
  NOT_A_NUMBER,
  parseDecimal,
  rescaleScaled,
  type Rounding,
} from './number';

/** The đồng sign, after the figure as Vietnamese writes it (`250.000 ₫`). */
export const VND_SIGN = '₫';

/**
 * USDT × rate in whole VND, exact: rounded up for a deposit (the user pays at least the value)
 * and down for a withdrawal (never paid more than it), as the server fixes them. Empty while the
 * amount is not a number above zero or the rate is unknown.
 */
export function vndAmount(amount: string, rate: string | undefined, rounding: Rounding): string {
  if (!isPositiveDecimal(amount) || rate === undefined || !isPositiveDecimal(rate)) return '';
  const a = parseDecimal(amount);
  const r = parseDecimal(rate);
  if (a === null || r === null) return '';
  return decimalText(rescaleScaled(multiplyScaled(a, r), 0, rounding));
}

/**
 * A VND figure as Vietnamese shows it, whatever the language on screen (the bank's app and
 * statement show it so): dots between thousands, no decimals unless the value has some, the
 * đồng sign after a no-break space. `--` when it is not a decimal.
 */
export function formatVnd(value: string): string {
  const text = formatDecimal(value, { lang: 'vi', decimals: 0, truncate: false });
  return text === NOT_A_NUMBER ? text : `${text}\u00a0${VND_SIGN}`;
}
