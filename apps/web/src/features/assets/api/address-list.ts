import { CALLS } from '@exchange/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callQuery } from '../../../shared/api/query';

/** address/list: the user's bound withdrawal addresses (all currencies; screens filter). */
export function addressListQuery() {
  return callQuery(CALLS.addressList, {});
}

export function useAddressList() {
  return useQuery(addressListQuery());
}

export function reloadAddresses(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: addressListQuery().queryKey });
}
