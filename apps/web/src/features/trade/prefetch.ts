import type { QueryClient } from '@tanstack/react-query';
import { currencyMatchesQuery } from '../../shared/market/use-live-markets';
import { appStorage } from '../../shared/store/storage';
import { dealQuery } from '../../shared/market-ui/deal';
import { klineQuery } from '../../shared/market-ui/kline';
import { periodOf, readInterval } from '../../shared/market-ui/interval';
import { readLastPair, resolvePair } from './lib/last-pair';

/**
 * Starts the trade screen's reads while its code (and the chart library) is still loading: the
 * pairs, then the book and chart of the pair the page will show (the same choice as
 * `useTradePair`), each under the key the screen reads.
 */
export function prefetchTrade(queryClient: QueryClient, search: string): void {
  const urlIndex = new URLSearchParams(search).get('id');
  queryClient.ensureQueryData(currencyMatchesQuery()).then(
    (groups) => {
      const resolved = resolvePair(groups, urlIndex, readLastPair(appStorage));
      if (!resolved) return;
      const pairId = resolved.pair.id;
      void queryClient.prefetchQuery(dealQuery(pairId));
      void queryClient.prefetchQuery(klineQuery(pairId, periodOf(readInterval(appStorage))));
    },
    // The screen reads the pairs again and shows the failure itself.
    () => undefined,
  );
}
