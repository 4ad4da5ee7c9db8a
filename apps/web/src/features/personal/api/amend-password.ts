import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** user/amend_password: every session of the user ends, this one too. */
export function useAmendPassword() {
  return useMutation({
    mutationFn: (input: CallRequest<typeof CALLS.amendPassword>) =>
      request(CALLS.amendPassword, input),
  });
}
