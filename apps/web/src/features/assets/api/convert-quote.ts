import { CALLS } from '@exchange/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** The book moves: the desk's quote is read again every 10 s while the panel is open. */
const QUOTE_POLL_MS = 10_000;

/**
 * account/convert_quote: market price, spread and the price the desk pays in USDT. Silent: a coin
 * without a market answers with an error the panel shows in place, not a toast every 10 s.
 */
export function convertQuoteQuery(currencyId: number) {
  const params = { currency_id: currencyId };
  return queryOptions({
    queryKey: [CALLS.convertQuote.path, params] as const,
    queryFn: () => request(CALLS.convertQuote, params, { silent: true }),
  });
}

export function useConvertQuote(currencyId: number | undefined) {
  return useQuery({
    ...convertQuoteQuery(currencyId ?? 0),
    enabled: currencyId !== undefined,
    refetchInterval: QUOTE_POLL_MS,
    staleTime: 0,
    retry: false,
  });
}
