import { describe, expect, it } from 'vitest';
import { numberFormat } from '../../../shared/format/number';
import { executedText, orderTime, tradeTime } from './display';

describe('display', () => {
  it('shows 0.000 for nothing executed (spec 2 §2), in the UI language', () => {
    const en = numberFormat('en');
    expect(executedText(en, '0', 6)).toBe('0.000');
    expect(executedText(en, '0.25', 4)).toBe('0.2500');
    expect(executedText(en, '1234.123456789', 8)).toBe('1,234.123456');
    expect(executedText(numberFormat('du'), '0', 6)).toBe('0,000');
    expect(executedText(numberFormat('fr'), '1234.5', 2)).toBe('1\u202f234,50');
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
