import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** user/register. */
export function useRegister() {
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.register>) => request(CALLS.register, params),
  });
}
