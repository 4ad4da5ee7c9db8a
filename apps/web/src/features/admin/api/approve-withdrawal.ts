import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { reloadWithdrawals } from './withdrawals';

/**
 * admin/withdrawals/approve with the payout's transaction reference: the locked amount leaves
 * the user's account. The list is read again either way.
 */
export function useApproveWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.adminWithdrawalApprove>) =>
      request(CALLS.adminWithdrawalApprove, params),
    onSettled: () => reloadWithdrawals(queryClient),
  });
}
