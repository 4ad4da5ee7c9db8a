import { describe, expect, it } from 'vitest';
import {
  bookPrice,
  orderTotal,
  priceDecimals,
  quantityDecimals,
  sliderQuantity,
  validateOrder,
} from './order-math';

describe('sliderQuantity (spec 1 §5)', () => {
  const buy = { side: 'buy' as const, qtyDecimals: 6 };
  const sell = { side: 'sell' as const, qtyDecimals: 6, price: null };

  it('buy = quote balance × percent / price, floored at 6 decimals', () => {
    expect(sliderQuantity({ ...buy, percent: 100, balance: '1000', price: '3' })).toBe(
      '333.333333',
    );
    expect(sliderQuantity({ ...buy, percent: 25, balance: '1000', price: '3' })).toBe('83.333333');
    expect(sliderQuantity({ ...buy, percent: 50, balance: '10000', price: '65000.5' })).toBe(
      '0.076922',
    );
    expect(sliderQuantity({ ...buy, percent: 75, balance: '100', price: '0.25' })).toBe('300');
  });

  it('sell = base balance × percent, floored at 6 decimals', () => {
    expect(sliderQuantity({ ...sell, percent: 25, balance: '1' })).toBe('0.25');
    expect(sliderQuantity({ ...sell, percent: 75, balance: '0.0000013' })).toBe('0');
    expect(sliderQuantity({ ...sell, percent: 50, balance: '0.1234567' })).toBe('0.061728');
    expect(sliderQuantity({ ...sell, percent: 100, balance: '2.123456789' })).toBe('2.123456');
  });

  it('never rounds up past the balance', () => {
    // 1/3 × 3 would be 1.000000 if rounded; floored it stays payable.
    const qty = sliderQuantity({ ...buy, percent: 100, balance: '1', price: '3' });
    expect(qty).toBe('0.333333');
    expect(orderTotal('3', qty)).toBe('0.999999');
  });

  it('uses fewer decimals when the market allows fewer', () => {
    expect(sliderQuantity({ ...sell, percent: 100, balance: '1.23456', qtyDecimals: 2 })).toBe(
      '1.23',
    );
    expect(
      sliderQuantity({ ...buy, percent: 100, balance: '10', price: '3', qtyDecimals: 0 }),
    ).toBe('3');
    expect(sliderQuantity({ ...sell, percent: 100, balance: '1.9999999', qtyDecimals: 8 })).toBe(
      '1.999999',
    );
  });

  it('is empty at 0 %, without a balance, or without a buy price', () => {
    expect(sliderQuantity({ ...sell, percent: 0, balance: '5' })).toBe('');
    expect(sliderQuantity({ ...sell, percent: 50, balance: undefined })).toBe('');
    expect(sliderQuantity({ ...sell, percent: 50, balance: '0' })).toBe('');
    expect(sliderQuantity({ ...buy, percent: 50, balance: '100', price: '' })).toBe('');
    expect(sliderQuantity({ ...buy, percent: 50, balance: '100', price: '0' })).toBe('');
    expect(sliderQuantity({ ...buy, percent: 50, balance: '100', price: 'abc' })).toBe('');
  });

  it('caps the percent at 100', () => {
    expect(sliderQuantity({ ...sell, percent: 150, balance: '2' })).toBe('2');
  });
});

describe('orderTotal (spec 1 §5)', () => {
  it('is price × quantity rounded up at 6 decimals', () => {
    expect(orderTotal('0.0001', '0.000001')).toBe('0.000001');
    expect(orderTotal('3.3333', '0.333333')).toBe('1.111099');
    expect(orderTotal('65000.5', '0.076922')).toBe('4999.968461');
    expect(orderTotal('1.23', '2')).toBe('2.46');
  });

  it('rounds any remainder up', () => {
    // 0.0003 × 0.000001 = 0.0000000003 → 0.000001
    expect(orderTotal('0.0003', '0.000001')).toBe('0.000001');
    // 1.0001 × 1.000001 = 1.0001010001 → 1.000102
    expect(orderTotal('1.0001', '1.000001')).toBe('1.000102');
  });

  it('is empty while price or quantity is missing or zero', () => {
    expect(orderTotal('', '1')).toBe('');
    expect(orderTotal(null, '1')).toBe('');
    expect(orderTotal('1', '')).toBe('');
    expect(orderTotal('1', '0')).toBe('');
    expect(orderTotal('1', '1.')).toBe('1');
  });
});

describe('bookPrice (spec 1 §4)', () => {
  const depth = {
    in: [
      { price: '99', amount: '1' },
      { price: '98', amount: '2' },
    ],
    out: [
      { price: '101', amount: '1' },
      { price: '102', amount: '3' },
    ],
  };

  it('buys at the best ask and sells at the best bid', () => {
    expect(bookPrice('buy', depth)).toBe('101');
    expect(bookPrice('sell', depth)).toBe('99');
  });

  it('is null when that side of the book is empty or not loaded', () => {
    expect(bookPrice('buy', { in: depth.in, out: [] })).toBeNull();
    expect(bookPrice('sell', { in: [], out: depth.out })).toBeNull();
    expect(bookPrice('buy', undefined)).toBeNull();
  });
});

describe('decimal limits', () => {
  it('caps prices at 4 decimals and quantities at 6', () => {
    expect(priceDecimals(2)).toBe(2);
    expect(priceDecimals(8)).toBe(4);
    expect(quantityDecimals(4)).toBe(4);
    expect(quantityDecimals(8)).toBe(6);
    expect(quantityDecimals(-1)).toBe(0);
  });
});

describe('validateOrder (spec 1 §5)', () => {
  it('asks a limit order for a price first', () => {
    expect(validateOrder({ mode: 'limit', price: '', quantity: '' })).toBe('trade.p_price');
    expect(validateOrder({ mode: 'limit', price: '0', quantity: '1' })).toBe('trade.p_price');
  });

  it('needs a best price in market mode', () => {
    expect(validateOrder({ mode: 'market', price: null, quantity: '1' })).toBe('trade.notbest');
  });

  it('needs a quantity above zero', () => {
    expect(validateOrder({ mode: 'limit', price: '1', quantity: '' })).toBe('trade.p_num');
    expect(validateOrder({ mode: 'market', price: '1', quantity: '0.000' })).toBe('trade.p_num');
  });

  it('passes a complete order', () => {
    expect(validateOrder({ mode: 'limit', price: '1.5', quantity: '2' })).toBeNull();
    expect(validateOrder({ mode: 'market', price: '101', quantity: '0.1' })).toBeNull();
  });
});
