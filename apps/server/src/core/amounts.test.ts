import { fromUnits } from '@exchange/engine';
import { describe, expect, it } from 'vitest';
import { wireAmount } from './amounts.js';

/** The definition wireAmount must keep: 18 decimals, trailing zeros and a bare point trimmed. */
const reference = (value: bigint) => fromUnits(value, 18).replace(/\.?0+$/, '') || '0';

describe('wireAmount', () => {
  it('writes ledger units as the shortest exact decimal', () => {
    expect(wireAmount(0n)).toBe('0');
    expect(wireAmount(1n)).toBe('0.000000000000000001');
    expect(wireAmount(-1n)).toBe('-0.000000000000000001');
    expect(wireAmount(10n ** 18n)).toBe('1');
    expect(wireAmount(10n * 10n ** 18n)).toBe('10');
    expect(wireAmount(-(10n ** 17n))).toBe('-0.1');
    expect(wireAmount(65_000_120_000_000_000_000_000n)).toBe('65000.12');
    expect(wireAmount(1_000_000_000_000_000_001n)).toBe('1.000000000000000001');
  });

  it('agrees with the padded decimal trimmed of its zeros', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let i = 0; i < 5_000; i++) {
      const magnitude = BigInt(next()) * 10n ** BigInt(next() % 24) + BigInt(next() % 3);
      const value = next() % 4 === 0 ? -magnitude : magnitude;
      expect(wireAmount(value)).toBe(reference(value));
    }
  });
});
