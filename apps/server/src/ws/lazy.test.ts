import { describe, expect, it } from 'vitest';
import { lazyPublicPush, lazyUserPush } from './lazy.js';

describe('lazy pushes', () => {
  it('build their data only when read, once, and serialize it like a plain field', () => {
    let built = 0;
    const make = () => {
      built++;
      return { price: '1.5' };
    };
    const unread = lazyPublicPush('MARKET_DEPTH.BTC/USDT', make);
    expect(unread.topic).toBe('MARKET_DEPTH.BTC/USDT');
    expect(built).toBe(0);

    const push = lazyUserPush(7, 'TX_SUBMIT', make);
    expect(JSON.parse(JSON.stringify(push))).toEqual({
      userId: 7,
      topic: 'TX_SUBMIT',
      data: { price: '1.5' },
    });
    expect(push.data).toBe(push.data);
    expect(built).toBe(1);
  });
});
