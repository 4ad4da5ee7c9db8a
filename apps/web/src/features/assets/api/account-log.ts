import { CALLS } from '@exchange/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

export const ACCOUNT_LOG_PAGE_SIZE = 15;

/** account_log/list: movements of one account type (`types` = its code), optionally one currency. */
export function accountLogQuery(types: string, currencyId: number | undefined, page: number) {
  return callQuery(CALLS.accountLog, {
    types,
    currency_id: currencyId,
    page,
    limit: ACCOUNT_LOG_PAGE_SIZE,
  });
}

export function useAccountLog(types: string, currencyId: number | undefined, page: number) {
  return useQuery({
    ...accountLogQuery(types, currencyId, page),
    placeholderData: keepPreviousData,
  });
}
