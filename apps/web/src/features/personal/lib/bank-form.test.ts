import { describe, expect, it } from 'vitest';
import { bankRequest, EMPTY_BANK, validateBank } from './bank-form';

describe('bank info validation (user_bank/update order)', () => {
  it('asks for the bank, the account number and its form, then the holder', () => {
    expect(validateBank(EMPTY_BANK)).toEqual({ key: 'collect.bank_name', field: 'bank_name' });
    expect(validateBank({ ...EMPTY_BANK, bank_name: 'B' })).toEqual({
      key: 'collect.bank_account',
      field: 'account_number',
    });
    expect(validateBank({ ...EMPTY_BANK, bank_name: 'B', account_number: '12ab' })).toEqual({
      key: 'collect.bank_account_format',
      field: 'account_number',
    });
    expect(validateBank({ ...EMPTY_BANK, bank_name: 'B', account_number: '1234 5678' })).toEqual({
      key: 'collect.p_name',
      field: 'account_name',
    });
    expect(
      validateBank({ bank_name: 'B', account_number: '0123-4567', account_name: 'Tran B' }),
    ).toBeNull();
  });

  it('sends the fields trimmed', () => {
    expect(
      bankRequest({ bank_name: ' B ', account_number: ' 1234 ', account_name: ' N ' }),
    ).toEqual({ bank_name: 'B', account_number: '1234', account_name: 'N' });
  });
});
