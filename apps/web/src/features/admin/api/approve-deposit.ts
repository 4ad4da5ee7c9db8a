import { CALLS } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { reloadDeposits } from './deposits';

/**
 * admin/deposits/approve: the amount is credited through the ledger. Success or not (another
 * operator may have reviewed it first: review.done), the list is read again.
 */
export function useApproveDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(CALLS.adminDepositApprove, { id }),
    onSettled: () => reloadDeposits(queryClient),
  });
}
