import { CALLS } from '@exchange/contract';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

export const TRANSFER_PAGE_SIZE = 10;

/** account/transfer_log, optionally of one currency. */
export function transferLogQuery(currencyId: number | undefined, page: number) {
  return callQuery(CALLS.transferLog, {
    currency_id: currencyId,
    page,
    limit: TRANSFER_PAGE_SIZE,
  });
}

export function useTransferLog(currencyId: number | undefined, page: number) {
  return useQuery({ ...transferLogQuery(currencyId, page), placeholderData: keepPreviousData });
}

export function reloadTransfers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CALLS.transferLog.path] });
}
