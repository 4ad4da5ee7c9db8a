import { CALLS, type CallRequest } from '@exchange/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';

/** admin/lever/overview: the stop-out level, the house and insurance accounts and every pair. */
export function leverOverviewQuery() {
  return callQuery(CALLS.adminLeverOverview, {});
}

export function useLeverOverview() {
  return useQuery(leverOverviewQuery());
}

/** admin/lever/liquidations, one page (20 rows). */
export function useLeverLiquidations(page: number) {
  return useQuery({
    ...callQuery(CALLS.adminLeverLiquidations, { page }),
    placeholderData: keepPreviousData,
  });
}

/** The overview is read again after every change, saved or refused (another operator may act). */
function useOverviewMutation<P, R>(send: (params: P) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: leverOverviewQuery().queryKey }),
  });
}

/** admin/lever/settings: a pair's terms; only the fields sent change. */
export function useLeverSettings() {
  return useOverviewMutation((params: CallRequest<typeof CALLS.adminLeverSettings>) =>
    request(CALLS.adminLeverSettings, params),
  );
}

/** admin/lever/stop_out: the hazard rate (percent) at which positions are liquidated. */
export function useLeverStopOut() {
  return useOverviewMutation((params: CallRequest<typeof CALLS.adminLeverStopOut>) =>
    request(CALLS.adminLeverStopOut, params),
  );
}

/** admin/ledger/adjust on the house or insurance account: positive funds, negative draws. */
export function useLeverAdjust() {
  return useOverviewMutation((params: CallRequest<typeof CALLS.ledgerAdjust>) =>
    request(CALLS.ledgerAdjust, params),
  );
}
