import { ACCOUNT_TYPE_TRADE, CALLS, type BalancePush } from '@exchange/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';
import { useSession } from '../../../shared/store/session';

/** account/detail of one currency in the trade account (account_type_id 1, spec 1 §3). */
export function balanceQuery(currencyId: number) {
  return callQuery(CALLS.detail, { currency_id: currencyId, account_type_id: ACCOUNT_TYPE_TRADE });
}

/** The available balance of a currency, for a signed-in user. */
export function useBalance(currencyId: number | undefined) {
  const token = useSession((s) => s.token);
  return useQuery({
    ...balanceQuery(currencyId ?? 0),
    enabled: token !== null && currencyId !== undefined,
  });
}

/** Reload every balance on screen (after an order or a cancel, spec 1 §4). */
export function reloadBalances(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CALLS.detail.path] });
}

/** A balance pushed with `TX_MATCHED` replaces the cached one of its currency. */
export function applyBalancePush(queryClient: QueryClient, push: BalancePush | null): void {
  if (push === null) return;
  queryClient.setQueryData(balanceQuery(push.currency_id).queryKey, (old) =>
    old === undefined ? old : { ...old, balance: push.balance, lock_balance: push.lock_balance },
  );
}
