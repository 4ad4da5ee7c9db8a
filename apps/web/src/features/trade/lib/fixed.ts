/**
 * Exact decimal arithmetic for the order form: a value is an integer count of 10^-scale units, so
 * money and quantities never pass through a float (decimal strings on the wire, spec 1 §5).
 */
export interface Fixed {
  readonly units: bigint;
  readonly scale: number;
}

export type Rounding = 'floor' | 'ceil';

const DECIMAL_RE = /^(-?)(\d*)(?:\.(\d*))?$/;

/** `"12.50"` → 1250 × 10^-2; `"1."` and `".5"` (half-typed inputs) are read too. Else null. */
export function parseFixed(text: string): Fixed | null {
  const match = DECIMAL_RE.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const units = BigInt(`${whole || '0'}${fraction}`);
  return { units: sign ? -units : units, scale: fraction.length };
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** `numerator / denominator` rounded toward −∞ (floor) or +∞ (ceil); BigInt alone truncates. */
function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const negative = numerator < 0n !== denominator < 0n;
  if (rounding === 'floor') return negative ? quotient - 1n : quotient;
  return negative ? quotient : quotient + 1n;
}

/** The same value at another scale; digits below the new scale are rounded as asked. */
export function rescale(value: Fixed, scale: number, rounding: Rounding): Fixed {
  if (scale >= value.scale) return { units: value.units * pow10(scale - value.scale), scale };
  return { units: divideRounded(value.units, pow10(value.scale - scale), rounding), scale };
}

export function multiply(a: Fixed, b: Fixed): Fixed {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** `a / b` at `scale` decimals, rounded as asked; null when `b` is zero. */
export function divide(a: Fixed, b: Fixed, scale: number, rounding: Rounding): Fixed | null {
  if (b.units === 0n) return null;
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale); scaled up by 10^scale.
  const numerator = a.units * pow10(scale + b.scale);
  const denominator = b.units * pow10(a.scale);
  return { units: divideRounded(numerator, denominator, rounding), scale };
}

/** −1, 0 or 1 as `a` is below, equal to or above `b`. */
export function compareFixed(a: Fixed, b: Fixed): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = a.units * pow10(scale - a.scale);
  const right = b.units * pow10(scale - b.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Plain decimal text; without trailing zeros unless `keepScale` (e.g. `"1.5"` or `"1.500000"`). */
export function formatFixed(value: Fixed, keepScale = false): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString();
  let text = digits;
  if (value.scale > 0) {
    const padded = digits.padStart(value.scale + 1, '0');
    const whole = padded.slice(0, -value.scale);
    let fraction = padded.slice(-value.scale);
    if (!keepScale) fraction = fraction.replace(/0+$/, '');
    text = fraction ? `${whole}.${fraction}` : whole;
  }
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Whether a decimal text is a number above zero. */
export function isPositiveDecimal(text: string): boolean {
  const value = parseFixed(text);
  return value !== null && value.units > 0n;
}

/** Whether two decimal texts are the same number (`"1.50"` and `"1.5"`). */
export function sameDecimal(a: string, b: string): boolean {
  const left = parseFixed(a);
  const right = parseFixed(b);
  return left !== null && right !== null && compareFixed(left, right) === 0;
}
