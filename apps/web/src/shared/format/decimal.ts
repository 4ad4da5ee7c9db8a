import { AMOUNT_DISPLAY_DECIMALS, ELLIPSIS_MIN_LENGTH } from '@exchange/contract';

/**
 * Truncates (floors toward zero) a decimal string to `places` decimals without going through a
 * float (spec 1 §5: the decimal filter floors to 2 places by default). Trailing zeros are kept.
 */
export function truncateDecimal(value: string, places = AMOUNT_DISPLAY_DECIMALS): string {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, places).padEnd(places, '0');
  const isZero = /^0*$/.test(whole) && /^0*$/.test(kept);
  const digits = places > 0 ? `${whole}.${kept}` : whole;
  return isZero ? digits : sign + digits;
}

/** Strings longer than 9 characters lose their last 4 and gain an ellipsis (spec 1 §9). */
export function ellipsis(value: string): string {
  return value.length > ELLIPSIS_MIN_LENGTH ? `${value.slice(0, -4)}…` : value;
}

/** A decimal as an integer count of 10^-scale units: money never passes through a float. */
export interface ScaledDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const LOOSE_DECIMAL_RE = /^(-?)(\d*)(?:\.(\d*))?$/;

/** `"12.50"` → 1250 × 10^-2; half-typed `"1."` and `".5"` are read too. Else null. */
export function parseDecimal(text: string): ScaledDecimal | null {
  const match = LOOSE_DECIMAL_RE.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const units = BigInt(`${whole || '0'}${fraction}`);
  return { units: sign ? -units : units, scale: fraction.length };
}

/** Plain decimal text without trailing zeros (`"1.5"`, `"-0.25"`, `"3"`). */
export function decimalText(value: ScaledDecimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString();
  let text = digits;
  if (value.scale > 0) {
    const padded = digits.padStart(value.scale + 1, '0');
    const fraction = padded.slice(-value.scale).replace(/0+$/, '');
    const whole = padded.slice(0, -value.scale);
    text = fraction ? `${whole}.${fraction}` : whole;
  }
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

function aligned(a: ScaledDecimal, b: ScaledDecimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [
    a.units * 10n ** BigInt(scale - a.scale),
    b.units * 10n ** BigInt(scale - b.scale),
    scale,
  ];
}

/** `a × b`, exact; null when either is not a decimal. */
export function multiplyDecimals(a: string, b: string): string | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (x === null || y === null) return null;
  return decimalText({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** `a − b`, exact; null when either is not a decimal. */
export function subtractDecimals(a: string, b: string): string | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (x === null || y === null) return null;
  const [left, right, scale] = aligned(x, y);
  return decimalText({ units: left - right, scale });
}

/** The value × 10^places, exact (`shiftDecimal("0.001", 2)` is `"0.1"`: a rate as a percent). */
export function shiftDecimal(value: string, places: number): string | null {
  const x = parseDecimal(value);
  if (x === null) return null;
  if (places <= x.scale) return decimalText({ units: x.units, scale: x.scale - places });
  return decimalText({ units: x.units * 10n ** BigInt(places - x.scale), scale: 0 });
}

/** −1, 0 or 1 as `a` is below, equal to or above `b`; null when either is not a decimal. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (x === null || y === null) return null;
  const [left, right] = aligned(x, y);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Whether a decimal text is a number above zero. */
export function isPositiveDecimal(text: string): boolean {
  const value = parseDecimal(text);
  return value !== null && value.units > 0n;
}

/** Whether a decimal text is zero (`"0"`, `"0.000"`); false for anything unreadable. */
export function isZeroDecimal(text: string): boolean {
  const value = parseDecimal(text);
  return value !== null && value.units === 0n;
}

/**
 * An amount for display without losing a digit: thousands grouped, at least `minPlaces` decimals
 * (padded with zeros), never fewer than the value has (`"1234.5"`, 2 → `"1,234.50"`).
 */
export function formatAmount(value: string, minPlaces: number): string {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const places = Math.max(minPlaces, fraction.replace(/0+$/, '').length);
  const kept = fraction.slice(0, places).padEnd(places, '0');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = /^0*$/.test(whole) && /^0*$/.test(kept);
  const text = places > 0 ? `${grouped}.${kept}` : grouped;
  return isZero ? text : sign + text;
}

/**
 * Cleans what is typed into an amount, price or quantity box: digits and one point only (no
 * exponent or sign, spec 1 §5), at most `maxDecimals` decimals (extra digits are cut, i.e.
 * floored), no superfluous leading zeros. `".5"` becomes `"0.5"`; `"1."` stays while typing.
 */
export function cleanDecimalInput(text: string, maxDecimals: number): string {
  const kept = text.trim().replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  let whole = point < 0 ? kept : kept.slice(0, point);
  const fraction = point < 0 ? '' : kept.slice(point + 1).replace(/\./g, '');
  whole = whole.replace(/^0+(?=\d)/, '');
  if (point < 0 || maxDecimals <= 0) return whole;
  return `${whole || '0'}.${fraction.slice(0, maxDecimals)}`;
}

/** A typed decimal as the wire wants it: `"1."` → `"1"`, `"0.50"` → `"0.5"`, `".5"` → `"0.5"`. */
export function wireDecimal(text: string): string {
  const value = parseDecimal(text);
  return value === null ? text.trim() : decimalText(value);
}
