import { CALLS, type KlinePeriod } from '@exchange/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api/client';
import { klineWindow } from './interval';

/**
 * market/kline of one pair and period. The window ends when the query runs, so it is not part of
 * the key: a refetch asks for the bars up to that moment.
 */
export function klineQuery(pairId: number, period: KlinePeriod) {
  return queryOptions({
    queryKey: [CALLS.kline.path, { currency_match_id: pairId, period }] as const,
    queryFn: () =>
      request(CALLS.kline, {
        currency_match_id: pairId,
        period,
        ...klineWindow(period, Date.now()),
      }),
  });
}

/**
 * The chart also re-reads its bars every 10 s (spec 1 §9's refresh poll): pushes keep it live, the
 * poll mends bars missed while the socket was away. Unchanged answers keep their reference, so
 * they do not redraw the chart.
 */
const KLINE_POLL_MS = 10_000;

export function useKline(pairId: number | undefined, period: KlinePeriod) {
  return useQuery({
    ...klineQuery(pairId ?? 0, period),
    enabled: pairId !== undefined,
    refetchInterval: KLINE_POLL_MS,
  });
}
