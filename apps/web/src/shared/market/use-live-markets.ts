import { CALLS, type QuoteGroup } from '@exchange/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callQuery } from '../api/query';
import { useTopic } from '../ws/use-topic';
import { mergeDayMarket } from './merge-day-market';

/** The query every market screen shares (one cache entry, one key: `callQuery`'s). */
export const currencyMatchesQuery = () => callQuery(CALLS.currencyMatches);

export interface LiveMarkets {
  groups: QuoteGroup[] | undefined;
  isLoading: boolean;
  isError: boolean;
}

/**
 * The quote groups and their pairs, kept live: while mounted it subscribes to `DAY_MARKET` and
 * merges each pushed quotation into the shared cache entry (spec 1 §3, §4: home and market list
 * subscribe on entering and unsubscribe on leaving).
 */
export function useLiveMarkets(): LiveMarkets {
  const queryClient = useQueryClient();
  const query = useQuery(currencyMatchesQuery());

  useTopic('DAY_MARKET', (push) => {
    const updates = push.data;
    if (updates.length === 0) return;
    queryClient.setQueryData(currencyMatchesQuery().queryKey, (groups) =>
      groups === undefined ? groups : mergeDayMarket(groups, updates),
    );
  });

  return { groups: query.data, isLoading: query.isLoading, isError: query.isError };
}
