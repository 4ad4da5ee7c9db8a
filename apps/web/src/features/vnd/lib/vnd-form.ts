import { LIMITS, VND_CHARGE_DECIMALS, VND_WITHDRAW_STATUS } from '@exchange/contract';
import {
  compareDecimals,
  exceedsDecimals,
  floorDecimal,
  isPositiveDecimal,
  wireDecimal,
} from '../../../shared/format/number';

/**
 * The checks of the VND deposit and withdrawal forms, made before anything is sent (the server
 * makes them again): each problem is the i18n key of its message (the contract's error key where
 * the server refuses the same thing) and the key's parameters.
 */
export interface Problem {
  key: string;
  params?: Record<string, string>;
}

/** VND deposits and withdrawals are in the currency a VND deposit credits. */
export const VND_CREDIT_CODE = 'USDT';

const PLAIN_DECIMAL = /^\d+(\.\d*)?$|^\.\d+$/;

function amountShape(value: string, decimals: number): Problem | null {
  if (!PLAIN_DECIMAL.test(value) || !isPositiveDecimal(value)) {
    return { key: 'amount.invalid', params: { decimals: String(decimals) } };
  }
  if (exceedsDecimals(value, decimals)) {
    return { key: 'amount.precision', params: { decimals: String(decimals) } };
  }
  return null;
}

/**
 * Step 1 of a VND deposit: the USDT to buy is required, above zero, with at most 2 decimals
 * (VND_CHARGE_DECIMALS), and within the largest deposit report.
 */
export function chargeProblem(amount: string): Problem | null {
  const value = amount.trim();
  if (value === '') return { key: 'deposit.p_quantity' };
  const shape = amountShape(value, VND_CHARGE_DECIMALS);
  if (shape) return shape;
  if (compareDecimals(wireDecimal(value), LIMITS.maxDepositReport) === 1) {
    return { key: 'amount.too_large', params: { max: LIMITS.maxDepositReport } };
  }
  return null;
}

/** Whether an amount is more than the available balance (both known decimals). */
export function isOverAvailable(amount: string, available: string | null): boolean {
  if (available === null || !isPositiveDecimal(amount)) return false;
  return compareDecimals(wireDecimal(amount), available) === 1;
}

/** The "all" of the withdrawal: the available balance floored to the currency's decimals. */
export function withdrawAll(available: string, decimals: number): string {
  return floorDecimal(available, decimals) ?? '0';
}

export interface WithdrawForm {
  amount: string;
  /** The trade account's available USDT; null while unknown. */
  available: string | null;
  /** Decimals of USDT amounts. */
  decimals: number;
  /** `usd_vnd_withdraw`; undefined when it is not set. */
  rate: string | undefined;
  identityApproved: boolean;
  hasBank: boolean;
  password: string;
}

/**
 * The VND withdrawal (spec 3 §2): the amount (required, a positive decimal, no more than the
 * available balance), then what the server would refuse anyway (no rate, identity not
 * approved, no bank account), then the trade password.
 */
export function withdrawProblem(form: WithdrawForm): Problem | null {
  const value = form.amount.trim();
  if (value === '') return { key: 'withdraw.p_number' };
  const shape = amountShape(value, form.decimals);
  if (shape) return shape;
  if (isOverAvailable(value, form.available)) return { key: 'withdraw.num_error' };
  if (form.rate === undefined || !isPositiveDecimal(form.rate)) return { key: 'withdraw.closed' };
  if (!form.identityApproved) return { key: 'withdraw.identity_required' };
  if (!form.hasBank) return { key: 'withdraw.bank_required' };
  if (!form.password.trim()) return { key: 'withdraw.p_password' };
  return null;
}

type WithdrawStatus = (typeof VND_WITHDRAW_STATUS)[keyof typeof VND_WITHDRAW_STATUS];

/** How a VND withdrawal's status shows: its text key and its tag colour. */
export const WITHDRAW_STATUS_VIEW: Record<WithdrawStatus, { key: string; color: string }> = {
  [VND_WITHDRAW_STATUS.pending]: { key: 'vnd.withdrawLog.status.pending', color: 'gold' },
  [VND_WITHDRAW_STATUS.success]: { key: 'vnd.withdrawLog.status.success', color: 'success' },
  [VND_WITHDRAW_STATUS.failed]: { key: 'vnd.withdrawLog.status.failed', color: 'error' },
  [VND_WITHDRAW_STATUS.done]: { key: 'vnd.withdrawLog.status.done', color: 'success' },
  [VND_WITHDRAW_STATUS.rejected]: { key: 'vnd.withdrawLog.status.rejected', color: 'error' },
};

/** What a record says beside its status: the payout reference once paid, the reason otherwise. */
export function withdrawNote(record: {
  status: WithdrawStatus;
  tx_ref: string;
  reason: string;
}): { kind: 'txRef' | 'reason'; text: string } | null {
  const paid =
    record.status === VND_WITHDRAW_STATUS.success || record.status === VND_WITHDRAW_STATUS.done;
  if (paid && record.tx_ref) return { kind: 'txRef', text: record.tx_ref };
  if (!paid && record.status !== VND_WITHDRAW_STATUS.pending && record.reason) {
    return { kind: 'reason', text: record.reason };
  }
  return null;
}
