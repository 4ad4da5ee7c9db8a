import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { checkPaypassQuery } from '../../../shared/api/user-info';

/** user/amend_pay_password: sets or changes the trade password; the answer is the new state. */
export function useAmendPayPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.amendPayPassword>) =>
      request(CALLS.amendPayPassword, params),
    onSuccess: (state) => queryClient.setQueryData(checkPaypassQuery().queryKey, state),
  });
}
