import { CALLS } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { wireDecimal } from '../../../shared/format/number';
import { reloadAccounts } from './account-list';
import { reloadWithdrawals } from './withdraw-log';

export interface DrawInput {
  currencyId: number;
  currencyProtocolId: number | undefined;
  address: string;
  memo: string;
  amount: string;
  payPassword: string;
}

/** account/draw: the amount is locked until an operator pays it out or rejects it. */
export function useDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DrawInput) =>
      request(CALLS.draw, {
        currency_id: input.currencyId,
        currency_protocol_id: input.currencyProtocolId,
        address: input.address,
        memo: input.memo,
        number: wireDecimal(input.amount),
        pay_password: input.payPassword,
      }),
    onSuccess: () => Promise.all([reloadAccounts(queryClient), reloadWithdrawals(queryClient)]),
  });
}
