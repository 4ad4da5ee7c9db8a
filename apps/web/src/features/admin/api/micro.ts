import { CALLS, type CallRequest } from '@exchange/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';

/** admin/microtrade/overview: default options, pairs, stake currencies and the micro house. */
export function microOverviewQuery() {
  return callQuery(CALLS.adminMicroOverview, {});
}

export function useMicroOverview() {
  return useQuery(microOverviewQuery());
}

/**
 * The overview is read again after every change, saved or refused (another operator may act);
 * so are the options users see (microtrade/seconds), which a change of options moves.
 */
function useOverviewMutation<P, R>(send: (params: P) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: microOverviewQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: [CALLS.microSeconds.path] }),
      ]),
  });
}

/** admin/microtrade/house: funds (positive) or draws (negative) the micro house. */
export function useMicroFund() {
  return useOverviewMutation((params: CallRequest<typeof CALLS.adminMicroFund>) =>
    request(CALLS.adminMicroFund, params),
  );
}

/**
 * admin/microtrade/settings: a pair's exposure cap over every open expiry in one stake currency,
 * and its index guard (minimum trades and volume, manipulation multiple); omitted fields stay.
 */
export function useMicroSettings() {
  return useOverviewMutation((params: CallRequest<typeof CALLS.adminMicroSettings>) =>
    request(CALLS.adminMicroSettings, params),
  );
}

/** admin/microtrade/pair: open flag and own options (empty: the default options). */
export function useMicroPair() {
  return useOverviewMutation((params: CallRequest<typeof CALLS.adminMicroPair>) =>
    request(CALLS.adminMicroPair, params),
  );
}

/** admin/microtrade/defaults: the options of pairs without their own. */
export function useMicroDefaults() {
  return useOverviewMutation((params: CallRequest<typeof CALLS.adminMicroDefaults>) =>
    request(CALLS.adminMicroDefaults, params),
  );
}

/** admin/microtrade/currency: a stake currency's switch, presets, limits, fee and default cap. */
export function useMicroCurrency() {
  return useOverviewMutation((params: CallRequest<typeof CALLS.adminMicroCurrency>) =>
    request(CALLS.adminMicroCurrency, params),
  );
}
