/**
 * The leverage rules a trader sees before the server answers (spec 2 §4–5): the entry price, size,
 * margin and fee of an order's confirmation, a stop's expected result, and which side of the mark
 * a stop must be on. The server applies the same rules (packages/engine `lever`, which this file
 * must agree with: the tests hold both to the same numbers). Decimal strings in and out, exact
 * integer (bigint) arithmetic in between, never a float; each rounding goes against the side that
 * would otherwise receive a fraction the ledger cannot hold.
 */

/** 1 long (gains when the price rises), 2 short. */
export type LeverSide = 1 | 2;

export type StopProblem = 'stop_profit_side' | 'stop_loss_side';

/** An exact decimal: the integer `v` scaled by 10^`s`. */
interface Fixed {
  readonly v: bigint;
  readonly s: number;
}
type Round = 'floor' | 'ceil';

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;
const pow10 = (n: number): bigint => 10n ** BigInt(n);

function fixed(value: string): Fixed {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal: ${value}`);
  const [, minus, whole = '0', fraction = ''] = match;
  const v = BigInt(whole + fraction);
  return { v: minus ? -v : v, s: fraction.length };
}

const int = (n: number): Fixed => ({ v: BigInt(n), s: 0 });
const ONE = int(1);

function align(a: Fixed, b: Fixed): [bigint, bigint, number] {
  const s = Math.max(a.s, b.s);
  return [a.v * pow10(s - a.s), b.v * pow10(s - b.s), s];
}

function plus(a: Fixed, b: Fixed, sign: 1 | -1): Fixed {
  const [x, y, s] = align(a, b);
  return { v: sign === 1 ? x + y : x - y, s };
}

const times = (a: Fixed, b: Fixed): Fixed => ({ v: a.v * b.v, s: a.s + b.s });

function cmp(a: Fixed, b: Fixed): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** n ÷ d rounded toward −∞ (`floor`) or +∞ (`ceil`); d is not 0. */
function divRound(n: bigint, d: bigint, mode: Round): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  if (d < 0n) return divRound(-n, -d, mode);
  const q = n / d;
  if (q * d === n) return q;
  if (mode === 'floor') return n < 0n ? q - 1n : q;
  return n > 0n ? q + 1n : q;
}

/** Integer units at `decimals` as a decimal string, trailing zeros kept. */
function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** `a` at `decimals`, rounded as asked, as a decimal string. */
function out(a: Fixed, decimals: number, mode: Round): string {
  const units =
    decimals >= a.s ? a.v * pow10(decimals - a.s) : divRound(a.v, pow10(a.s - decimals), mode);
  return fromUnits(units, decimals);
}

/** +1 for a long, −1 for a short. */
const sideSign = (side: LeverSide): Fixed => int(side === 1 ? 1 : -1);

/**
 * Entry price: the market price moved by the house's spread (`lever_point_rate`) against the
 * trader: origin × (1 + rate) for a long (rounded up), × (1 − rate) for a short (rounded down).
 */
export function entryPrice(
  side: LeverSide,
  origin: string,
  pointRate: string,
  priceDecimals: number,
): string {
  const factor = plus(ONE, fixed(pointRate), side === 1 ? 1 : -1);
  return out(times(fixed(origin), factor), priceDecimals, side === 1 ? 'ceil' : 'floor');
}

/** Base quantity of a position: hands × `lever_share_num`, rounded down. */
export function positionNumber(share: number, shareNum: string, qtyDecimals: number): string {
  return out(times(int(share), fixed(shareNum)), qtyDecimals, 'floor');
}

/** `caution_money`: entry × number ÷ multiple, rounded up to the quote currency's decimals. */
export function marginOf(
  entry: string,
  number: string,
  multiple: number,
  amountDecimals: number,
): string {
  const notional = times(fixed(entry), fixed(number));
  // notional ÷ multiple in units of 10^-amountDecimals.
  const exp = amountDecimals - notional.s;
  const n = exp >= 0 ? notional.v * pow10(exp) : notional.v;
  const d = exp >= 0 ? BigInt(multiple) : BigInt(multiple) * pow10(-exp);
  return fromUnits(divRound(n, d, 'ceil'), amountDecimals);
}

/** `trade_fee`: margin × `lever_fee_rate`, rounded up. */
export function tradeFee(margin: string, feeRate: string, amountDecimals: number): string {
  return out(times(fixed(margin), fixed(feeRate)), amountDecimals, 'ceil');
}

/**
 * The expected result shown when setting a stop (spec 2 §5): (stop − entry) × hands × share size,
 * signed by the side (a long's stop below its entry is a loss), rounded toward −∞.
 */
export function expectedStopResult(
  side: LeverSide,
  stop: string,
  entry: string,
  share: number,
  shareNum: string,
  amountDecimals: number,
): string {
  const number = times(int(share), fixed(shareNum));
  const move = times(sideSign(side), plus(fixed(stop), fixed(entry), -1));
  return out(times(move, number), amountDecimals, 'floor');
}

/**
 * Stops must be on their own side of the mark: a long's stop-profit above it and stop-loss below
 * it, a short's the other way round. `null` or '' leaves a stop unset (always valid).
 */
export function stopProblem(
  side: LeverSide,
  mark: string,
  stopProfit: string | null,
  stopLoss: string | null,
): StopProblem | null {
  const m = fixed(mark);
  const above = (v: string) => cmp(fixed(v), m) > 0;
  const below = (v: string) => cmp(fixed(v), m) < 0;
  if (stopProfit) {
    if (side === 1 ? !above(stopProfit) : !below(stopProfit)) return 'stop_profit_side';
  }
  if (stopLoss) {
    if (side === 1 ? !below(stopLoss) : !above(stopLoss)) return 'stop_loss_side';
  }
  return null;
}
