import { fromUnits, toUnits } from '@exchange/engine';

/** The ledger keeps every amount as an integer of 10^-18 units (NUMERIC(48,18) in SQL). */
export const SCALE = 18;
const TEN = 10n;

export function pow10(n: number): bigint {
  return TEN ** BigInt(n);
}

/** A database NUMERIC or a wire decimal string into ledger units. */
export function units(value: string): bigint {
  return toUnits(value, SCALE);
}

/** Ledger units for SQL: all 18 decimals. */
export function sqlAmount(value: bigint): string {
  return fromUnits(value, SCALE);
}

/** Ledger units for the wire: a decimal string without trailing zeros. */
export function wireAmount(value: bigint): string {
  const s = fromUnits(value, SCALE);
  return s.replace(/\.?0+$/, '') || '0';
}

/** Ticks at `decimals` into ledger units. */
export function scaled(value: number | bigint, decimals: number): bigint {
  return BigInt(value) * pow10(SCALE - decimals);
}

/** Floors ledger units to `decimals`. */
export function floorTo(value: bigint, decimals: number): bigint {
  const step = pow10(SCALE - decimals);
  return (value / step) * step;
}

/** The product of two ledger amounts (a price × a quantity), truncated to ledger units. */
export function mulUnits(a: bigint, b: bigint): bigint {
  return (a * b) / pow10(SCALE);
}
