import { CALLS } from '@exchange/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { reloadAddresses } from './address-list';

/** address/delete of one bound address. */
export function useAddressDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(CALLS.addressDelete, { id }),
    onSettled: () => reloadAddresses(queryClient),
  });
}
