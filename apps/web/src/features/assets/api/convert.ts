import { ACCOUNT_TYPES, CALLS } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { wireDecimal } from '../../../shared/format/number';
import { reloadAccounts } from './account-list';

/**
 * account/convert of the second (micro) account's coins into its USDT (account_type_id 4): an
 * immediate sell through the book that pays at least `minReceive` (from the quote the user saw)
 * or converts nothing.
 */
export function useConvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currencyId: number; amount: string; minReceive: string }) =>
      request(CALLS.convert, {
        currency_id: input.currencyId,
        number: wireDecimal(input.amount),
        account_type_id: ACCOUNT_TYPES.micro,
        min_receive: input.minReceive,
      }),
    onSettled: () =>
      Promise.all([
        reloadAccounts(queryClient),
        queryClient.invalidateQueries({ queryKey: [CALLS.convertQuote.path] }),
      ]),
  });
}
