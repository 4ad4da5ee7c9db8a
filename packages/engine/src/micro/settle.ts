import { fixed, units } from '../lever/fixed.js';

/** 1 up (wins when the end index is above the open index), 2 down. */
export type MicroDirection = 1 | 2;
export type MicroOutcome = 'win' | 'loss' | 'tie' | 'void';

export interface MicroSettlement {
  outcome: MicroOutcome;
  /** What goes back to the user's second account: stake (and fee when void or tied) plus a gain. */
  toUser: bigint;
  /** Paid by the micro house (a win's gain). */
  fromHouse: bigint;
  /** Received by the micro house (a loss's stake). */
  toHouse: bigint;
  /** The fee returned to the user (void or tie); otherwise it stays with the house. */
  feeBack: bigint;
  /** `fact_profits`: +gain on a win, −stake on a loss, 0 on a tie or a void order. */
  factProfit: bigint;
}

/** A win's gain: stake × the profit ratio snapshotted at acceptance, rounded down. */
export function microGain(stake: bigint, ratio: string, decimals: number): bigint {
  const r = fixed(ratio);
  return units({ v: stake * r.v, s: decimals + r.s }, decimals, 'floor');
}

/**
 * The result of an order from its open and end index (null: void). Up wins if end > open, down if
 * end < open; equal returns stake and fee; a void order returns them too. Nothing else decides.
 */
export function settleMicro(
  order: { direction: MicroDirection; stake: bigint; fee: bigint; ratio: string; decimals: number },
  open: bigint | null,
  end: bigint | null,
): MicroSettlement {
  const { stake, fee } = order;
  if (open === null || end === null) {
    return {
      outcome: 'void',
      toUser: stake + fee,
      fromHouse: 0n,
      toHouse: 0n,
      feeBack: fee,
      factProfit: 0n,
    };
  }
  if (end === open) {
    return {
      outcome: 'tie',
      toUser: stake + fee,
      fromHouse: 0n,
      toHouse: 0n,
      feeBack: fee,
      factProfit: 0n,
    };
  }
  const won = order.direction === 1 ? end > open : end < open;
  if (won) {
    const gain = microGain(stake, order.ratio, order.decimals);
    return {
      outcome: 'win',
      toUser: stake + gain,
      fromHouse: gain,
      toHouse: 0n,
      feeBack: 0n,
      factProfit: gain,
    };
  }
  return {
    outcome: 'loss',
    toUser: 0n,
    fromHouse: 0n,
    toHouse: stake,
    feeBack: 0n,
    factProfit: -stake,
  };
}

/**
 * The house's net exposure of one pair and expiry bucket: the most it can lose whichever way the
 * market goes, max(0, Σ up gains − Σ down stakes, Σ down gains − Σ up stakes).
 */
export function bucketExposure(
  orders: readonly { direction: MicroDirection; stake: bigint; ratio: string }[],
  decimals: number,
): bigint {
  let upGains = 0n;
  let downGains = 0n;
  let upStakes = 0n;
  let downStakes = 0n;
  for (const o of orders) {
    const gain = microGain(o.stake, o.ratio, decimals);
    if (o.direction === 1) {
      upGains += gain;
      upStakes += o.stake;
    } else {
      downGains += gain;
      downStakes += o.stake;
    }
  }
  const worst = [0n, upGains - downStakes, downGains - upStakes];
  return worst.reduce((a, b) => (b > a ? b : a));
}
