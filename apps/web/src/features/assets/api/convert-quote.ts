import { CALLS } from '@exchange/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/** The book moves: the quote is read again every 10 s while the panel is open. */
const QUOTE_POLL_MS = 10_000;

/**
 * account/convert_quote: what selling the amount into the USDT book pays now (other users' bids
 * walked level by level, the fee, the least a confirmation accepts). Silent: a coin nobody bids
 * for, or an amount beyond the book's depth, is shown in place, not as a toast every 10 s.
 */
export function convertQuoteQuery(currencyId: number, amount: string) {
  const params = { currency_id: currencyId, number: amount };
  return queryOptions({
    queryKey: [CALLS.convertQuote.path, params] as const,
    queryFn: () => request(CALLS.convertQuote, params, { silent: true }),
  });
}

export function useConvertQuote(currencyId: number | undefined, amount: string) {
  return useQuery({
    ...convertQuoteQuery(currencyId ?? 0, amount),
    enabled: currencyId !== undefined,
    refetchInterval: QUOTE_POLL_MS,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}
