import {
  ACCOUNT_TYPES,
  CALLS,
  EARN_LOG_PAGE_SIZE,
  type CallRequest,
  type EarnProduct,
  type EarnSubscription,
} from '@exchange/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';
import { useSession } from '../../../shared/store/session';
import { earnListQuery } from './earn-list';
import { nextRefreshMs, statusOfTab, type LogTab } from '../lib/earn-log';

export type { EarnProduct, EarnSubscription };

/** ieo/list of a page (earn-list.ts, which the route table prefetches). */
export function useEarnProducts(page: number) {
  // Another page keeps the cards on screen while it loads.
  return useQuery({ ...earnListQuery(page), placeholderData: keepPreviousData });
}

/**
 * ieo/my of a tab, 10 a page, newest first (keyed by its path, as callQuery keys it, so that a
 * subscription reads it again); read again shortly after the soonest payout of a subscription
 * on the page, so that the day's interest shows by itself.
 */
export function useEarnSubscriptions(tab: LogTab, page: number) {
  const status = statusOfTab(tab);
  const params: CallRequest<typeof CALLS.ieoMy> = { page, limit: EARN_LOG_PAGE_SIZE };
  if (status !== undefined) params.status = status;
  return useQuery({
    queryKey: [CALLS.ieoMy.path, params] as const,
    // Silent: the log shows a failure in place, with a retry.
    queryFn: () => request(CALLS.ieoMy, params, { silent: true }),
    // Another page of the same tab keeps the rows on screen while it loads; another tab does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery && previousQuery.queryKey[1].status === status ? previous : undefined,
    refetchInterval: (query) => nextRefreshMs(query.state.data?.data ?? [], Date.now()),
  });
}

/**
 * The signed-in user's available balance of a currency in the financial account (account/list,
 * the cache the assets area reads): null while unknown (loading, failed, or a guest).
 */
export function useFinancialBalance(currencyId: number) {
  const signedIn = useSession((s) => s.token !== null);
  const accounts = useQuery({ ...callQuery(CALLS.accountList), enabled: signedIn });
  const group = accounts.data?.find((g) => g.account_type_id === ACCOUNT_TYPES.financial);
  const account = group?.accounts.find((a) => a.currency_id === currencyId);
  return {
    balance: account?.balance ?? (group ? '0' : null),
    isLoading: accounts.isLoading,
    isError: accounts.isError,
  };
}

/**
 * ieo/addIeo: subscribes from the financial account; afterwards the products (sold, holding),
 * the user's subscriptions and the balances are read again.
 */
export function useEarnSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.ieoAdd>) => request(CALLS.ieoAdd, params),
    onSuccess: () =>
      Promise.all(
        [CALLS.ieoList.path, CALLS.ieoMy.path, CALLS.accountList.path].map((path) =>
          queryClient.invalidateQueries({ queryKey: [path] }),
        ),
      ),
  });
}
