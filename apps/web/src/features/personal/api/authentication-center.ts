import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';

/** user_real/center: the review status of the user's identity, with the reason of a rejection. */
export function identityCenterQuery() {
  return callQuery(CALLS.identityCenter);
}

export function useIdentityCenter() {
  return useQuery(identityCenterQuery());
}

/**
 * user_real/real_name: submits the identity for review. The center is read again (now pending,
 * with the time), and so is user/info, which carries the review status too.
 */
export function useIdentitySubmit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.identitySubmit>) =>
      request(CALLS.identitySubmit, params),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: identityCenterQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: [CALLS.info.path] }),
      ]),
  });
}
