import { CALLS } from '@exchange/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateSnapshots } from './reconnect';

describe('invalidateSnapshots (after a WebSocket reconnect)', () => {
  it('marks the order book, open orders and balances stale, and nothing else', async () => {
    const queryClient = new QueryClient();
    const keys = {
      deal: [CALLS.deal.path, { currency_match_id: 1 }],
      buyList: [CALLS.buyList.path, { page: 1, limit: 10, currency_match_id: 1 }],
      sellList: [CALLS.sellList.path, { page: 1, limit: 10 }],
      balance: [CALLS.detail.path, { currency_id: 2, account_type_id: 1 }],
      accounts: [CALLS.accountList.path, {}],
      markets: [CALLS.currencyMatches.path, {}],
      micro: [CALLS.microLists.path, { status: 1, page: 1, limit: 10 }],
      microCurrencies: [CALLS.microCurrencies.path, {}],
      news: [CALLS.newsList.path, { category_id: 1 }],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { any: 1 });

    await invalidateSnapshots(queryClient);

    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(keys.deal)).toBe(true);
    expect(stale(keys.buyList)).toBe(true);
    expect(stale(keys.sellList)).toBe(true);
    expect(stale(keys.balance)).toBe(true);
    expect(stale(keys.accounts)).toBe(true);
    expect(stale(keys.markets)).toBe(true);
    expect(stale(keys.micro)).toBe(true);
    expect(stale(keys.microCurrencies)).toBe(true);
    expect(stale(keys.news)).toBe(false);
  });
});
