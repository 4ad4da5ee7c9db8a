import { CALLS, DEPOSIT_PAGE_SIZE } from '@exchange/contract';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

/** account_log/recharge: deposit records, 15 a page (spec 2 §7, §9). */
export function rechargeLogQuery(currencyId: number | undefined, page: number) {
  return callQuery(CALLS.rechargeLog, {
    currency_id: currencyId,
    page,
    limit: DEPOSIT_PAGE_SIZE,
  });
}

export function useRechargeLog(currencyId: number | undefined, page: number) {
  return useQuery({ ...rechargeLogQuery(currencyId, page), placeholderData: keepPreviousData });
}

/** Every cached page of deposit records, whatever its filter, reads again. */
export function reloadDeposits(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CALLS.rechargeLog.path] });
}
