import type { ErrorKey } from '@exchange/contract';
import { isPositiveDecimal } from '../../../shared/format/number';

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

/**
 * Deposit report (spec 2 §5, spec 3 form): the quantity ('Please enter the quantity'), then the
 * transfer's screenshot, already uploaded (its url).
 */
export function validateDeposit(quantity: string, imgUrl: string): ErrorKey | null {
  if (!isPositiveDecimal(quantity)) return 'deposit.p_quantity';
  return imgUrl ? null : 'deposit.p_img';
}

/** Transfer (spec 2 §5): the amount is required. */
export function validateTransfer(amount: string): ErrorKey | null {
  return isPositiveDecimal(amount) ? null : 'transfer.p_number';
}

/** Convert (spec 2 §5): the amount is required. */
export function validateConvert(amount: string): ErrorKey | null {
  return isPositiveDecimal(amount) ? null : 'convert.p_number';
}
