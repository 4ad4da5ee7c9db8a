import { CALLS } from '@exchange/contract';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';
import { listParams, type ReviewView } from '../lib/review-view';

/** admin/deposits of one status tab and page. */
export function depositsQuery(view: ReviewView) {
  return callQuery(CALLS.adminDeposits, listParams(view));
}

export function useDeposits(view: ReviewView) {
  // Paging keeps the old rows until the next page arrives: the table does not collapse.
  return useQuery({ ...depositsQuery(view), placeholderData: keepPreviousData });
}

/** Every tab and page of the deposit list reloads after a review (an item changes tab). */
export function reloadDeposits(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CALLS.adminDeposits.path] });
}
