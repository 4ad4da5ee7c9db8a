import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** user/forget_password: a new password with a code of type 2. */
export function useForgetPassword() {
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.forgetPassword>) =>
      request(CALLS.forgetPassword, params),
  });
}
