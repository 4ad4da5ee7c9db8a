import { CALLS } from '@exchange/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

export const TRANSACTION_LOG_PAGE_SIZE = 15;

/**
 * account_log/list: the user's entries across accounts (`types=all`) or of one account type (its
 * id), optionally of one currency.
 */
export function useTransactionLog(types: string, currencyId: number | undefined, page: number) {
  return useQuery({
    ...callQuery(CALLS.accountLog, {
      types,
      currency_id: currencyId,
      page,
      limit: TRANSACTION_LOG_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
}

/** account/list: the currencies the user has accounts of (the currency filter). */
export function useAccountList() {
  return useQuery(callQuery(CALLS.accountList));
}
