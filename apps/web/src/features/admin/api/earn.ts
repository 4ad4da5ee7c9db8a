import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';

/** admin/ieo/list: every earning product with its reserve, what it owes and paid, its principal. */
export function earnProductsQuery() {
  return callQuery(CALLS.adminIeoList, {});
}

export function useEarnProducts() {
  return useQuery(earnProductsQuery());
}

/**
 * account/list of the operator: the currencies a financial account holds, which are those an
 * earning product can be sold in (with their decimals).
 */
export function useEarnCurrencies() {
  return useQuery(callQuery(CALLS.accountList));
}

/**
 * The list is read again after every change, saved or refused (another operator may act); so
 * is the earning list users see (ieo/list), which a change of terms, status or reserve moves.
 */
function useProductsMutation<P, R>(send: (params: P) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: earnProductsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: [CALLS.ieoList.path] }),
      ]),
  });
}

/** admin/ieo/create: a new product; it sells nothing until its interest reserve is funded. */
export function useEarnCreate() {
  return useProductsMutation((params: CallRequest<typeof CALLS.adminIeoCreate>) =>
    request(CALLS.adminIeoCreate, params),
  );
}

/** admin/ieo/update: a product's terms and texts, until its first subscription. */
export function useEarnUpdate() {
  return useProductsMutation((params: CallRequest<typeof CALLS.adminIeoUpdate>) =>
    request(CALLS.adminIeoUpdate, params),
  );
}

/** admin/ieo/status: on sale (1), paused (2) or closed for good (3), with the reason. */
export function useEarnStatus() {
  return useProductsMutation((params: CallRequest<typeof CALLS.adminIeoStatus>) =>
    request(CALLS.adminIeoStatus, params),
  );
}

/** admin/ieo/fund: funds (positive) or draws back (negative) a product's interest reserve. */
export function useEarnFund() {
  return useProductsMutation((params: CallRequest<typeof CALLS.adminIeoFund>) =>
    request(CALLS.adminIeoFund, params),
  );
}
