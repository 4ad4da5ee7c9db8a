/**
 * Exact decimal arithmetic for the lever maths: a value is an integer `v` scaled by 10^`s`.
 * Products are exact; a result leaves this module only through `units()` or `ratio()`, rounded
 * toward −∞ (`floor`) or +∞ (`ceil`) as the rule that calls it says. Never a float.
 */
export interface Fixed {
  readonly v: bigint;
  readonly s: number;
}

export type Round = 'floor' | 'ceil';

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;
const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** `fixed('1.25')` → 125 scaled by 10^2. */
export function fixed(value: string): Fixed {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal: ${value}`);
  const [, minus, whole = '0', fraction = ''] = match;
  const v = BigInt(whole + fraction);
  return { v: minus ? -v : v, s: fraction.length };
}

export const int = (n: number | bigint): Fixed => ({ v: BigInt(n), s: 0 });

/** The value of `units` at `decimals` (`fromUnits(125n, 2)` as a Fixed). */
export const ofUnits = (units: bigint, decimals: number): Fixed => ({ v: units, s: decimals });

function align(a: Fixed, b: Fixed): [bigint, bigint, number] {
  const s = Math.max(a.s, b.s);
  return [a.v * pow10(s - a.s), b.v * pow10(s - b.s), s];
}

export function add(a: Fixed, b: Fixed): Fixed {
  const [x, y, s] = align(a, b);
  return { v: x + y, s };
}

export function sub(a: Fixed, b: Fixed): Fixed {
  const [x, y, s] = align(a, b);
  return { v: x - y, s };
}

export const mul = (a: Fixed, b: Fixed): Fixed => ({ v: a.v * b.v, s: a.s + b.s });

export function cmp(a: Fixed, b: Fixed): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const isZero = (a: Fixed): boolean => a.v === 0n;
export const sign = (a: Fixed): -1 | 0 | 1 => (a.v < 0n ? -1 : a.v > 0n ? 1 : 0);

/** n / d rounded as asked; d must not be 0. */
export function divRound(n: bigint, d: bigint, mode: Round): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  if (d < 0n) return divRound(-n, -d, mode);
  const q = n / d; // truncates toward 0
  const exact = q * d === n;
  if (exact) return q;
  if (mode === 'floor') return n < 0n ? q - 1n : q;
  return n > 0n ? q + 1n : q;
}

/** The value in integer units at `decimals`, rounded as asked. */
export function units(a: Fixed, decimals: number, mode: Round): bigint {
  if (decimals >= a.s) return a.v * pow10(decimals - a.s);
  return divRound(a.v, pow10(a.s - decimals), mode);
}

/** a ÷ b in integer units at `decimals`, rounded as asked. */
export function ratio(a: Fixed, b: Fixed, decimals: number, mode: Round): bigint {
  // a/b = (a.v / 10^a.s) / (b.v / 10^b.s); times 10^decimals.
  const exp = decimals + b.s - a.s;
  const n = exp >= 0 ? a.v * pow10(exp) : a.v;
  const d = exp >= 0 ? b.v : b.v * pow10(-exp);
  return divRound(n, d, mode);
}
