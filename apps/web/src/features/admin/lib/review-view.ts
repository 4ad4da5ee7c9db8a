import { DEPOSIT_STATUS, REVIEW_STATUS, type ReviewStatus } from '@exchange/contract';

/** The status tabs of both review lists; `all` sends no status. */
export const REVIEW_TABS = ['pending', 'approved', 'rejected', 'all'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];

/** Review lists show 15 rows a page, like the user's deposit records (spec 2 §9). */
export const REVIEW_PAGE_SIZE = 15;

export interface ReviewView {
  tab: ReviewTab;
  page: number;
}

/** The list a URL shows (`?status=approved&page=2`); unknown values read as the first page of pending. */
export function readView(search: URLSearchParams): ReviewView {
  const status = search.get('status');
  const tab = REVIEW_TABS.find((known) => known === status) ?? 'pending';
  const page = Number(search.get('page'));
  return { tab, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

export function writeView(view: ReviewView): URLSearchParams {
  const search = new URLSearchParams({ status: view.tab });
  if (view.page > 1) search.set('page', String(view.page));
  return search;
}

/** The status of a tab as the server counts it (0 pending, 1 approved, 2 rejected). */
export function statusOf(tab: ReviewTab): ReviewStatus | undefined {
  return tab === 'all' ? undefined : DEPOSIT_STATUS[tab];
}

/** The request of a view: admin/deposits and admin/withdrawals take the same parameters. */
export function listParams(view: ReviewView): {
  status?: ReviewStatus;
  page: number;
  limit: number;
} {
  const status = statusOf(view.tab);
  const paging = { page: view.page, limit: REVIEW_PAGE_SIZE };
  return status === undefined ? paging : { ...paging, status };
}

export function tabOfStatus(status: ReviewStatus): ReviewTab {
  return status === REVIEW_STATUS.pending
    ? 'pending'
    : status === REVIEW_STATUS.approved
      ? 'approved'
      : 'rejected';
}
