import { fromUnits, toUnits } from '@exchange/engine';

/** The ledger keeps every amount as an integer of 10^-18 units (NUMERIC(48,18) in SQL). */
export const SCALE = 18;
const TEN = 10n;

/** 10^0 … 10^36 computed once: every scaling of an amount asks for one of them. */
const POWERS = Array.from({ length: 2 * SCALE + 1 }, (_, n) => TEN ** BigInt(n));

export function pow10(n: number): bigint {
  return POWERS[n] ?? TEN ** BigInt(n);
}

/** A database NUMERIC or a wire decimal string into ledger units. */
export function units(value: string): bigint {
  return toUnits(value, SCALE);
}

/** Ledger units for SQL: all 18 decimals. */
export function sqlAmount(value: bigint): string {
  return fromUnits(value, SCALE);
}

const ZEROS = '0'.repeat(SCALE);
const CHAR_ZERO = 48;

/**
 * Ledger units for the wire: a decimal string without trailing zeros. Called for every amount of
 * every order, trade, balance and batch row, so it cuts the digits once instead of padding all 18
 * decimals and trimming them again with a regular expression.
 */
export function wireAmount(value: bigint): string {
  if (value === 0n) return '0';
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  let end = digits.length;
  while (digits.charCodeAt(end - 1) === CHAR_ZERO) end--;
  const point = digits.length - SCALE;
  let out: string;
  if (point <= 0) out = `0.${ZEROS.slice(0, -point)}${digits.slice(0, end)}`;
  else if (end <= point) out = digits.slice(0, point);
  else out = `${digits.slice(0, point)}.${digits.slice(point, end)}`;
  return negative ? `-${out}` : out;
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

/** Units at 18 decimals into integer ticks at `decimals` (exact for values the core wrote). */
export function toTicks(value: bigint, decimals: number): number {
  return Number(value / pow10(SCALE - decimals));
}

/**
 * Units at `decimals` into ledger units: exact up to 18 decimals, floored past them. The one
 * converter every product uses between the engine's units (a currency's or a pair's decimals)
 * and the ledger's.
 */
export function toScale(value: bigint, decimals: number): bigint {
  return decimals <= SCALE ? value * pow10(SCALE - decimals) : value / pow10(decimals - SCALE);
}

/** Ledger units into units at `decimals` (≤ 18), truncated toward zero (exact for amounts the core wrote). */
export function fromScale(value: bigint, decimals: number): bigint {
  return value / pow10(SCALE - decimals);
}

/** Units at `decimals` as a plain decimal string ("1.5", never "1.500"). */
export function plainAt(value: bigint, decimals: number): string {
  return wireAmount(toScale(value, decimals));
}

/** A stored NUMERIC or wire decimal without trailing zeros ("0.800000" → "0.8"). */
export function plain(value: string): string {
  return wireAmount(units(value));
}
