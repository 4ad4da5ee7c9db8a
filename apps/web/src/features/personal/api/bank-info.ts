import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankInfoQuery } from '../../../shared/api/bank-info';
import { request } from '../../../shared/api/client';

/** user_bank/update: the answer is the account as saved. */
export function useBankUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.bankUpdate>) => request(CALLS.bankUpdate, params),
    onSuccess: (saved) => queryClient.setQueryData(bankInfoQuery().queryKey, saved),
  });
}
