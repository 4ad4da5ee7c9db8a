/**
 * Money and quantities as integers (ARCHITECTURE §3): a decimal string is read into integer units
 * at a fixed number of decimals, never through a float.
 */
const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

export type Rounding = 'reject' | 'floor';

/** `toUnits('1.25', 2)` → 125n. Extra decimals are refused, or floored (toward zero) on request. */
export function toUnits(value: string, decimals: number, rounding: Rounding = 'reject'): bigint {
  const match = DECIMAL_RE.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal: ${value}`);
  const [, minus, whole = '0', fraction = ''] = match;
  if (
    fraction.length > decimals &&
    rounding === 'reject' &&
    /[1-9]/.test(fraction.slice(decimals))
  ) {
    throw new RangeError(`${value} has more than ${decimals} decimals`);
  }
  const units = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  return minus ? -units : units;
}

/** `fromUnits(125n, 2)` → '1.25'; trailing zeros are kept to the given decimals. */
export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
