/**
 * The web shows lever amounts with the contract's copy of the lever rules (`leverMaths`); the
 * server settles with the engine's (`lever`). The two must agree on every input: this compares
 * them over random inputs (seeded), so a change to one that is not made to the other fails.
 */
import { leverMaths } from '@exchange/contract';
import { fromUnits, lever } from '@exchange/engine';
import { describe, expect, it } from 'vitest';
import { Random } from './sim/random.js';

const decimal = (rng: Random, maxInt: number, decimals: number) =>
  fromUnits(
    BigInt(rng.int(1, maxInt)) * 10n ** BigInt(decimals) + BigInt(rng.int(0, 10 ** decimals - 1)),
    decimals,
  );

describe('lever rules: the contract copy equals the engine', () => {
  it('on 20,000 random inputs of every rule the web uses', () => {
    const rng = new Random(20_261_128);
    for (let i = 0; i < 20_000; i++) {
      const side = rng.pick([1, 2] as const);
      const pd = rng.int(0, 8);
      const qd = rng.int(0, 8);
      const ad = rng.int(2, 8);
      const origin = decimal(rng, 100_000, pd);
      const rate = `0.${String(rng.int(0, 9999)).padStart(4, '0')}`;
      const share = rng.int(1, 500);
      const shareNum = decimal(rng, 10, qd);
      const multiple = rng.pick([1, 2, 5, 10, 20, 50, 100, 125]);
      const entry = lever.entryPrice(side, origin, rate, pd);
      expect(leverMaths.entryPrice(side, origin, rate, pd)).toBe(entry);
      const number = lever.positionNumber(share, shareNum, qd);
      expect(leverMaths.positionNumber(share, shareNum, qd)).toBe(number);
      const margin = lever.marginOf(entry, number, multiple, ad);
      expect(leverMaths.marginOf(entry, number, multiple, ad)).toBe(margin);
      expect(leverMaths.tradeFee(margin, rate, ad)).toBe(lever.tradeFee(margin, rate, ad));
      const stop = decimal(rng, 100_000, pd);
      expect(leverMaths.expectedStopResult(side, stop, entry, share, shareNum, ad)).toBe(
        lever.expectedStopResult(side, stop, entry, share, shareNum, ad),
      );
      const loss = rng.chance(0.2) ? null : decimal(rng, 100_000, pd);
      expect(leverMaths.stopProblem(side, origin, stop, loss)).toBe(
        lever.stopProblem(side, origin, stop, loss),
      );
    }
  });
});
