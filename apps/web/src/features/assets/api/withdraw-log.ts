import { CALLS } from '@exchange/contract';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

export const WITHDRAW_PAGE_SIZE = 10;

/** account_log/withdraw: the user's withdrawals, newest first. */
export function withdrawLogQuery(page: number) {
  return callQuery(CALLS.withdrawLog, { page, limit: WITHDRAW_PAGE_SIZE });
}

export function useWithdrawLog(page: number) {
  return useQuery({ ...withdrawLogQuery(page), placeholderData: keepPreviousData });
}

export function reloadWithdrawals(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CALLS.withdrawLog.path] });
}
