import { CALLS, type Page, type SpotOrder } from '@exchange/contract';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';
import { useSession } from '../../../shared/store/session';
import type { OrdersView } from '../lib/order-push';

/** Spot lists show 10 orders a page (spec 2 §9). */
export const ORDERS_PAGE_SIZE = 10;

/**
 * The list behind a view of the history panel (spec 2 §7): tx_in/list or tx_out/list (with the
 * pair only in the current tab), or tx_history/list.
 */
export function ordersQuery(view: OrdersView) {
  const paging = { page: view.page, limit: ORDERS_PAGE_SIZE };
  if (view.tab === 'history') return callQuery(CALLS.history, paging);
  const params = view.tab === 'current' ? { ...paging, currency_match_id: view.pairId } : paging;
  return callQuery(view.way === 1 ? CALLS.buyList : CALLS.sellList, params);
}

export function useOrders(view: OrdersView) {
  const token = useSession((s) => s.token);
  return useQuery({
    ...ordersQuery(view),
    enabled: token !== null,
    // Paging keeps the old rows until the next page arrives: the panel does not collapse.
    placeholderData: keepPreviousData,
  });
}

const OPEN_LIST_PATHS: readonly unknown[] = [CALLS.buyList.path, CALLS.sellList.path];

/** Applies a change to every cached page of open orders. */
export function updateOpenOrders(
  queryClient: QueryClient,
  update: (page: Page<SpotOrder>) => Page<SpotOrder>,
): void {
  queryClient.setQueriesData<Page<SpotOrder>>(
    { predicate: (query) => OPEN_LIST_PATHS.includes(query.queryKey[0]) },
    (page) => (page === undefined ? page : update(page)),
  );
}

export function invalidateOpenOrders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => OPEN_LIST_PATHS.includes(query.queryKey[0]),
  });
}

/** Marks finished orders stale: the history tab reloads when it is shown. */
export function refreshHistory(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CALLS.history.path] });
}
