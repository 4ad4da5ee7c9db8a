import { type ErrorKey, LIMITS, UPLOAD_ACCEPT, UPLOAD_MAX_MB } from '@exchange/contract';
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

/**
 * A picked file before it is sent, by what the browser says of it: a quick answer for a wrong
 * choice. The server decides by the bytes.
 */
export function checkImageFile(file: {
  type: string;
  size: number;
}): { key: ErrorKey; params?: Record<string, number> } | null {
  if (file.size === 0) return { key: 'upload.p_file' };
  // An empty type (a system that does not know the extension) is left to the server.
  if (file.type && !UPLOAD_ACCEPT.split(',').includes(file.type)) return { key: 'upload.type' };
  if (file.size > LIMITS.uploadMaxBytes)
    return { key: 'upload.too_large', params: { max_mb: UPLOAD_MAX_MB } };
  return null;
}

/** Transfer (spec 2 §5): the amount is required. */
export function validateTransfer(amount: string): ErrorKey | null {
  return isPositiveDecimal(amount) ? null : 'transfer.p_number';
}

/** Convert (spec 2 §5): the amount is required. */
export function validateConvert(amount: string): ErrorKey | null {
  return isPositiveDecimal(amount) ? null : 'convert.p_number';
}
