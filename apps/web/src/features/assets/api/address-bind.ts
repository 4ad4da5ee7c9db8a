import { CALLS } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { reloadAddresses } from './address-list';

export interface BindInput {
  currencyId: number;
  currencyProtocolId: number | undefined;
  address: string;
  memo: string;
  code: string;
}

/** address/bind: every field is sent; the server checks them (spec 2 §5). */
export function useAddressBind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BindInput) =>
      request(CALLS.addressBind, {
        currency_id: input.currencyId,
        currency_protocol_id: input.currencyProtocolId,
        address: input.address.trim(),
        memo: input.memo.trim(),
        code: input.code.trim(),
      }),
    onSuccess: () => reloadAddresses(queryClient),
  });
}
