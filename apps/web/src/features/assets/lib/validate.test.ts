import { describe, expect, it } from 'vitest';
import { showPager } from '../../../shared/ui/table/paging';
import { kindKey } from './journal-kind';
import { validateConvert, validateDeposit, validateTransfer, validateWithdraw } from './validate';

describe('withdraw validation (spec 2 §5)', () => {
  const ok = { address: 'TXa1', amount: '12', password: 'secret1' };

  it('checks address, then amount, then trade password', () => {
    expect(validateWithdraw({ address: ' ', amount: '', password: '' })).toBe('withdraw.p_address');
    expect(validateWithdraw({ ...ok, amount: '', password: '' })).toBe('withdraw.p_number');
    expect(validateWithdraw({ ...ok, amount: '0' })).toBe('withdraw.p_number');
    expect(validateWithdraw({ ...ok, password: '' })).toBe('withdraw.p_password');
    expect(validateWithdraw(ok)).toBeNull();
  });

  it('leaves minimum, maximum and balance to the server', () => {
    expect(validateWithdraw({ ...ok, amount: '0.000001' })).toBeNull();
    expect(validateWithdraw({ ...ok, amount: '99999999999' })).toBeNull();
  });
});

describe('required amounts (spec 2 §5)', () => {
  it('deposit report, transfer and convert each have their prompt', () => {
    expect(validateDeposit('', '')).toBe('deposit.p_quantity');
    expect(validateDeposit('0.5', '/api/upload/x.png')).toBeNull();
    expect(validateTransfer('0')).toBe('transfer.p_number');
    expect(validateTransfer('1.')).toBeNull();
    expect(validateConvert('')).toBe('convert.p_number');
    expect(validateConvert('3')).toBeNull();
  });
});

describe('deposit report screenshot', () => {
  it('is required after the quantity', () => {
    expect(validateDeposit('', '/api/upload/x.png')).toBe('deposit.p_quantity');
    expect(validateDeposit('12', '')).toBe('deposit.p_img');
  });
});

describe('records lists', () => {
  it('show a pager only above one page (spec 2 §9: 15 deposits)', () => {
    expect(showPager(0, 15)).toBe(false);
    expect(showPager(15, 15)).toBe(false);
    expect(showPager(16, 15)).toBe(true);
  });

  it('translate known journal kinds and leave others raw', () => {
    expect(kindKey('trade')).toBe('assets.kind.trade');
    expect(kindKey('order.lock')).toBe('assets.kind.order_lock');
    expect(kindKey('withdraw.unlock')).toBe('assets.kind.withdraw_unlock');
    expect(kindKey('fee.rebate')).toBeNull();
  });
});
