import { describe, expect, it } from 'vitest';
import {
  entryPrice,
  expectedStopResult,
  marginOf,
  positionNumber,
  stopProblem,
  tradeFee,
} from './lever-maths.js';

// The numbers of packages/engine's lever maths tests: the client's preview and the server agree.
// BTC/USDT as the demo lists it: prices at 2 decimals, quantities at 6, USDT amounts at 2.
const P = 2;
const Q = 6;
const A = 2;

describe('lever maths the client shows, against hand-computed values', () => {
  it.each([
    // side, origin, point rate, entry (long rounds up, short down)
    [1, '65000.00', '0.001', '65065.00'],
    [2, '65000.00', '0.001', '64935.00'],
    [1, '64999.99', '0.001', '65064.99'], // 65064.98999
    [2, '64999.99', '0.001', '64934.99'], // 64934.99001
    [1, '65000.00', '0', '65000.00'],
  ] as const)('entry of side %i from %s at spread %s is %s', (side, origin, rate, entry) => {
    expect(entryPrice(side, origin, rate, P)).toBe(entry);
  });

  it('sizes a position: number, margin (rounded up) and fee (rounded up)', () => {
    expect(positionNumber(3, '0.01', Q)).toBe('0.030000');
    // 65065 × 0.03 / 10 = 195.195 → 195.20
    expect(marginOf('65065.00', '0.03', 10, A)).toBe('195.20');
    expect(marginOf('65000.00', '0.03', 10, A)).toBe('195.00');
    expect(marginOf('0.5', '3', 7, 0)).toBe('1'); // 0.214… up
    expect(marginOf('1.23456', '1', 1, 2)).toBe('1.24'); // more decimals than the amount: up
    // 195.20 × 0.002 = 0.3904 → 0.40
    expect(tradeFee('195.20', '0.002', A)).toBe('0.40');
    expect(tradeFee('195.00', '0.002', A)).toBe('0.39');
  });

  it('shows the expected result of a stop, signed by the side, a fraction of a loss up', () => {
    expect(expectedStopResult(1, '64000', '65065.00', 3, '0.01', A)).toBe('-31.95');
    expect(expectedStopResult(1, '66000', '65065.00', 3, '0.01', A)).toBe('28.05');
    expect(expectedStopResult(2, '64000', '64935.00', 3, '0.01', A)).toBe('28.05');
    expect(expectedStopResult(1, '65064.98', '65064.99', 1, '0.033', A)).toBe('-0.01');
    expect(expectedStopResult(1, '65065.00', '65064.99', 1, '0.033', A)).toBe('0.00');
  });

  it('refuses stops on the wrong side of the mark', () => {
    expect(stopProblem(1, '65000', '66000', '64000')).toBeNull();
    expect(stopProblem(1, '65000', '64000', null)).toBe('stop_profit_side');
    expect(stopProblem(1, '65000', '65000', null)).toBe('stop_profit_side');
    expect(stopProblem(1, '65000', null, '66000')).toBe('stop_loss_side');
    expect(stopProblem(2, '65000', '64000', '66000')).toBeNull();
    expect(stopProblem(2, '65000', '66000', null)).toBe('stop_profit_side');
    expect(stopProblem(2, '65000', null, '64000')).toBe('stop_loss_side');
    expect(stopProblem(2, '65000', '', '')).toBeNull();
  });

  it('refuses what is not a decimal', () => {
    expect(() => entryPrice(1, '1e5', '0.001', P)).toThrow(RangeError);
  });
});
