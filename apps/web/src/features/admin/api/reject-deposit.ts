import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { reloadDeposits } from './deposits';

/** admin/deposits/reject with a reason; nothing is credited. The list is read again either way. */
export function useRejectDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.adminDepositReject>) =>
      request(CALLS.adminDepositReject, params),
    onSettled: () => reloadDeposits(queryClient),
  });
}
