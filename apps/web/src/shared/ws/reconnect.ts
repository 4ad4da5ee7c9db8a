import { CALLS } from '@exchange/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The GET calls whose cached answers pushes keep live (order book and recent trades, quotations,
 * bars, open orders and the history they finish into, balances, micro orders). While the socket
 * was down their pushes were missed, so after a reconnect they are reloaded (those on screen) or
 * marked stale.
 */
export const PUSH_FED_PATHS: readonly string[] = [
  CALLS.deal.path,
  CALLS.currencyMatches.path,
  CALLS.kline.path,
  CALLS.buyList.path,
  CALLS.sellList.path,
  CALLS.history.path,
  CALLS.detail.path,
  CALLS.accountList.path,
  // Micro orders settle by push (MICRO_CLOSED), which also moves the micro balance.
  CALLS.microLists.path,
  CALLS.microCurrencies.path,
];

export function invalidateSnapshots(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const path = query.queryKey[0];
      return typeof path === 'string' && PUSH_FED_PATHS.includes(path);
    },
  });
}
