import { describe, expect, it } from 'vitest';
import { bookRows, bookSpread } from './book';

const depth = {
  out: [
    { price: '101', amount: '1' },
    { price: '102', amount: '4' },
    { price: '103', amount: '2' },
  ],
  in: [
    { price: '99', amount: '2' },
    { price: '98', amount: '8' },
  ],
};

describe('bookRows (spec 1 §2–3)', () => {
  it('shows asks highest first, sell1 (the lowest) next to the spread, and bids best first', () => {
    const { asks, bids } = bookRows(depth, 3);
    expect(asks.map((r) => [r.key, r.price])).toEqual([
      ['ask3', '103'],
      ['ask2', '102'],
      ['ask1', '101'],
    ]);
    expect(bids.map((r) => [r.rank, r.price])).toEqual([
      [1, '99'],
      [2, '98'],
    ]);
  });

  it('has one row per level shown: never an empty row', () => {
    const { asks, bids } = bookRows(depth, 10);
    expect(asks).toHaveLength(3);
    expect(bids).toHaveLength(2);
    expect([...asks, ...bids].every((r) => r.price !== '' && r.amount !== '')).toBe(true);
    expect(bookRows(undefined, 5)).toEqual({ asks: [], bids: [] });
    expect(bookRows({ in: [], out: [] }, 5)).toEqual({ asks: [], bids: [] });
  });

  it('keeps the best levels when fewer rows fit than the book has', () => {
    const { asks, bids } = bookRows(depth, 2);
    expect(asks.map((r) => r.price)).toEqual(['102', '101']);
    expect(bids.map((r) => r.price)).toEqual(['99', '98']);
    expect(bookRows(depth, 0)).toEqual({ asks: [], bids: [] });
  });

  it('sizes depth bars against the largest amount shown on either side', () => {
    const { asks, bids } = bookRows(depth, 3);
    expect(bids[1]?.share).toBe(1);
    expect(bids[0]?.share).toBe(0.25);
    expect(asks[2]?.share).toBe(0.125);
  });
});

describe('bookSpread', () => {
  it('is the best ask less the best bid, exactly', () => {
    expect(bookSpread(depth)).toBe('2');
    expect(
      bookSpread({ out: [{ price: '0.1201', amount: '1' }], in: [{ price: '0.12', amount: '1' }] }),
    ).toBe('0.0001');
  });

  it('is unknown with a side empty or a crossed book', () => {
    expect(bookSpread(undefined)).toBeNull();
    expect(bookSpread({ out: depth.out, in: [] })).toBeNull();
    expect(bookSpread({ out: [{ price: '98', amount: '1' }], in: depth.in })).toBeNull();
  });
});
