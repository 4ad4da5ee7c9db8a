import { CALLS, type CallDef, type CallRequest, type CallResponse } from '@exchange/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { type LeverTab } from '../lib/lever-form';

export type LeverDeal = CallResponse<typeof CALLS.leverDeal>;

/** The mark price, balance and hazard rate move: the screen reads them again this often. */
export const LEVER_REFRESH_MS = 4000;

/**
 * A read the screen repeats every few seconds: silent (no toast each time it fails); the screen
 * shows the failure in place. The key is the one `callQuery` gives, so actions refresh it.
 */
function leverQuery<C extends CallDef>(call: C, params: CallRequest<C>) {
  return queryOptions({
    queryKey: [call.path, params] as const,
    queryFn: () => request(call, params, { silent: true }),
    refetchInterval: LEVER_REFRESH_MS,
  });
}

/** lever/deal: the form's data (balance, multiples, terms, mark price, stop-out level). */
export function useLeverDeal(pairId: number) {
  return useQuery({
    ...leverQuery(CALLS.leverDeal, { currency_match_id: pairId }),
  });
}

/** lever/dealall: the hazard rate and the total profit of the pair's open positions. */
export function useLeverDealAll(pairId: number) {
  return useQuery({
    ...leverQuery(CALLS.leverDealAll, { currency_match_id: pairId, page: 1 }),
  });
}

/** The "current" tabs list this pair only; the "all" tabs every pair. */
export function tabParams(tab: LeverTab, pairId: number, page: number) {
  return tab === 5 || tab === 6
    ? { status: tab, currency_match_id: pairId, page }
    : { status: tab, page };
}

/** lever/my_trade of a history tab, 10 a page (open positions are valued at the mark now). */
export function useLeverTrades(tab: LeverTab, pairId: number, page: number) {
  return useQuery({
    ...leverQuery(CALLS.leverMyTrade, tabParams(tab, pairId, page)),
    placeholderData: (previous) => previous,
  });
}

/** Every lever read again: after any action the balance, lists and hazard rate change. */
export function refreshLever(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('lever/'),
  });
}

function useLeverAction<P, R>(fn: (params: P) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => refreshLever(queryClient),
  });
}

export const useLeverSubmit = () =>
  useLeverAction((params: CallRequest<typeof CALLS.leverSubmit>) =>
    request(CALLS.leverSubmit, params),
  );
export const useLeverCancel = () =>
  useLeverAction((id: number) => request(CALLS.leverCancel, { id }));
export const useLeverClose = () =>
  useLeverAction((id: number) => request(CALLS.leverClose, { id }));
export const useLeverSetStop = () =>
  useLeverAction((p: { id: number; target_profit_price: string; stop_loss_price: string }) =>
    request(CALLS.leverSetStop, p),
  );
export const useLeverBatchClose = () =>
  useLeverAction((p: { currency_match_id: number; type: 0 | 1 | 2 }) =>
    request(CALLS.leverBatchClose, p),
  );
