import { describe, expect, it } from 'vitest';
import { Rng } from '../testing/prng.js';
import { priceIndex, trimmedMean, type IndexTrade } from './index-price.js';
import { bucketExposure, microGain, settleMicro } from './settle.js';

const T = 1_700_000_000_000;
const trade = (id: number, secondsBefore: number, price: number): IndexTrade => ({
  id,
  at: T - secondsBefore * 1000,
  price: BigInt(price),
});

describe('micro price index', () => {
  it('is the trimmed mean of the last 10 s of trades, 20 % cut at each end by count', () => {
    // Ten trades: the two lowest and the two highest go; 3001 … 8001 average to 5501.
    const trades = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n, i) =>
      trade(i + 1, i * 0.9, n * 1000 + 1),
    );
    const index = priceIndex(trades, [], T);
    expect(index.source).toBe('trades');
    expect(index.tradesInWindow).toBe(10);
    expect(index.tradeIds).toEqual([3, 4, 5, 6, 7, 8]);
    expect(index.value).toBe(5501n);
    // Four trades: ⌊4 × 20 %⌋ = 0 are cut.
    expect(trimmedMean(trades.slice(0, 4)).value).toBe(2501n);
  });

  it('counts (t − 10 s, t]: a trade exactly 10 s before is out, one at t is in', () => {
    const trades = [trade(1, 10, 50), trade(2, 0, 70), trade(3, -1, 999)];
    const index = priceIndex(trades, [], T);
    expect(index.tradeIds).toEqual([2]);
    expect(index.value).toBe(70n);
  });

  it('falls back to the latest book mid within 30 s, then older trades, then void', () => {
    const books = [
      { at: T - 25_000, bid: 100n, ask: 110n },
      { at: T - 12_000, bid: 101n, ask: 104n },
    ];
    const fromBook = priceIndex([trade(1, 20, 90)], books, T);
    expect(fromBook).toMatchObject({ source: 'book', value: 102n, tradeIds: [] });
    expect(fromBook.book?.at).toBe(T - 12_000);
    expect(priceIndex([trade(1, 20, 90)], [], T)).toMatchObject({ source: 'trades', value: 90n });
    expect(priceIndex([trade(1, 31, 90)], [{ at: T - 31_000, bid: 1n, ask: 2n }], T)).toMatchObject(
      {
        source: 'void',
        value: null,
      },
    );
  });

  it('gives the same evidence for the same data, whatever order it comes in', () => {
    const rng = new Rng(7);
    const trades = Array.from({ length: 40 }, (_, i) =>
      trade(i + 1, rng.next() * 12, rng.int(90, 110)),
    );
    const a = priceIndex(trades, [], T);
    const b = priceIndex([...trades].reverse(), [], T);
    expect(b).toEqual(a);
  });
});

describe('micro settlement', () => {
  const order = { stake: 10_000n, fee: 100n, ratio: '0.85', decimals: 2 };

  it('pays an up order when the end index is above the open, and takes the stake otherwise', () => {
    expect(settleMicro({ ...order, direction: 1 }, 100n, 101n)).toEqual({
      outcome: 'win',
      toUser: 18_500n,
      fromHouse: 8_500n,
      toHouse: 0n,
      feeBack: 0n,
      factProfit: 8_500n,
    });
    expect(settleMicro({ ...order, direction: 1 }, 100n, 99n)).toMatchObject({
      outcome: 'loss',
      toUser: 0n,
      toHouse: 10_000n,
      factProfit: -10_000n,
    });
    expect(settleMicro({ ...order, direction: 2 }, 100n, 99n)).toMatchObject({ outcome: 'win' });
  });

  it('returns stake and fee on a tie and on a void order', () => {
    for (const [open, end] of [
      [100n, 100n],
      [null, 100n],
      [100n, null],
    ] as const) {
      expect(settleMicro({ ...order, direction: 2 }, open, end)).toMatchObject({
        toUser: 10_100n,
        feeBack: 100n,
        factProfit: 0n,
      });
    }
  });

  it('rounds a gain down and measures the house exposure of a bucket', () => {
    expect(microGain(333n, '0.85', 2)).toBe(283n); // 3.33 × 0.85 = 2.8305
    const orders = [
      { direction: 1 as const, stake: 10_000n, ratio: '0.8' },
      { direction: 1 as const, stake: 5_000n, ratio: '0.8' },
      { direction: 2 as const, stake: 4_000n, ratio: '0.8' },
    ];
    // Up wins: 12,000 of gains less 4,000 of down stakes = 8,000; down wins: 3,200 − 15,000 < 0.
    expect(bucketExposure(orders, 2)).toBe(8_000n);
    expect(bucketExposure([], 2)).toBe(0n);
  });
});
