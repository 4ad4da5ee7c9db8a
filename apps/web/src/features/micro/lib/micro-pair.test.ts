import { describe, expect, it } from 'vitest';
import { makeGroup, makeMatch } from '../../../shared/market/test-fixtures';
import { memoryStorage } from '../../../shared/store/storage';
import {
  microPairs,
  microQuotes,
  readMicroPair,
  resolveMicroPair,
  writeMicroPair,
} from './micro-pair';

const groups = [
  makeGroup(1, 'BTC', [makeMatch(5, 'ETH', 'BTC', { open_microtrade: 1 })]),
  makeGroup(2, 'USDT', [
    makeMatch(1, 'BTC', 'USDT', { open_microtrade: 1 }),
    makeMatch(2, 'ETH', 'USDT', { open_microtrade: 1 }),
    makeMatch(3, 'XRP', 'USDT'),
  ]),
];

describe('micro pairs', () => {
  it('keeps the pairs open for micro trade, USDT quote first', () => {
    const pairs = microPairs(groups);
    expect(pairs.map((p) => p.id)).toEqual([5, 1, 2]);
    expect(microQuotes(pairs)).toEqual(['USDT', 'BTC']);
  });

  it('picks the chosen, the remembered, then the first USDT pair', () => {
    const pairs = microPairs(groups);
    expect(resolveMicroPair(pairs, 2, 1)?.id).toBe(2);
    expect(resolveMicroPair(pairs, 3, 5)?.id).toBe(5);
    expect(resolveMicroPair(pairs, null, 9)?.id).toBe(1);
    expect(resolveMicroPair([], null, null)).toBeNull();
  });

  it('remembers the pair under its own key', () => {
    const storage = memoryStorage();
    expect(readMicroPair(storage)).toBeNull();
    writeMicroPair(storage, 2);
    expect(storage.getItem('micro_pair')).toBe('2');
    expect(readMicroPair(storage)).toBe(2);
    storage.setItem('micro_pair', '-1');
    expect(readMicroPair(storage)).toBeNull();
  });
});
