import { describe, expect, it } from 'vitest';
import {
  dailyInterest,
  dueDays,
  EARN_DAY,
  earnDayOf,
  earnDayStart,
  maturityAt,
  termInterest,
} from './earn-maths.js';

describe('earning maths: interest floored to the currency, days in Bangkok', () => {
  it('pays principal × rate / 365 a day, floored to the decimals', () => {
    expect(dailyInterest('1000', '0.1', 2)).toBe('0.27');
    expect(dailyInterest('1000', '0.365', 2)).toBe('1.00');
    expect(dailyInterest('10', '0.05', 2)).toBe('0.00');
    expect(dailyInterest('123456.78', '0.123456', 8)).toBe('41.75748008');
    expect(dailyInterest('1', '5', 0)).toBe('0');
  });

  it('promises the floored daily interest times the days, never more', () => {
    expect(termInterest('1000', '0.1', 30, 2)).toBe('8.10');
    // The exact yearly figure would be 100; the floored days give less.
    expect(termInterest('1000', '0.1', 365, 2)).toBe('98.55');
    expect(() => dailyInterest('1.001', '0.1', 2)).toThrow(RangeError);
    expect(() => dailyInterest('1', '0.1234567', 2)).toThrow(RangeError);
  });

  it('turns the day at 00:00 in Bangkok (17:00 UTC)', () => {
    const before = Date.UTC(2026, 10, 25, 16, 59, 59, 999);
    const at = Date.UTC(2026, 10, 25, 17, 0, 0);
    expect(earnDayOf(at) - earnDayOf(before)).toBe(1);
    expect(earnDayStart(earnDayOf(at))).toBe(at);
    // Made at 15:00 in Bangkok on 25 November: matures at 00:00 Bangkok on 2 December.
    expect(maturityAt(earnDayOf(Date.UTC(2026, 10, 25, 8, 0)), 7)).toBe(
      Date.UTC(2026, 11, 1, 17, 0),
    );
  });

  it('counts days due, never beyond the term', () => {
    expect(dueDays(100, 7, 100)).toBe(0);
    expect(dueDays(100, 7, 103)).toBe(3);
    expect(dueDays(100, 7, 200)).toBe(7);
    expect(dueDays(100, 7, 99)).toBe(0);
  });

  it('takes shorter days from the epoch for tests (EARN_DAY_MS)', () => {
    const day = { ms: 15_000, offsetMs: 0 };
    expect(earnDayOf(29_999, day)).toBe(1);
    expect(earnDayStart(2, day)).toBe(30_000);
    expect(EARN_DAY.ms).toBe(86_400_000);
  });
});
