import { ORDER_TYPE } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { numberFormat } from '../../../shared/format/number';
import { averageFillPrice, orderPriceText } from './order-price';

const en = numberFormat('en');

const market = { type: ORDER_TYPE.market, price: '68176.5' } as const;
const limit = {
  type: ORDER_TYPE.limit,
  price: '64000',
  transacted_volume: '0',
  transacted_amount: '0',
};

describe('averageFillPrice', () => {
  it('is the filled total over the filled amount, floored at the price decimals', () => {
    expect(averageFillPrice({ transacted_volume: '64935', transacted_amount: '1' }, 2)).toBe(
      '64935',
    );
    // 0.3 at 65000 and 0.7 at 65065: 65045.5 on average.
    expect(
      averageFillPrice({ transacted_volume: '65045.5', transacted_amount: '1.000000' }, 2),
    ).toBe('65045.5');
    // 100 / 3 = 33.333… → 33.33
    expect(averageFillPrice({ transacted_volume: '100', transacted_amount: '3' }, 2)).toBe('33.33');
  });

  it('is unknown while nothing filled', () => {
    expect(averageFillPrice({ transacted_volume: '0', transacted_amount: '0' }, 2)).toBeNull();
    expect(averageFillPrice({ transacted_volume: '', transacted_amount: 'x' }, 2)).toBeNull();
  });
});

describe('orderPriceText', () => {
  it('shows a market order at its average fill price, not its protection limit', () => {
    const filled = { ...market, transacted_volume: '32467.5', transacted_amount: '0.5' };
    expect(orderPriceText(filled, 2, en)).toBe('64,935.00');
  });

  it('shows -- for a market order that filled nothing', () => {
    expect(
      orderPriceText({ ...market, transacted_volume: '0', transacted_amount: '0' }, 2, en),
    ).toBe('--');
  });

  it('shows a limit order at its own price', () => {
    expect(orderPriceText(limit, 2, en)).toBe('64,000.00');
    expect(
      orderPriceText({ ...limit, transacted_volume: '640', transacted_amount: '0.01' }, 2, en),
    ).toBe('64,000.00');
  });

  it('shows the price with the separators of the UI language', () => {
    expect(orderPriceText(limit, 2, numberFormat('du'))).toBe('64.000,00');
    expect(orderPriceText(limit, 2, numberFormat('fr'))).toBe('64\u202f000,00');
  });
});
