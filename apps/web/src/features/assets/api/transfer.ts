import { CALLS } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { wireDecimal } from '../../../shared/format/number';
import { reloadAccounts } from './account-list';
import { reloadTransfers } from './transfer-log';

export interface TransferInput {
  currencyId: number;
  amount: string;
  from: number;
  to: number;
  /** One id per attempt: the server moves the amount once however often it is sent. */
  clientId: string;
}

/** account/transfer between two of the user's account types of one currency. */
export function useTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TransferInput) =>
      request(CALLS.transfer, {
        currency_id: input.currencyId,
        balance: wireDecimal(input.amount),
        from: input.from,
        to: input.to,
        client_id: input.clientId,
      }),
    onSuccess: () => Promise.all([reloadAccounts(queryClient), reloadTransfers(queryClient)]),
  });
}
