import { describe, expect, it } from 'vitest';
import { orderTime, showAmount, showExecuted, showPrice, tradeTime } from './display';

describe('display', () => {
  it('pads prices to the market decimals and floors longer ones', () => {
    expect(showPrice('65000.5', 2)).toBe('65000.50');
    expect(showPrice('0.123456', 4)).toBe('0.1234');
  });

  it('shows at most 6 amount decimals', () => {
    expect(showAmount('1.5', 4)).toBe('1.5000');
    expect(showAmount('1.123456789', 8)).toBe('1.123456');
  });

  it('shows 0.000 for nothing executed (spec 2 §2)', () => {
    expect(showExecuted('0', 6)).toBe('0.000');
    expect(showExecuted('0.25', 4)).toBe('0.2500');
  });

  it('drops the year from order times and shows them in the chart zone, UTC+7', () => {
    // 07:03:59 UTC is 14:03:59 in Bangkok, whatever the machine's zone.
    const ms = Date.UTC(2024, 4, 1, 7, 3, 59);
    expect(orderTime(ms)).toBe('05-01 14:03:59');
    expect(tradeTime(ms)).toBe('14:03:59');
    // Past midnight in Bangkok while still the day before in UTC.
    const late = Date.UTC(2024, 11, 31, 18, 0, 1);
    expect(orderTime(late)).toBe('01-01 01:00:01');
  });
});
