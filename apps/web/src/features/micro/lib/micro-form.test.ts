import { describe, expect, it } from 'vitest';
import {
  chosenStake,
  decimalsOf,
  formatRemain,
  microPreview,
  ratioPercent,
  stakeProblem,
} from './micro-form';

const usdt = {
  code: 'USDT',
  min_number: '10',
  max_number: '10000',
  micro_account: { balance: '1000', lock_balance: '0' },
};

describe('chosenStake', () => {
  it('takes a custom amount above zero over the preset', () => {
    expect(chosenStake('25', '10')).toBe('25');
    expect(chosenStake(' 12.50 ', '10')).toBe('12.5');
    expect(chosenStake('1.', '10')).toBe('1');
  });

  it('falls back to the preset when the custom box is empty or zero', () => {
    expect(chosenStake('', '50')).toBe('50');
    expect(chosenStake('0', '50.00')).toBe('50');
    expect(chosenStake('0.000', '100')).toBe('100');
    expect(chosenStake('', null)).toBeNull();
    expect(chosenStake('', '0')).toBeNull();
  });
});

describe('microPreview', () => {
  it('rounds the fee and the gain down to the currency decimals', () => {
    expect(microPreview('10', '0.01', '0.8', 8)).toEqual({
      stake: '10',
      fee: '0.1',
      gain: '8',
      payout: '18',
    });
    // 33.33 × 0.015 = 0.49995 → 0.49 at 2 decimals; × 0.85 = 28.3305 → 28.33.
    expect(microPreview('33.33', '0.015', '0.85', 2)).toEqual({
      stake: '33.33',
      fee: '0.49',
      gain: '28.33',
      payout: '61.66',
    });
  });

  it('stays exact beyond floating point', () => {
    const p = microPreview('9007199254740993.1', '0.01', '0.9', 6);
    expect(p.fee).toBe('90071992547409.931');
    expect(p.gain).toBe('8106479329266893.79');
    expect(p.payout).toBe('17113678584007886.89');
    // 0.1 + 0.2 style sums: exact.
    expect(microPreview('0.3', '0.1', '0.7', 8).payout).toBe('0.51');
  });

  it('cuts a stake typed with more decimals than the currency has', () => {
    expect(microPreview('10.129', '0', '0.5', 2)).toMatchObject({ stake: '10.12', fee: '0' });
  });
});

describe('stakeProblem', () => {
  it('asks for a stake', () => {
    expect(stakeProblem(null, usdt, '0')).toEqual({ key: 'micro.p_number' });
  });

  it('names the limits when the stake is outside them', () => {
    const range = {
      key: 'micro.stake_range',
      params: { min: '10', max: '10000', currency: 'USDT' },
    };
    expect(stakeProblem('9.99', usdt, '0.09')).toEqual(range);
    expect(
      stakeProblem(
        '10000.01',
        { ...usdt, micro_account: { balance: '1e9', lock_balance: '0' } },
        '100',
      ),
    ).toEqual(range);
    expect(stakeProblem('10', usdt, '0.1')).toBeNull();
  });

  it('has no upper limit when the maximum is 0', () => {
    const rich = {
      ...usdt,
      max_number: '0',
      micro_account: { balance: '99999999', lock_balance: '0' },
    };
    expect(stakeProblem('50000', rich, '500')).toBeNull();
  });

  it('needs the balance to hold the stake and the fee', () => {
    expect(stakeProblem('990', usdt, '9.9')).toBeNull();
    expect(stakeProblem('995', usdt, '9.95')).toEqual({
      key: 'second.form.noBalance',
      params: { currency: 'USDT' },
    });
  });
});

describe('ratios and countdowns', () => {
  it('shows a profit ratio as a percent', () => {
    expect(ratioPercent('0.8')).toBe('80');
    expect(ratioPercent('0.825')).toBe('82.5');
    expect(ratioPercent('1')).toBe('100');
    expect(decimalsOf('82.5')).toBe(1);
    expect(decimalsOf('80')).toBe(0);
  });

  it('formats the time left as a clock, a started second counting', () => {
    expect(formatRemain(5000)).toBe('00:05');
    expect(formatRemain(4001)).toBe('00:05');
    expect(formatRemain(999)).toBe('00:01');
    expect(formatRemain(0)).toBe('00:00');
    expect(formatRemain(-300)).toBe('00:00');
    expect(formatRemain(299_000)).toBe('04:59');
    expect(formatRemain(3_600_000)).toBe('1:00:00');
    expect(formatRemain(86_400_000)).toBe('24:00:00');
  });
});
