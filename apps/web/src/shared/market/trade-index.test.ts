import { describe, expect, it } from 'vitest';
import { makeGroup, makeMatch } from './test-fixtures';
import { pairAtIndex, tradablePairs, tradeHref, tradeIndexOf } from './trade-index';

const groups = [
  makeGroup(1, 'USDT', [
    makeMatch(11, 'BTC', 'USDT'),
    makeMatch(12, 'ETH', 'USDT', { open_change: 0 }),
    makeMatch(13, 'TRX', 'USDT'),
  ]),
  makeGroup(2, 'BTC', [makeMatch(21, 'ETH', 'BTC'), makeMatch(22, 'LTC', 'BTC')]),
];

describe('the /trade?id= index (spec 1 §2: the index of the market row chosen)', () => {
  it('counts open pairs in group order, then match order', () => {
    expect(tradablePairs(groups).map((m) => m.id)).toEqual([11, 13, 21, 22]);
    expect(tradeIndexOf(groups, 11)).toBe(0);
    expect(tradeIndexOf(groups, 13)).toBe(1);
    expect(tradeIndexOf(groups, 21)).toBe(2);
    expect(tradeIndexOf(groups, 22)).toBe(3);
  });

  it('has no index for halted or unknown pairs', () => {
    expect(tradeIndexOf(groups, 12)).toBeUndefined();
    expect(tradeIndexOf(groups, 99)).toBeUndefined();
    expect(tradeHref(groups, 12)).toBeUndefined();
  });

  it('resolves an index back to the same pair', () => {
    for (const match of tradablePairs(groups)) {
      const index = tradeIndexOf(groups, match.id);
      expect(index).toBeDefined();
      expect(pairAtIndex(groups, index ?? -1)?.id).toBe(match.id);
    }
    expect(tradeHref(groups, 21)).toBe('/trade?id=2');
  });

  it('answers undefined for indexes out of range or not whole', () => {
    expect(pairAtIndex(groups, 4)).toBeUndefined();
    expect(pairAtIndex(groups, -1)).toBeUndefined();
    expect(pairAtIndex(groups, 1.5)).toBeUndefined();
    expect(pairAtIndex(groups, Number.NaN)).toBeUndefined();
    expect(pairAtIndex([], 0)).toBeUndefined();
  });
});
