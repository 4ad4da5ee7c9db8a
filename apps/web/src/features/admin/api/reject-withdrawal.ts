import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { reloadWithdrawals } from './withdrawals';

/**
 * admin/withdrawals/reject with a reason: the locked amount returns to the user's available
 * balance. The list is read again either way.
 */
export function useRejectWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.adminWithdrawalReject>) =>
      request(CALLS.adminWithdrawalReject, params),
    onSettled: () => reloadWithdrawals(queryClient),
  });
}
