import {
  CALLS,
  MICRO_PAGE_SIZE,
  MICRO_STATUS,
  type CallRequest,
  type MicroCurrency,
} from '@exchange/contract';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';
import { overdueCheckMs, withDeadlines, type MicroPage } from '../lib/micro-list';

export type MicroStatus = (typeof MICRO_STATUS)[keyof typeof MICRO_STATUS];

/** An in-progress row whose countdown ended this long ago without a push: the list is read again. */
export const OVERDUE_GRACE_MS = 2_000;
/** The soonest the list is read again for an overdue row (and how often while it stays so). */
export const OVERDUE_REFRESH_MS = 3_000;

/** microtrade/payable_currencies: the stake currencies with the micro balance, presets and limits. */
export const microCurrenciesQuery = () => callQuery(CALLS.microCurrencies, {});

export function useMicroCurrencies() {
  return useQuery(microCurrenciesQuery());
}

/** microtrade/seconds of the pair: its durations and profit ratios. */
export function useMicroSeconds(pairId: number) {
  return useQuery(callQuery(CALLS.microSeconds, { match_id: pairId }));
}

const listParams = (status: MicroStatus, page: number) => ({
  status,
  page,
  limit: MICRO_PAGE_SIZE,
});

/** The cache key of a list page (every pair: the lists show all of the user's orders). */
export const microListKey = (status: MicroStatus, page: number) =>
  [CALLS.microLists.path, listParams(status, page)] as const;

/**
 * microtrade/lists of a tab, 10 a page. Silent (the list shows its failure in place); each row
 * gets its countdown deadline as it arrives; an in-progress page is read again shortly after its
 * first countdown ends, in case that order's MICRO_CLOSED push was missed.
 */
export function useMicroList(status: MicroStatus, page: number) {
  return useQuery({
    queryKey: microListKey(status, page),
    queryFn: async () =>
      withDeadlines(
        await request(CALLS.microLists, listParams(status, page), { silent: true }),
        Date.now(),
      ),
    // Another page of the same tab keeps the rows on screen while it loads; another tab does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery && isMicroList(previousQuery, status) ? previous : undefined,
    refetchInterval: (query) =>
      status === MICRO_STATUS.open
        ? overdueCheckMs(
            query.state.data?.data ?? [],
            Date.now(),
            OVERDUE_GRACE_MS,
            OVERDUE_REFRESH_MS,
          )
        : false,
  });
}

/** Whether a cached query is a page of the micro list of `status`. */
export function isMicroList(query: Pick<Query, 'queryKey'>, status: MicroStatus): boolean {
  const [path, params] = query.queryKey;
  return (
    path === CALLS.microLists.path &&
    typeof params === 'object' &&
    params !== null &&
    (params as { status?: unknown }).status === status
  );
}

export function refreshMicroList(queryClient: QueryClient, status: MicroStatus) {
  return queryClient.invalidateQueries({ predicate: (query) => isMicroList(query, status) });
}

export function refreshMicroCurrencies(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [CALLS.microCurrencies.path] });
}

/** Updates every cached page of the in-progress list. */
export function updateOpenLists(queryClient: QueryClient, update: (page: MicroPage) => MicroPage) {
  queryClient.setQueriesData<MicroPage>(
    { predicate: (query) => isMicroList(query, MICRO_STATUS.open) },
    (page) => (page === undefined ? page : update(page)),
  );
}

/** microtrade/submit; afterwards the in-progress list and the balances are read again. */
export function useMicroSubmit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.microSubmit>) =>
      request(CALLS.microSubmit, params),
    onSuccess: () =>
      Promise.all([
        refreshMicroList(queryClient, MICRO_STATUS.open),
        refreshMicroCurrencies(queryClient),
      ]),
  });
}

/** microtrade/evidence of a closed order (when its row came without it). */
export function useMicroEvidence(id: number | null) {
  return useQuery({
    ...callQuery(CALLS.microEvidence, { id: id ?? 0 }),
    enabled: id !== null,
  });
}

export type { MicroCurrency };
