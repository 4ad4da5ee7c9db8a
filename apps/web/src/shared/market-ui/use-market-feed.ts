import type { CurrencyMatch } from '@exchange/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTopic } from '../ws/use-topic';
import { dealQuery } from './deal';
import { addTrade } from './recent-trades';

/**
 * Keeps the pair's market/deal live (spec 1 §4): `MARKET_DEPTH.{symbol}` replaces the book,
 * `GLOBAL_TX.{symbol}` adds to the recent trades. Both topics change with the pair.
 */
export function useMarketFeed(pair: Pick<CurrencyMatch, 'id' | 'symbol'>): void {
  const queryClient = useQueryClient();
  const { queryKey } = dealQuery(pair.id);

  useTopic(`MARKET_DEPTH.${pair.symbol}`, (push) => {
    const depth = push.data;
    if (depth.currency_match_id !== pair.id) return;
    queryClient.setQueryData(queryKey, (deal) =>
      deal === undefined ? deal : { ...deal, depth: { in: depth.in, out: depth.out } },
    );
  });

  useTopic(`GLOBAL_TX.${pair.symbol}`, (push) => {
    if (push.data.currency_match_id !== pair.id) return;
    const { id, price, amount, way, timestamp } = push.data;
    queryClient.setQueryData(queryKey, (deal) =>
      deal === undefined
        ? deal
        : {
            ...deal,
            tx_completes: addTrade(deal.tx_completes, { id, price, amount, way, timestamp }),
          },
    );
  });
}
