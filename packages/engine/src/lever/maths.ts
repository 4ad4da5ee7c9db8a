import { fromUnits } from '../units.js';
import {
  add,
  cmp,
  fixed,
  int,
  mul,
  ratio,
  sign,
  sub,
  units,
  type Fixed,
  type Round,
} from './fixed.js';

/**
 * The leverage product's maths (contracts for difference against the house), one function per
 * rule, the same in the server and the web client. Inputs and outputs are decimal strings. Every
 * rounding goes against the side that would otherwise receive a fraction the ledger cannot hold,
 * by less than one unit of the last decimal: the house never pays out a fraction it did not
 * receive, and the user never pays more than that unit.
 */

/** 1 long (gains when the price rises), 2 short. */
export type LeverSide = 1 | 2;

const ONE = int(1);
const HUNDRED = int(100);
const out = (a: Fixed, decimals: number, mode: Round): string =>
  fromUnits(units(a, decimals, mode), decimals);

/** +1 for a long, −1 for a short. */
export const sideSign = (side: LeverSide): Fixed => int(side === 1 ? 1 : -1);

/**
 * Entry price: the market price moved by the house's spread (`lever_point_rate`, a fraction of the
 * price) against the trader: origin × (1 + rate) for a long (rounded up), × (1 − rate) for a short
 * (rounded down), at the pair's price decimals.
 */
export function entryPrice(
  side: LeverSide,
  origin: string,
  pointRate: string,
  priceDecimals: number,
): string {
  const rate = fixed(pointRate);
  const factor = side === 1 ? add(ONE, rate) : sub(ONE, rate);
  return out(mul(fixed(origin), factor), priceDecimals, side === 1 ? 'ceil' : 'floor');
}

/**
 * Closing price: the mark moved by the spread against the trader: mark × (1 − rate) for a long
 * (rounded down), × (1 + rate) for a short (rounded up).
 */
export function closePrice(
  side: LeverSide,
  mark: string,
  pointRate: string,
  priceDecimals: number,
): string {
  const rate = fixed(pointRate);
  const factor = side === 1 ? sub(ONE, rate) : add(ONE, rate);
  return out(mul(fixed(mark), factor), priceDecimals, side === 1 ? 'floor' : 'ceil');
}

/** Base quantity of a position: hands × `lever_share_num`. */
export function positionNumber(share: number, shareNum: string, qtyDecimals: number): string {
  return out(mul(int(share), fixed(shareNum)), qtyDecimals, 'floor');
}

/** `caution_money`: entry × number ÷ multiple, rounded up to the quote currency's decimals. */
export function marginOf(
  entry: string,
  number: string,
  multiple: number,
  amountDecimals: number,
): string {
  const notional = mul(fixed(entry), fixed(number));
  return fromUnits(ratio(notional, int(multiple), amountDecimals, 'ceil'), amountDecimals);
}

/** `trade_fee`: margin × `lever_fee_rate`, rounded up. */
export function tradeFee(margin: string, feeRate: string, amountDecimals: number): string {
  return out(mul(fixed(margin), fixed(feeRate)), amountDecimals, 'ceil');
}

/**
 * Profit (negative: loss) of a position valued at `price`: sign × (price − entry) × number,
 * rounded toward −∞ (a gain down, a loss up).
 */
export function profitAt(
  side: LeverSide,
  entry: string,
  price: string,
  number: string,
  amountDecimals: number,
): string {
  const move = mul(sideSign(side), sub(fixed(price), fixed(entry)));
  return out(mul(move, fixed(number)), amountDecimals, 'floor');
}

/**
 * The most a position can win, which the house reserves when it is opened: its notional value
 * entry × number (a short wins at most that at a price of 0; a long is closed once its gain reaches
 * it, at twice its entry price). Rounded up.
 */
export function maxPayout(entry: string, number: string, amountDecimals: number): string {
  return out(mul(fixed(entry), fixed(number)), amountDecimals, 'ceil');
}

/**
 * Hazard rate (risk) in percent, 2 decimals, rounded down: (free lever balance + Σ margin +
 * Σ profit) ÷ Σ margin × 100. Null without open positions (no margin in use).
 */
export function hazardRate(free: string, margins: string[], profits: string[]): string | null {
  const used = margins.reduce((sum, m) => add(sum, fixed(m)), int(0));
  if (sign(used) <= 0) return null;
  const equity = profits.reduce((sum, p) => add(sum, fixed(p)), add(fixed(free), used));
  return fromUnits(ratio(mul(equity, HUNDRED), used, 2, 'floor'), 2);
}

/** Overnight fee of a position: number × mark × the pair's overnight rate, rounded up. */
export function overnightFee(
  number: string,
  mark: string,
  overnightRate: string,
  amountDecimals: number,
): string {
  return out(mul(mul(fixed(number), fixed(mark)), fixed(overnightRate)), amountDecimals, 'ceil');
}

/**
 * The expected result shown when setting a stop (spec 2 §5): (stop − entry) × hands × share size,
 * signed by the side (a long's stop below its entry is a loss).
 */
export function expectedStopResult(
  side: LeverSide,
  stop: string,
  entry: string,
  share: number,
  shareNum: string,
  amountDecimals: number,
): string {
  const number = mul(int(share), fixed(shareNum));
  const move = mul(sideSign(side), sub(fixed(stop), fixed(entry)));
  return out(mul(move, number), amountDecimals, 'floor');
}

export type StopProblem = 'stop_profit_side' | 'stop_loss_side';

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

export type StopTrigger = 'stop_profit' | 'stop_loss';

/** Which stop the mark has reached, if any (the stop-loss first when both are). */
export function stopTriggered(
  side: LeverSide,
  mark: string,
  stopProfit: string | null,
  stopLoss: string | null,
): StopTrigger | null {
  const m = fixed(mark);
  const reached = (stop: string | null, direction: 1 | -1) =>
    stop ? cmp(m, fixed(stop)) * direction >= 0 : false;
  // A long's stop-loss is reached at or below it; its stop-profit at or above it.
  if (reached(stopLoss, side === 1 ? -1 : 1)) return 'stop_loss';
  if (reached(stopProfit, side === 1 ? 1 : -1)) return 'stop_profit';
  return null;
}

/** Whether a limit entrust's target is reached: a long opens at or below it, a short at or above. */
export function entrustReached(side: LeverSide, mark: string, target: string): boolean {
  const c = cmp(fixed(mark), fixed(target));
  return side === 1 ? c <= 0 : c >= 0;
}
