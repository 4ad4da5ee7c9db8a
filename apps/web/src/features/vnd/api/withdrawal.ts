import {
  ACCOUNT_TYPES,
  CALLS,
  VND_WITHDRAW_PAGE_SIZE,
  type VndWithdrawal,
} from '@exchange/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';
import { wireDecimal } from '../../../shared/format/number';
import { VND_CREDIT_CODE } from '../lib/vnd-form';

export type { VndWithdrawal };

/**
 * The trade account's USDT (account/list, the cache the assets area reads): its available
 * balance ('0' when the user has never held any) and its decimals; null while unknown.
 */
export function useTradeUsdt() {
  const accounts = useQuery(callQuery(CALLS.accountList));
  const group = accounts.data?.find((g) => g.account_type_id === ACCOUNT_TYPES.trade);
  const account = group?.accounts.find((a) => a.currency_code === VND_CREDIT_CODE);
  return {
    available: account?.balance ?? (group ? '0' : null),
    locked: account?.lock_balance ?? (group ? '0' : null),
    decimals: account?.currency.decimals ?? 6,
    query: accounts,
  };
}

/** account/withdraw_list: the user's VND withdrawals, 15 a page, newest first. */
export function useVndWithdrawals(page: number) {
  return useQuery({
    ...callQuery(CALLS.withdrawList, { page, limit: VND_WITHDRAW_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export interface VndWithdrawInput {
  amount: string;
  /** The rate shown (`usd_vnd_withdraw`): a change since is refused (withdraw.rate_changed). */
  rate: string;
  /** amount × rate, rounded down to whole VND, as shown. */
  total: string;
  payPassword: string;
}

/**
 * account/withdrawalPost: the amount is locked in the trade account until an operator pays the
 * VND to the user's bank account or rejects; balances and the records read again. A changed rate
 * is read again too, so that the form shows the new one.
 */
export function useVndWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VndWithdrawInput) =>
      request(CALLS.withdrawalPost, {
        amount: wireDecimal(input.amount),
        rate: input.rate,
        total_amount: input.total,
        pay_password: input.payPassword,
      }),
    onSuccess: () =>
      Promise.all(
        [CALLS.accountList.path, CALLS.withdrawList.path, CALLS.withdrawLog.path].map((path) =>
          queryClient.invalidateQueries({ queryKey: [path] }),
        ),
      ),
    onError: () =>
      queryClient.invalidateQueries({
        queryKey: [CALLS.setting.path, { key: 'usd_vnd_withdraw' }],
      }),
  });
}
