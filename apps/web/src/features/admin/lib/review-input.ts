import type { ErrorKey } from '@exchange/contract';

/** A rejection needs a reason of at least 3 characters (review.p_reason, as the server checks). */
export const REASON_MIN = 3;
/** An approved withdrawal carries the payout's transaction reference, at least 4 characters. */
export const TX_REF_MIN = 4;

export function checkReason(reason: string): ErrorKey | null {
  return reason.trim().length >= REASON_MIN ? null : 'review.p_reason';
}

export function checkTxRef(ref: string): ErrorKey | null {
  return ref.trim().length >= TX_REF_MIN ? null : 'review.p_tx_ref';
}

/** `TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t` → `TR7NHq…zgjLj6t`: enough to compare, short enough for a row. */
export function shortAddress(address: string, head = 6, tail = 6): string {
  return address.length > head + tail + 1
    ? `${address.slice(0, head)}…${address.slice(-tail)}`
    : address;
}
