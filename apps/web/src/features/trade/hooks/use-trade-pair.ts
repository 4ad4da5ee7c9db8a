import type { CurrencyMatch, QuoteGroup } from '@exchange/contract';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { tradeHref } from '../../../shared/market/trade-index';
import { useLiveMarkets } from '../../../shared/market/use-live-markets';
import { appStorage } from '../../../shared/store/storage';
import { readLastPair, resolvePair, writeLastPair } from '../lib/last-pair';

export interface TradePair {
  groups: QuoteGroup[] | undefined;
  pair: CurrencyMatch | undefined;
  /** The pair's `?id=` index among the open pairs. */
  index: number | undefined;
  isLoading: boolean;
  isError: boolean;
  select: (pairId: number) => void;
}

/**
 * The pair on screen, from `?id=<row index>` (spec 1 §2) or the pair remembered locally (spec 2
 * §2); choosing a pair moves to its URL, and the pair shown is remembered.
 */
export function useTradePair(): TradePair {
  const { groups, isLoading, isError } = useLiveMarkets();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const urlIndex = params.get('id');

  const resolved = useMemo(
    () => (groups ? resolvePair(groups, urlIndex, readLastPair(appStorage)) : null),
    [groups, urlIndex],
  );
  const pairId = resolved?.pair.id;

  useEffect(() => {
    if (pairId !== undefined) writeLastPair(appStorage, pairId);
  }, [pairId]);

  const select = useCallback(
    (id: number) => {
      const href = groups ? tradeHref(groups, id) : undefined;
      if (href) void navigate(href);
    },
    [groups, navigate],
  );

  return {
    groups,
    pair: resolved?.pair,
    index: resolved?.index,
    isLoading,
    isError,
    select,
  };
}
