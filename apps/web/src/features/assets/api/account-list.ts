import { CALLS } from '@exchange/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

/** account/list: every account group with one row per currency (spec 2 §7). */
export function accountListQuery() {
  return callQuery(CALLS.accountList);
}

export function useAccountList() {
  return useQuery(accountListQuery());
}

/** Balances moved (deposit credited, withdrawal locked, transfer, conversion): read them again. */
export function reloadAccounts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountListQuery().queryKey });
}
