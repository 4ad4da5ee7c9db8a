import { describe, expect, it } from 'vitest';
import { makeGroup, makeMatch } from '../../../shared/market/test-fixtures';
import { withFavorite } from './favorites';

const groups = [
  makeGroup(1, 'USDT', [makeMatch(11, 'BTC', 'USDT'), makeMatch(12, 'ETH', 'USDT')]),
  makeGroup(2, 'BTC', [makeMatch(21, 'ETH', 'BTC', { added: true })]),
];

describe('withFavorite', () => {
  it('sets the flag of one pair', () => {
    const next = withFavorite(groups, 12, true);
    expect(next[0]?.matches.map((m) => m.added)).toEqual([false, true]);
    expect(next[0]?.matches[0]).toBe(groups[0]?.matches[0]);
    expect(next[1]).toBe(groups[1]);
  });

  it('clears it and undoes a change', () => {
    expect(withFavorite(groups, 21, false)[1]?.matches[0]?.added).toBe(false);
    const undone = withFavorite(withFavorite(groups, 11, true), 11, false);
    expect(undone[0]?.matches[0]?.added).toBe(false);
  });

  it('leaves groups untouched when nothing changes', () => {
    const next = withFavorite(groups, 21, true);
    expect(next[0]).toBe(groups[0]);
    expect(next[1]).toBe(groups[1]);
  });
});
