import { EARN_STATUS, type EarnSubscription } from '@exchange/contract';

/** The log's tabs: every subscription, those in effect, those expired. */
export const LOG_TABS = ['all', 'active', 'expired'] as const;
export type LogTab = (typeof LOG_TABS)[number];

/** The `status` of ieo/my for a tab (none: every subscription). */
export function statusOfTab(tab: LogTab): EarnSubscription['status'] | undefined {
  if (tab === 'active') return EARN_STATUS.inEffect;
  if (tab === 'expired') return EARN_STATUS.expired;
  return undefined;
}

/** A payout falls due this long before the log is read again (the server pays at the instant). */
export const PAYOUT_GRACE_MS = 3_000;
/** The soonest the log is read again, however close the next payout is. */
export const MIN_REFRESH_MS = 5_000;
/** Timers beyond this are not set (a browser's timer overflows past 24.8 days). */
const MAX_TIMER_MS = 2_000_000_000;

/**
 * When to read the log again so that the next day's interest shows without a reload: shortly
 * after the soonest payout of a subscription in effect on the page, at the earliest
 * MIN_REFRESH_MS from now; false when nothing on the page is due.
 */
export function nextRefreshMs(
  rows: readonly Pick<EarnSubscription, 'status' | 'next_payout_at'>[],
  now: number,
): number | false {
  let soonest: number | null = null;
  for (const row of rows) {
    if (row.status !== EARN_STATUS.inEffect || row.next_payout_at === null) continue;
    if (soonest === null || row.next_payout_at < soonest) soonest = row.next_payout_at;
  }
  if (soonest === null) return false;
  const wait = Math.max(MIN_REFRESH_MS, soonest - now + PAYOUT_GRACE_MS);
  return wait > MAX_TIMER_MS ? false : wait;
}
