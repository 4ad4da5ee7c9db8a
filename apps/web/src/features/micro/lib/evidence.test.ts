import type { MicroIndexEvidence } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { isVolumeWeighted, recomputeIndex } from './evidence';

const trade = (id: number, price: string, qty: string, own = false) => ({
  id,
  price,
  qty,
  own,
  time: 1_000 + id,
});

function side(over: Partial<MicroIndexEvidence>): MicroIndexEvidence {
  return {
    from: 0,
    to: 10_000,
    trades: [],
    bid: null,
    ask: null,
    source: 'trades',
    index: null,
    min_trades: 2,
    min_volume: '0.01',
    ...over,
  };
}

describe('recomputeIndex', () => {
  it('weighs each price by its quantity and rounds down at the price decimals', () => {
    // (100 × 0.01 + 101.5 × 0.02 + 99.99 × 0.005) / 0.035 = 3.529950 / 0.035 = 100.855714…
    const check = recomputeIndex(
      side({
        trades: [trade(1, '100', '0.01'), trade(2, '101.5', '0.02'), trade(3, '99.99', '0.005')],
        index: '100.85',
        counted: 3,
        volume: '0.035',
        excluded_own: 0,
      }),
      2,
    );
    expect(check).toMatchObject({
      volume: '0.035',
      notional: '3.52995',
      enough: true,
      index: '100.85',
      excludedOwn: 0,
      matches: true,
    });
    expect([...(check?.countedIds ?? [])]).toEqual([1, 2, 3]);
  });

  it("leaves the owner's trades out, whatever their price", () => {
    const check = recomputeIndex(
      side({
        trades: [
          trade(1, '100', '0.01'),
          trade(2, '1000000', '5', true),
          trade(3, '102', '0.03'),
          trade(4, '1', '7', true),
        ],
        // (1 + 3.06) / 0.04 = 101.5
        index: '101.5',
        counted: 2,
        volume: '0.04',
        excluded_own: 2,
      }),
      2,
    );
    expect(check).toMatchObject({ index: '101.5', excludedOwn: 2, volume: '0.04', matches: true });
    expect([...(check?.countedIds ?? [])]).toEqual([1, 3]);
  });

  it('is exact where floats are not', () => {
    // 0.1 × 3 + 0.2 × 3 = 0.9 over 6: 0.15 exactly (floats give 0.15000000000000002).
    const check = recomputeIndex(
      side({
        trades: [trade(1, '0.1', '3'), trade(2, '0.2', '3')],
        index: '0.15',
        min_trades: 1,
        min_volume: '1',
      }),
      8,
    );
    expect(check?.index).toBe('0.15');
    expect(check?.matches).toBe(true);
    // Large figures keep every digit.
    const big = recomputeIndex(
      side({
        trades: [
          trade(1, '123456789012.345678', '98765.4321'),
          trade(2, '123456789012.345679', '1'),
        ],
        index: '123456789012.345678',
        min_trades: 1,
        min_volume: '0.0001',
      }),
      6,
    );
    expect(big?.index).toBe('123456789012.345678');
  });

  it('is void below the minimum count or volume, and says when the server differs', () => {
    const few = side({ trades: [trade(1, '100', '1'), trade(2, '100', '1', true)], min_trades: 2 });
    expect(recomputeIndex({ ...few, source: 'void' }, 2)).toMatchObject({
      enough: false,
      index: null,
      matches: true,
    });
    // The server calls it priced although one trade of others is below the minimum of two.
    expect(recomputeIndex({ ...few, index: '100' }, 2)?.matches).toBe(false);
    const thin = side({ trades: [trade(1, '100', '0.004'), trade(2, '101', '0.005')] });
    expect(recomputeIndex({ ...thin, source: 'void' }, 2)).toMatchObject({
      volume: '0.009',
      enough: false,
      matches: true,
    });
    // Exactly the minimum volume counts.
    const just = side({ trades: [trade(1, '100', '0.004'), trade(2, '101', '0.006')] });
    expect(recomputeIndex({ ...just, index: '100.6' }, 2)).toMatchObject({
      enough: true,
      index: '100.6',
      matches: true,
    });
    // A wrong index, a wrong count of own trades.
    expect(recomputeIndex({ ...just, index: '100.61' }, 2)?.matches).toBe(false);
    expect(recomputeIndex({ ...just, index: '100.6', excluded_own: 1 }, 2)?.matches).toBe(false);
  });

  it('is void without any trade', () => {
    expect(recomputeIndex(side({ source: 'void', min_trades: 1 }), 2)).toMatchObject({
      volume: '0',
      enough: false,
      index: null,
      matches: true,
    });
  });

  it('does not recompute an index made before the volume-weighted rule', () => {
    const book = side({ source: 'book', bid: '99', ask: '101', index: '100', min_trades: null });
    expect(isVolumeWeighted(book)).toBe(false);
    expect(recomputeIndex(book, 2)).toBeNull();
    const old = side({ trades: [{ id: 1, price: '100', time: 1 }], index: '100' });
    delete old.min_trades;
    delete old.min_volume;
    expect(recomputeIndex(old, 2)).toBeNull();
    // A trade without its quantity cannot be weighed.
    expect(recomputeIndex(side({ trades: [{ id: 1, price: '100', time: 1 }] }), 2)).toBeNull();
  });
});
