import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';

/** user_bank/info: the bank account for withdrawals, or null. */
export function bankInfoQuery() {
  return callQuery(CALLS.bankInfo);
}

export function useBankInfo() {
  return useQuery(bankInfoQuery());
}

/** user_bank/update: the answer is the account as saved. */
export function useBankUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.bankUpdate>) => request(CALLS.bankUpdate, params),
    onSuccess: (saved) => queryClient.setQueryData(bankInfoQuery().queryKey, saved),
  });
}
