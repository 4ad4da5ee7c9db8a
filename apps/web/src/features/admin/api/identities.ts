import { CALLS, type CallRequest } from '@exchange/contract';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';
import { identityParams, type IdentityTab, type QueueView } from '../lib/queue-view';

/** admin/identities of one status tab and page. */
export function identitiesQuery(view: QueueView<IdentityTab>) {
  return callQuery(CALLS.adminIdentities, identityParams(view));
}

export function useIdentities(view: QueueView<IdentityTab>) {
  // Paging keeps the old rows until the next page arrives: the table does not collapse.
  return useQuery({ ...identitiesQuery(view), placeholderData: keepPreviousData });
}

/** Every tab and page reloads after a decision (the submission changes tab). */
function reloadIdentities(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CALLS.adminIdentities.path] });
}

/**
 * admin/identities/approve: the user's identity is verified. Success or not (another operator
 * may have decided first: review.done), the list is read again.
 */
export function useApproveIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(CALLS.adminIdentityApprove, { id }),
    onSettled: () => reloadIdentities(queryClient),
  });
}

/** admin/identities/reject with the reason the user reads; the list is read again either way. */
export function useRejectIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: CallRequest<typeof CALLS.adminIdentityReject>) =>
      request(CALLS.adminIdentityReject, params),
    onSettled: () => reloadIdentities(queryClient),
  });
}
