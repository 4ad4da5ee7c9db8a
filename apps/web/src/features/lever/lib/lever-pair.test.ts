import type { CurrencyMatch, QuoteGroup } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../shared/store/storage';
import { leverPairs, readLeverPair, resolveLeverPair, writeLeverPair } from './lever-pair';

const match = (id: number, open_lever: 0 | 1) => ({ id, open_lever }) as CurrencyMatch;
const groups = [
  { code: 'USDT', matches: [match(1, 1), match(2, 0)] },
  { code: 'BTC', matches: [match(3, 1)] },
] as QuoteGroup[];

describe('lever pairs', () => {
  it('keeps the pairs open for leverage', () => {
    expect(leverPairs(groups).map((p) => p.id)).toEqual([1, 3]);
  });

  it('picks the chosen, then the remembered, then the first pair', () => {
    const pairs = leverPairs(groups);
    expect(resolveLeverPair(pairs, 3, 1)?.id).toBe(3);
    expect(resolveLeverPair(pairs, 2, 3)?.id).toBe(3);
    expect(resolveLeverPair(pairs, null, 9)?.id).toBe(1);
    expect(resolveLeverPair([], null, 1)).toBeNull();
  });

  it('remembers the pair under its own key', () => {
    const storage = memoryStorage();
    expect(readLeverPair(storage)).toBeNull();
    writeLeverPair(storage, 3);
    expect(storage.getItem('lever_pair')).toBe('3');
    expect(readLeverPair(storage)).toBe(3);
    storage.setItem('lever_pair', 'x');
    expect(readLeverPair(storage)).toBeNull();
  });
});
