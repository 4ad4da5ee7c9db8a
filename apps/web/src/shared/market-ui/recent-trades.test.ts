import { RECENT_TRADES_MAX, type PublicTrade } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { addTrade, recentTrades } from './recent-trades';

const trade = (id: number, timestamp = id * 1000): PublicTrade => ({
  id,
  price: '100',
  amount: '1',
  way: 1,
  timestamp,
});

describe('recent trades (spec 1 §4)', () => {
  it('keeps the newest first', () => {
    const list = recentTrades([trade(1), trade(3), trade(2)]);
    expect(list.map((t) => t.id)).toEqual([3, 2, 1]);
  });

  it('orders trades of the same millisecond by id', () => {
    const list = recentTrades([trade(1, 5), trade(2, 5)]);
    expect(list.map((t) => t.id)).toEqual([2, 1]);
  });

  it('caps the list at 30', () => {
    let list: PublicTrade[] = [];
    for (let id = 1; id <= 40; id += 1) list = addTrade(list, trade(id));
    expect(list).toHaveLength(RECENT_TRADES_MAX);
    expect(list[0]?.id).toBe(40);
    expect(list.at(-1)?.id).toBe(11);
  });

  it('ignores a trade it already has', () => {
    const list = recentTrades([trade(1), trade(2)]);
    expect(addTrade(list, trade(2))).toBe(list);
  });

  it('places a late push by its time', () => {
    const list = addTrade(recentTrades([trade(5), trade(3)]), trade(4));
    expect(list.map((t) => t.id)).toEqual([5, 4, 3]);
  });
});
