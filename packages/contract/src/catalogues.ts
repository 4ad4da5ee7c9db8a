/**
 * Catalogues shared by the server and the clients: the values the ledger, the order book and the
 * review queues store, each an `as const` object with its type. Nothing else keeps a list of them.
 */

/** Ledger account types (ARCHITECTURE §4): users hold 1–5; system accounts use 0. */
export const ACCOUNT_TYPE = {
  system: 0,
  trade: 1,
  legal: 2,
  lever: 3,
  micro: 4,
  financial: 5,
} as const;
export type LedgerAccountType = (typeof ACCOUNT_TYPE)[keyof typeof ACCOUNT_TYPE];

/**
 * The `kind` of a ledger journal entry (and of the deal records, account_log/list). `convert` is
 * written by earlier versions only (the conversion desk, now gone: conversions trade on the book),
 * but their stores still hold it.
 */
export const JOURNAL_KIND = {
  adjust: 'adjust',
  trade: 'trade',
  orderLock: 'order.lock',
  orderUnlock: 'order.unlock',
  withdraw: 'withdraw',
  withdrawLock: 'withdraw.lock',
  withdrawUnlock: 'withdraw.unlock',
  deposit: 'deposit',
  transfer: 'transfer',
  convert: 'convert',
  leverOpen: 'lever.open',
  leverClose: 'lever.close',
  leverLock: 'lever.lock',
  leverUnlock: 'lever.unlock',
  leverOvernight: 'lever.overnight',
  microHold: 'micro.hold',
  microSettle: 'micro.settle',
  earnFund: 'earn.fund',
  earnSubscribe: 'earn.subscribe',
  earnInterest: 'earn.interest',
  earnMature: 'earn.mature',
} as const;
export type JournalKind = (typeof JOURNAL_KIND)[keyof typeof JOURNAL_KIND];
export const JOURNAL_KINDS: readonly JournalKind[] = Object.values(JOURNAL_KIND);
export function isJournalKind(kind: string): kind is JournalKind {
  return (JOURNAL_KINDS as readonly string[]).includes(kind);
}

/** Spot order status: 0 open (possibly partly filled), 1 filled, 2 cancelled. */
export const ORDER_STATUS = { open: 0, filled: 1, cancelled: 2 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = [
  ORDER_STATUS.open,
  ORDER_STATUS.filled,
  ORDER_STATUS.cancelled,
] as const satisfies readonly OrderStatus[];
export function isOrderStatus(value: number): value is OrderStatus {
  return (ORDER_STATUSES as readonly number[]).includes(value);
}

/** Status of a record an operator reviews (deposits, withdrawals): 0 pending, 1 approved, 2 rejected. */
export const REVIEW_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export type ReviewStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];
export const REVIEW_STATUSES = [
  REVIEW_STATUS.pending,
  REVIEW_STATUS.approved,
  REVIEW_STATUS.rejected,
] as const satisfies readonly ReviewStatus[];
export function isReviewStatus(value: number): value is ReviewStatus {
  return (REVIEW_STATUSES as readonly number[]).includes(value);
}
/** Deposit record status (spec 2 §4): 0 pending review, 1 approved, 2 rejected. */
export const DEPOSIT_STATUS = REVIEW_STATUS;
/** Withdrawal status (spec 3 §4 labels): 0 pending review, 1 approved and sent, 2 rejected. */
export const WITHDRAW_STATUS = REVIEW_STATUS;
