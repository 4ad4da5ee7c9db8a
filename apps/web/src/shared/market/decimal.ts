import { truncateDecimal } from '../format/decimal';

const DECIMAL_RE = /^(-?)(\d+)(?:\.(\d*))?$/;

/** A decimal string as an integer and its scale, or null when it is not a plain decimal. */
export function parseScaled(value: string): { units: bigint; scale: number } | null {
  const match = DECIMAL_RE.exec(value.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  return { units: BigInt(`${sign}${whole}${fraction}`), scale: fraction.length };
}

/**
 * Orders two decimal strings by value without floats (for sorting prices and changes); anything
 * unreadable sorts first.
 */
export function compareDecimal(a: string, b: string): number {
  const x = parseScaled(a);
  const y = parseScaled(b);
  if (x === null || y === null) return (x === null ? 0 : 1) - (y === null ? 0 : 1);
  const scale = Math.max(x.scale, y.scale);
  const left = x.units * 10n ** BigInt(scale - x.scale);
  const right = y.units * 10n ** BigInt(scale - y.scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

/** `1234567.891` → `1,234,567.89` with `places` = 2: floored, trailing zeros kept, grouped by 3. */
export function formatDecimal(value: string, places: number): string {
  const fixed = truncateDecimal(value, places);
  const match = /^(-?)(\d+)(\.\d*)?$/.exec(fixed);
  if (!match) return fixed;
  const [, sign = '', whole = '', fraction = ''] = match;
  return sign + whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + fraction;
}
