import { describe, expect, it } from 'vitest';
import {
  closePrice,
  entryPrice,
  entrustReached,
  expectedStopResult,
  hazardRate,
  marginOf,
  maxPayout,
  overnightFee,
  positionNumber,
  profitAt,
  stopProblem,
  stopTriggered,
  tradeFee,
} from './maths.js';

// BTC/USDT as the demo lists it: prices at 2 decimals, quantities at 6, USDT amounts at 2.
const P = 2;
const Q = 6;
const A = 2;

describe('lever maths, against hand-computed values', () => {
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

  it.each([
    [1, '66000.00', '0.001', '65934.00'],
    [2, '66000.00', '0.001', '66066.00'],
    [1, '65000.01', '0.001', '64935.00'], // 64935.00999 down
    [2, '65000.01', '0.001', '65065.02'], // 65065.01001 up
  ] as const)('close of side %i at mark %s, spread %s, is %s', (side, mark, rate, price) => {
    expect(closePrice(side, mark, rate, P)).toBe(price);
  });

  it('sizes a position: number, margin (rounded up) and fee (rounded up)', () => {
    expect(positionNumber(3, '0.01', Q)).toBe('0.030000');
    // 65065 × 0.03 / 10 = 195.195 → 195.20
    expect(marginOf('65065.00', '0.03', 10, A)).toBe('195.20');
    expect(marginOf('65000.00', '0.03', 10, A)).toBe('195.00');
    // 195.20 × 0.002 = 0.3904 → 0.40
    expect(tradeFee('195.20', '0.002', A)).toBe('0.40');
    expect(tradeFee('195.00', '0.002', A)).toBe('0.39');
    expect(maxPayout('65065.00', '0.03', A)).toBe('1951.95');
  });

  it.each([
    [1, '65065.00', '66000.00', '0.03', '28.05'],
    [1, '65065.00', '64000.00', '0.03', '-31.95'],
    [2, '64935.00', '64000.00', '0.03', '28.05'],
    [2, '64935.00', '66000.00', '0.03', '-31.95'],
    // Fractions of a cent: a gain is rounded down, a loss up.
    [1, '65064.99', '65065.00', '0.033', '0.00'],
    [1, '65064.99', '65064.98', '0.033', '-0.01'],
  ] as const)('profit of side %i entered at %s, valued at %s, %s BTC: %s', (s, e, p, n, r) => {
    expect(profitAt(s, e, p, n, A)).toBe(r);
  });

  it('computes the hazard rate as equity over margin in use, in percent, rounded down', () => {
    // (100 + 195.20 − 31.95) / 195.20 × 100 = 134.8616…
    expect(hazardRate('100.00', ['195.20'], ['-31.95'])).toBe('134.86');
    expect(hazardRate('0', ['100', '100'], ['-95', '-20'])).toBe('42.50');
    expect(hazardRate('0', ['100'], ['-150'])).toBe('-50.00');
    expect(hazardRate('500', [], [])).toBeNull();
  });

  it('charges the overnight fee on the position at the mark, rounded up', () => {
    // 0.03 × 65000 × 0.0005 = 0.975
    expect(overnightFee('0.03', '65000.00', '0.0005', A)).toBe('0.98');
    expect(overnightFee('0.03', '65000.00', '0', A)).toBe('0.00');
  });

  it('shows the expected result of a stop, signed by the side', () => {
    expect(expectedStopResult(1, '64000', '65065.00', 3, '0.01', A)).toBe('-31.95');
    expect(expectedStopResult(1, '66000', '65065.00', 3, '0.01', A)).toBe('28.05');
    expect(expectedStopResult(2, '64000', '64935.00', 3, '0.01', A)).toBe('28.05');
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

  it('triggers a stop when the mark reaches it, the stop-loss first', () => {
    expect(stopTriggered(1, '64000.00', '66000', '64000')).toBe('stop_loss');
    expect(stopTriggered(1, '64000.01', '66000', '64000')).toBeNull();
    expect(stopTriggered(1, '66000.01', '66000', '64000')).toBe('stop_profit');
    expect(stopTriggered(2, '66000', '64000', '66000')).toBe('stop_loss');
    expect(stopTriggered(2, '63999', '64000', '66000')).toBe('stop_profit');
    expect(stopTriggered(2, '65000', null, null)).toBeNull();
  });

  it('opens a limit entrust when the mark crosses its target', () => {
    expect(entrustReached(1, '64999.99', '65000')).toBe(true);
    expect(entrustReached(1, '65000.01', '65000')).toBe(false);
    expect(entrustReached(2, '65000', '65000')).toBe(true);
    expect(entrustReached(2, '64999', '65000')).toBe(false);
  });
});
