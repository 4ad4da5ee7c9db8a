import { describe, expect, it } from 'vitest';
import { bookMid, depthMid, depthWithin, PPM, type BookDepth, type DepthLevel } from './depth.js';

// BTC/USDT as the server keeps it: prices in cents (2 decimals), quantities in millionths of a
// BTC (6 decimals); a price × quantity is a quote amount at 8 decimals.
const price = (usdt: number) => BigInt(Math.round(usdt * 100));
const qty = (btc: number) => BigInt(Math.round(btc * 1_000_000));
/** A quote amount (USDT) at 8 decimals. */
const quote = (usdt: number) => BigInt(Math.round(usdt * 100)) * 1_000_000n;
const level = (p: number, q: number): DepthLevel => ({ price: price(p), qty: qty(q) });
const BAND_2 = (2n * PPM) / 100n; // 2 %

/** Five levels a side, 1 BTC each, 10 USDT apart around 65,000. */
const deep: BookDepth = {
  bids: [64990, 64980, 64970, 64960, 64950].map((p) => level(p, 1)),
  asks: [65010, 65020, 65030, 65040, 65050].map((p) => level(p, 1)),
};

describe('bookMid', () => {
  it('is the middle of the best bid and ask, rounded down', () => {
    expect(bookMid(deep)).toBe(price(65000));
    expect(bookMid({ bids: [level(1, 1)], asks: [{ price: 4n, qty: 1n }] })).toBe(52n);
  });

  it('is null when a side is empty', () => {
    expect(bookMid({ bids: deep.bids, asks: [] })).toBeNull();
    expect(bookMid({ bids: [], asks: deep.asks })).toBeNull();
  });
});

describe('depthWithin', () => {
  it('adds price × quantity of the levels within the band, band edges included', () => {
    const book: BookDepth = {
      // 2 % of 65,000 is 1,300: 63,700 is in, 63,699.99 is not.
      bids: [level(64990, 1), level(63700, 2), level(63699.99, 5)],
      asks: [level(65010, 1), level(66300, 2), level(66300.01, 5)],
    };
    const mid = price(65000);
    expect(depthWithin(book.bids, 'bid', mid, BAND_2)).toBe(quote(64990 + 2 * 63700));
    expect(depthWithin(book.asks, 'ask', mid, BAND_2)).toBe(quote(65010 + 2 * 66300));
  });

  it('is zero for an empty side and for levels all outside the band', () => {
    expect(depthWithin([], 'bid', price(65000), BAND_2)).toBe(0n);
    expect(depthWithin([level(60000, 10)], 'bid', price(65000), BAND_2)).toBe(0n);
    expect(depthWithin([level(70000, 10)], 'ask', price(65000), BAND_2)).toBe(0n);
  });
});

describe('depthMid', () => {
  it('gives the mid of a book that holds the minimum on both sides within the band', () => {
    const d = depthMid(deep, quote(100_000), BAND_2);
    expect(d).toEqual({
      status: 'ok',
      value: price(65000),
      bidDepth: quote(64990 + 64980 + 64970 + 64960 + 64950),
      askDepth: quote(65010 + 65020 + 65030 + 65040 + 65050),
    });
  });

  it('is thin when one side holds less than the minimum, and says how much each holds', () => {
    const oneSided: BookDepth = { bids: [level(64990, 0.01)], asks: deep.asks };
    const d = depthMid(oneSided, quote(1_000), BAND_2);
    expect(d.status).toBe('thin');
    expect(d.value).toBeNull();
    expect(d.bidDepth).toBe(quote(649.9));
    expect(d.askDepth).toBe(quote(325_150));
  });

  it('is thin on an empty book or a side with nothing in it', () => {
    expect(depthMid({ bids: [], asks: [] }, 0n, BAND_2)).toEqual({
      status: 'thin',
      value: null,
      bidDepth: 0n,
      askDepth: 0n,
    });
    expect(depthMid({ bids: deep.bids, asks: [] }, 0n, BAND_2).status).toBe('thin');
  });

  it('needs something on each side even with a minimum of zero', () => {
    // The best levels are far apart: nothing rests within 2 % of their middle.
    const gap: BookDepth = { bids: [level(50000, 1)], asks: [level(80000, 1)] };
    expect(depthMid(gap, 0n, BAND_2).status).toBe('thin');
    expect(depthMid(deep, 0n, BAND_2).status).toBe('ok');
  });

  it('gives no price for one lone far order (the attack: a tiny bid at 200,000)', () => {
    // The ask side bought up, one bid of 0.00001 BTC at 200,000: no ask, no mid.
    const pushed: BookDepth = { bids: [level(200000, 0.00001), ...deep.bids], asks: [] };
    expect(depthMid(pushed, quote(1_000), BAND_2)).toMatchObject({ status: 'thin', value: null });
    // With an ask of its own just above it, the mid is 200,000 but its bid side holds 2 USDT.
    const own: BookDepth = { ...pushed, asks: [level(200001, 0.00001)] };
    const d = depthMid(own, quote(1_000), BAND_2);
    expect(d.status).toBe('thin');
    expect(d.bidDepth).toBe(quote(2));
  });
});
