import { describe, expect, it } from 'vitest';
import { bookRows } from './book';

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
  it('shows asks reversed, sell1 next to the spread, and bids best first', () => {
    const { asks, bids } = bookRows(depth, 3);
    expect(asks.map((r) => [r.key, r.price])).toEqual([
      ['ask3', '103'],
      ['ask2', '102'],
      ['ask1', '101'],
    ]);
    expect(bids.map((r) => [r.rank, r.price])).toEqual([
      [1, '99'],
      [2, '98'],
      [3, null],
    ]);
  });

  it('always has the same number of rows, so pushes do not move the layout', () => {
    for (const snapshot of [undefined, { in: [], out: [] }, depth]) {
      const { asks, bids } = bookRows(snapshot, 5);
      expect(asks).toHaveLength(5);
      expect(bids).toHaveLength(5);
    }
    const { asks } = bookRows(depth, 5);
    expect(asks.slice(0, 2).every((r) => r.price === null && r.amount === null)).toBe(true);
  });

  it('cuts levels beyond the rows shown', () => {
    const { asks } = bookRows(depth, 2);
    expect(asks.map((r) => r.price)).toEqual(['102', '101']);
  });

  it('sizes depth bars against the largest amount shown on either side', () => {
    const { asks, bids } = bookRows(depth, 3);
    expect(bids[1]?.share).toBe(1);
    expect(bids[0]?.share).toBe(0.25);
    expect(asks[2]?.share).toBe(0.125);
    expect(bids[2]?.share).toBe(0);
  });

  it('draws no bars for an empty book', () => {
    const { asks } = bookRows({ in: [], out: [] }, 2);
    expect(asks.map((r) => r.share)).toEqual([0, 0]);
  });
});
