import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** user/login: resolves with the session token. */
export function useLogin() {
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.login>) => request(CALLS.login, params),
  });
}
