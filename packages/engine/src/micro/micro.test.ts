import { describe, expect, it } from 'vitest';
import { Rng } from '../testing/prng.js';
import {
  INDEX_WINDOW_MS,
  indexOf,
  priceIndex,
  windowSums,
  type IndexTrade,
} from './index-price.js';
import { bucketExposure, microGain, settleMicro } from './settle.js';

const T = 1_700_000_000_000;
const RULES = { minTrades: 1, minVolume: 1n };
const trade = (
  id: number,
  secondsBefore: number,
  price: number,
  qty = 1,
  users: [number, number] = [100, 200],
): IndexTrade => ({
  id,
  at: T - secondsBefore * 1000,
  price: BigInt(price),
  qty: BigInt(qty),
  users,
});

describe('micro price index', () => {
  it('is the volume-weighted average of the last 10 s of trades, rounded down', () => {
    // 1 × 100 + 3 × 200 = 700 over 4 → 175; a print of 1 at 10 among 100 of 1,000 weighs 1 %.
    const index = priceIndex([trade(1, 1, 100, 1), trade(2, 2, 200, 3)], T, RULES, null);
    expect(index).toMatchObject({ source: 'trades', value: 175n, trades: 2, volume: 4n });
    const cents = priceIndex([trade(1, 1, 1000, 100), trade(2, 2, 10, 1)], T, RULES, null);
    expect(cents.value).toBe(990n);
  });

  it('a lone print of one cent between two at 65,000 barely moves it (the review finding)', () => {
    // Trimmed mean of counts gave 43,333; by volume the cent print of 0.00001 weighs nothing.
    const trades = [
      trade(1, 3, 6_500_000, 100_000),
      trade(2, 2, 1, 1),
      trade(3, 1, 6_500_000, 100_000),
    ];
    const index = priceIndex(trades, T, RULES, null);
    expect(index.value).toBe(6_499_967n);
  });

  it('counts (t − 10 s, t]: a trade exactly 10 s before is out, one at t is in', () => {
    const trades = [trade(1, 10, 50), trade(2, 0, 70), trade(3, -1, 999)];
    const index = priceIndex(trades, T, RULES, null);
    expect(index).toMatchObject({ value: 70n, trades: 1, from: T - INDEX_WINDOW_MS, to: T });
  });

  it('is void below the minimum trades or volume, and never falls back to anything else', () => {
    const trades = [trade(1, 1, 100, 5), trade(2, 2, 101, 5)];
    expect(priceIndex(trades, T, { minTrades: 3, minVolume: 1n }, null)).toMatchObject({
      source: 'void',
      value: null,
      trades: 2,
    });
    expect(priceIndex(trades, T, { minTrades: 2, minVolume: 11n }, null).source).toBe('void');
    expect(priceIndex(trades, T, { minTrades: 2, minVolume: 10n }, null).value).toBe(100n);
    expect(priceIndex([], T, { minTrades: 0, minVolume: 0n }, null).source).toBe('void');
  });

  it("leaves out the bettor's own trades, as maker or taker, and says how many", () => {
    const trades = [
      trade(1, 1, 100, 1, [7, 8]),
      trade(2, 2, 900, 1, [9, 7]),
      trade(3, 3, 110, 1, [8, 9]),
    ];
    expect(priceIndex(trades, T, RULES, null).value).toBe(370n);
    const own = priceIndex(trades, T, RULES, 7);
    expect(own).toMatchObject({ value: 110n, trades: 1, excludedOwn: 2, volume: 1n });
    // With only their own trades in the window, the bettor's index is void.
    expect(priceIndex(trades.slice(0, 2), T, RULES, 7).source).toBe('void');
  });

  it('gives one bettor the same index from the window sums as from the trades', () => {
    const rng = new Rng(11);
    const trades = Array.from({ length: 60 }, (_, i) =>
      trade(i + 1, rng.next() * 12, rng.int(90, 110), rng.int(1, 50), [
        rng.int(1, 6),
        rng.int(7, 12),
      ]),
    );
    const sums = windowSums(trades, T);
    for (let user = 1; user <= 12; user++) {
      const inWindow = trades.filter((x) => x.at > T - INDEX_WINDOW_MS && !x.users.includes(user));
      const volume = inWindow.reduce((s, x) => s + x.qty, 0n);
      const notional = inWindow.reduce((s, x) => s + x.qty * x.price, 0n);
      expect(indexOf(sums, RULES, user).value).toBe(volume ? notional / volume : null);
    }
  });

  it('gives the same evidence for the same data, whatever order it comes in', () => {
    const rng = new Rng(7);
    const trades = Array.from({ length: 40 }, (_, i) =>
      trade(i + 1, rng.next() * 12, rng.int(90, 110), rng.int(1, 9)),
    );
    const a = priceIndex(trades, T, RULES, 100);
    const b = priceIndex([...trades].reverse(), T, RULES, 100);
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
