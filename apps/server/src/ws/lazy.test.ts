import { describe, expect, it } from 'vitest';
import { lazyPublicPush, lazyUserPush } from './lazy.js';

describe('lazy pushes', () => {
  it('build their data only when read, once, and serialize it like a plain field', () => {
    let built = 0;
    const depth = { ts: 1, currency_match_id: 1, symbol: 'BTC/USDT', in: [], out: [] };
    const unread = lazyPublicPush('MARKET_DEPTH.BTC/USDT', () => {
      built++;
      return depth;
    });
    expect(unread.topic).toBe('MARKET_DEPTH.BTC/USDT');
    expect(built).toBe(0);

    const order = {
      id: 1,
      currency_match_id: 1,
      currency_match: { symbol: 'BTC/USDT' },
      way: 1 as const,
      way_name: 'Buy',
      type: 0 as const,
      price: '1.5',
      number: '1',
      transacted_amount: '0',
      transacted_volume: '0',
      fee: '0',
      status: 0 as const,
      status_name: 'Open',
      client_order_id: null,
      created_at: 1,
      updated_at: 1,
    };
    const push = lazyUserPush(7, 'TX_SUBMIT', () => {
      built++;
      return { order };
    });
    expect(JSON.parse(JSON.stringify(push))).toEqual({
      userId: 7,
      topic: 'TX_SUBMIT',
      data: { order },
    });
    expect(push.data).toBe(push.data);
    expect(built).toBe(1);
  });
});
