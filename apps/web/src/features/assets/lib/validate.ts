import type { ErrorKey } from '@exchange/contract';
import { isPositiveDecimal } from '../../../shared/format/decimal';

/**
 * Withdraw (spec 2 §5): address, then amount, then trade password, each with its own prompt. No
 * minimum, maximum or balance check here: the server answers those in the user's language.
 */
export function validateWithdraw(v: {
  address: string;
  amount: string;
  password: string;
}): ErrorKey | null {
  if (!v.address.trim()) return 'withdraw.p_address';
  if (!isPositiveDecimal(v.amount)) return 'withdraw.p_number';
  if (!v.password.trim()) return 'withdraw.p_password';
  return null;
}

/** Deposit report (spec 2 §5): the quantity is required ('Please enter the quantity'). */
export function validateDeposit(quantity: string): ErrorKey | null {
  return isPositiveDecimal(quantity) ? null : 'deposit.p_quantity';
}

/** Transfer (spec 2 §5): the amount is required. */
export function validateTransfer(amount: string): ErrorKey | null {
  return isPositiveDecimal(amount) ? null : 'transfer.p_number';
}

/** Convert (spec 2 §5): the amount is required. */
export function validateConvert(amount: string): ErrorKey | null {
  return isPositiveDecimal(amount) ? null : 'convert.p_number';
}
