/** Where a finished trade-password change leads when this tab has no earlier page of the app. */
export const AFTER_TRADE_PASSWORD = '/assets/tradeAccount';

/**
 * The documents go "back one page" after the change (spec 3 §7). React Router numbers the
 * entries of this tab's history in `history.state.idx`: 0 is the first page the app showed, so
 * going back from it would leave the app (or do nothing); the account page is used instead.
 */
export function backTarget(historyState: unknown): -1 | typeof AFTER_TRADE_PASSWORD {
  const idx =
    typeof historyState === 'object' && historyState !== null && 'idx' in historyState
      ? historyState.idx
      : null;
  return typeof idx === 'number' && idx > 0 ? -1 : AFTER_TRADE_PASSWORD;
}
