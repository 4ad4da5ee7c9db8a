import { REVIEW, type IdentityReview } from '@exchange/contract';

/**
 * The operator's identity queue and feedback inbox: a status tab and a page, kept in the URL
 * (`?status=rejected&page=2`) like the deposit and withdrawal reviews.
 */
export interface QueueView<Tab extends string> {
  tab: Tab;
  page: number;
}

/** Identity submissions by review status (admin/identities: 1 pending, 2 approved, 3 rejected). */
export const IDENTITY_TABS = ['pending', 'approved', 'rejected'] as const;
export type IdentityTab = (typeof IDENTITY_TABS)[number];

/** Feedback by whether it has a reply (admin/feedback: 0 unanswered, 1 answered). */
export const INBOX_TABS = ['unanswered', 'answered'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

/** The view a URL shows; unknown values read as the first page of the first tab. */
export function readQueueView<Tab extends string>(
  search: URLSearchParams,
  tabs: readonly [Tab, ...Tab[]],
): QueueView<Tab> {
  const status = search.get('status');
  const tab = tabs.find((known) => known === status) ?? tabs[0];
  const page = Number(search.get('page'));
  return { tab, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

export function writeQueueView(view: QueueView<string>): URLSearchParams {
  const search = new URLSearchParams({ status: view.tab });
  if (view.page > 1) search.set('page', String(view.page));
  return search;
}

const IDENTITY_STATUS = {
  pending: REVIEW.pending,
  approved: REVIEW.approved,
  rejected: REVIEW.rejected,
} as const satisfies Record<IdentityTab, IdentityReview>;

/** The request of admin/identities for a view. */
export function identityParams(view: QueueView<IdentityTab>): {
  status: 1 | 2 | 3;
  page: number;
} {
  return { status: IDENTITY_STATUS[view.tab], page: view.page };
}

/** The tab a submission is listed under (none for a status the queue does not list). */
export function identityTabOf(status: IdentityReview): IdentityTab | null {
  return IDENTITY_TABS.find((tab) => IDENTITY_STATUS[tab] === status) ?? null;
}

/** The request of admin/feedback for a view. */
export function inboxParams(view: QueueView<InboxTab>): { status: 0 | 1; page: number } {
  return { status: view.tab === 'unanswered' ? 0 : 1, page: view.page };
}
