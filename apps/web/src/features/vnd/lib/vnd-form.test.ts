import { VND_WITHDRAW_STATUS } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import {
  chargeProblem,
  isOverAvailable,
  withdrawAll,
  withdrawNote,
  withdrawProblem,
  WITHDRAW_STATUS_VIEW,
  type WithdrawForm,
} from './vnd-form';

describe('chargeProblem (step 1 of a VND deposit)', () => {
  it('accepts a positive amount with at most 2 decimals', () => {
    for (const amount of ['10', '0.01', '10.5', '10.50', '1.', ' 7 ', '1000000000']) {
      expect(chargeProblem(amount), amount).toBeNull();
    }
  });

  it('asks for an amount', () => {
    expect(chargeProblem('')).toEqual({ key: 'deposit.p_quantity' });
    expect(chargeProblem('  ')).toEqual({ key: 'deposit.p_quantity' });
  });

  it('refuses zero, signs, exponents and letters', () => {
    for (const amount of ['0', '0.00', '-1', '1e3', 'abc', '1,5']) {
      expect(chargeProblem(amount)?.key, amount).toBe('amount.invalid');
    }
  });

  it('refuses more than 2 decimals', () => {
    expect(chargeProblem('10.555')).toEqual({
      key: 'amount.precision',
      params: { decimals: '2' },
    });
    // Zeros beyond them change nothing.
    expect(chargeProblem('10.500')).toBeNull();
  });

  it('refuses more than the largest deposit', () => {
    expect(chargeProblem('1000000000.01')?.key).toBe('amount.too_large');
  });
});

const FORM: WithdrawForm = {
  amount: '10',
  available: '100',
  decimals: 6,
  rate: '25200',
  identityApproved: true,
  hasBank: true,
  password: 'pay2026',
};

describe('withdrawProblem (the VND withdrawal)', () => {
  it('accepts a complete form', () => {
    expect(withdrawProblem(FORM)).toBeNull();
    expect(withdrawProblem({ ...FORM, amount: '100' })).toBeNull();
  });

  it('checks the amount first', () => {
    expect(withdrawProblem({ ...FORM, amount: '', password: '' })?.key).toBe('withdraw.p_number');
    expect(withdrawProblem({ ...FORM, amount: '0' })?.key).toBe('amount.invalid');
    expect(withdrawProblem({ ...FORM, amount: '1.1234567' })?.key).toBe('amount.precision');
    expect(withdrawProblem({ ...FORM, amount: '100.000001' })?.key).toBe('withdraw.num_error');
  });

  it('leaves the balance to the server while it is unknown', () => {
    expect(withdrawProblem({ ...FORM, amount: '1000', available: null })).toBeNull();
  });

  it('then what the server needs: a rate, an identity, a bank account, the trade password', () => {
    expect(withdrawProblem({ ...FORM, rate: undefined })?.key).toBe('withdraw.closed');
    expect(withdrawProblem({ ...FORM, rate: '0' })?.key).toBe('withdraw.closed');
    expect(withdrawProblem({ ...FORM, identityApproved: false, hasBank: false })?.key).toBe(
      'withdraw.identity_required',
    );
    expect(withdrawProblem({ ...FORM, hasBank: false })?.key).toBe('withdraw.bank_required');
    expect(withdrawProblem({ ...FORM, password: ' ' })?.key).toBe('withdraw.p_password');
  });
});

describe('amounts of the withdrawal', () => {
  it('tells an amount above the balance', () => {
    expect(isOverAvailable('100.01', '100')).toBe(true);
    expect(isOverAvailable('100', '100')).toBe(false);
    expect(isOverAvailable('1.', '100')).toBe(false);
    expect(isOverAvailable('', '100')).toBe(false);
    expect(isOverAvailable('5', null)).toBe(false);
  });

  it('offers the whole balance at the currency decimals', () => {
    expect(withdrawAll('12.3456789', 6)).toBe('12.345678');
    expect(withdrawAll('100', 6)).toBe('100');
  });
});

describe('withdrawal statuses', () => {
  it('has a tag for each status', () => {
    for (const status of Object.values(VND_WITHDRAW_STATUS)) {
      expect(WITHDRAW_STATUS_VIEW[status].key).toMatch(/^vnd\.withdrawLog\.status\./);
    }
  });

  it('says the payout reference once paid and the reason once refused', () => {
    const row = { tx_ref: 'FT123', reason: 'Wrong name' };
    expect(withdrawNote({ ...row, status: 2 })).toEqual({ kind: 'txRef', text: 'FT123' });
    expect(withdrawNote({ ...row, status: 4 })).toEqual({ kind: 'txRef', text: 'FT123' });
    expect(withdrawNote({ ...row, status: 5 })).toEqual({ kind: 'reason', text: 'Wrong name' });
    expect(withdrawNote({ ...row, status: 3 })).toEqual({ kind: 'reason', text: 'Wrong name' });
    expect(withdrawNote({ ...row, status: 1 })).toBeNull();
    expect(withdrawNote({ tx_ref: '', reason: '', status: 2 })).toBeNull();
  });
});
