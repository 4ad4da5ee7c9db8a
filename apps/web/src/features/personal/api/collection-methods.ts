import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';

/** pay_method/types: the receiving method types (ids 1 alipay, 2 wxpay, 3 bank). */
export function usePayMethodTypes() {
  return useQuery({ ...callQuery(CALLS.payMethodTypes), staleTime: Infinity });
}

/** pay_method/get_method_by_type: the saved method of a type, or null. */
export function payMethodQuery(type: number) {
  return callQuery(CALLS.payMethodOfType, { type });
}

export function usePayMethod(type: number | undefined) {
  return useQuery({ ...payMethodQuery(type ?? 0), enabled: type !== undefined });
}

/** pay_method/save: the answer is the saved method, put in place of the one read before. */
export function usePayMethodSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.payMethodSave>) =>
      request(CALLS.payMethodSave, params),
    onSuccess: (saved) => queryClient.setQueryData(payMethodQuery(saved.type).queryKey, saved),
  });
}
