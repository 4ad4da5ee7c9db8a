import { describe, expect, it } from 'vitest';
import { makeGroup, makeMatch } from './test-fixtures';
import { mergeDayMarket } from './merge-day-market';

const quotation = (id: number, close: string) => ({
  currency_match_id: id,
  close,
  change: '1.50',
  high: close,
  low: '0.5',
  volume: '10',
});

const groups = [
  makeGroup(1, 'USDT', [makeMatch(11, 'BTC', 'USDT'), makeMatch(12, 'ETH', 'USDT')]),
  makeGroup(2, 'BTC', [makeMatch(21, 'ETH', 'BTC')]),
];

describe('mergeDayMarket (spec 1 §3: live market push)', () => {
  it('applies each pushed quotation to its pair', () => {
    const next = mergeDayMarket(groups, [
      { currency_match_id: 12, symbol: 'ETH/USDT', quotation: quotation(12, '3000'), ts: 1 },
    ]);
    expect(next[0]?.matches[1]?.currency_quotation.close).toBe('3000');
    expect(next[0]?.matches[1]?.currency_quotation.change).toBe('1.50');
  });

  it('keeps the identity of what did not change', () => {
    const next = mergeDayMarket(groups, [
      { currency_match_id: 12, symbol: 'ETH/USDT', quotation: quotation(12, '3000'), ts: 1 },
    ]);
    expect(next).not.toBe(groups);
    expect(next[0]?.matches[0]).toBe(groups[0]?.matches[0]);
    expect(next[1]).toBe(groups[1]);
    expect(groups[0]?.matches[1]?.currency_quotation.close).toBe('1.00');
  });

  it('returns the same groups when no pair matched', () => {
    expect(mergeDayMarket(groups, [])).toBe(groups);
    expect(
      mergeDayMarket(groups, [
        { currency_match_id: 99, symbol: 'X/USDT', quotation: quotation(99, '1'), ts: 1 },
      ]),
    ).toBe(groups);
  });
});
