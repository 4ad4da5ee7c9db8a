import { toUnits } from '../units.js';

/**
 * How a closed position's result moves money, in integer units of the quote currency. The margin
 * comes back to the user's free balance; a gain is paid by the house; a loss is paid from that
 * margin, then from the user's free lever balance, and what the user cannot pay (never more than
 * they hold: no balance goes below zero) comes from the insurance account, as far as it reaches.
 * The house is owed the whole loss; `unrecovered` is what neither the user nor the insurance could
 * pay (the house's loss, never the user's debt).
 */
export interface Settlement {
  /** Margin released from the position's hold back to the user's free balance. */
  marginBack: bigint;
  /** Paid by the house to the user (a gain). */
  houseToUser: bigint;
  /** Paid by the user to the house from the released margin and the free balance (a loss). */
  userToHouse: bigint;
  /** Paid by the insurance account to the house (the part of a loss the user could not pay). */
  insuranceToHouse: bigint;
  /** The part of a loss nobody paid. */
  unrecovered: bigint;
}

export function settle(
  margin: bigint,
  profit: bigint,
  free: bigint,
  insurance: bigint,
): Settlement {
  if (margin < 0n || free < 0n || insurance < 0n) throw new RangeError('negative balance');
  if (profit >= 0n) {
    return {
      marginBack: margin,
      houseToUser: profit,
      userToHouse: 0n,
      insuranceToHouse: 0n,
      unrecovered: 0n,
    };
  }
  const loss = -profit;
  const userCan = margin + free;
  const userToHouse = loss < userCan ? loss : userCan;
  const shortfall = loss - userToHouse;
  const insuranceToHouse = shortfall < insurance ? shortfall : insurance;
  return {
    marginBack: margin,
    houseToUser: 0n,
    userToHouse,
    insuranceToHouse,
    unrecovered: shortfall - insuranceToHouse,
  };
}

export interface RiskPosition {
  id: number;
  /** Margin held, in units. */
  margin: bigint;
  /** Profit at the liquidation price, in units (negative: a loss). */
  profit: bigint;
}

export interface LiquidationStep {
  id: number;
  settlement: Settlement;
}

/**
 * Liquidation at the stop-out level: while the user's hazard rate is at or below `stopOut` (in
 * percent), the open position with the largest loss (then the lowest id) is closed, its result
 * settled, and the rate computed again on what is left; it stops once the rate is above the level
 * or nothing is left. Returns the closes in order; `free` and `insurance` are the balances before.
 */
export function liquidationPlan(
  positions: readonly RiskPosition[],
  free: bigint,
  insurance: bigint,
  stopOut: string,
): LiquidationStep[] {
  const open = [...positions].sort((a, b) =>
    a.profit === b.profit ? a.id - b.id : a.profit < b.profit ? -1 : 1,
  );
  const steps: LiquidationStep[] = [];
  const level = toUnits(stopOut, 2, 'floor');
  let balance = free;
  let reserve = insurance;
  let margins = open.reduce((sum, p) => sum + p.margin, 0n);
  let profits = open.reduce((sum, p) => sum + p.profit, 0n);
  for (const next of open) {
    if (!atOrBelowStopOut(balance, margins, profits, level)) break;
    const settlement = settle(next.margin, next.profit, balance, reserve);
    balance = balance + settlement.marginBack + settlement.houseToUser - settlement.userToHouse;
    reserve -= settlement.insuranceToHouse;
    margins -= next.margin;
    profits -= next.profit;
    steps.push({ id: next.id, settlement });
  }
  return steps;
}

/**
 * Whether (free + margins + profits) ÷ margins × 100 ≤ the level (in hundredths of a percent),
 * compared without dividing. No margin in use is never at the level.
 */
export function atOrBelowStopOut(
  free: bigint,
  margins: bigint,
  profits: bigint,
  levelHundredths: bigint,
): boolean {
  if (margins <= 0n) return false;
  return (free + margins + profits) * 10000n <= levelHundredths * margins;
}
