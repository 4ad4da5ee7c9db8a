import { CALLS } from '@exchange/contract';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';
import { listParams, type ReviewView } from '../lib/review-view';

/** admin/withdrawals of one status tab and page. */
export function withdrawalsQuery(view: ReviewView) {
  return callQuery(CALLS.adminWithdrawals, listParams(view));
}

export function useWithdrawals(view: ReviewView) {
  return useQuery({ ...withdrawalsQuery(view), placeholderData: keepPreviousData });
}

/** Every tab and page of the withdrawal list reloads after a review (an item changes tab). */
export function reloadWithdrawals(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CALLS.adminWithdrawals.path] });
}
