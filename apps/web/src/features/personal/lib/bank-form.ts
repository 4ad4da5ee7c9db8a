import type { ErrorKey } from '@exchange/contract';

/** The bank account for withdrawals as typed (user_bank/update). */
export interface BankForm {
  bank_name: string;
  account_number: string;
  account_name: string;
}

export type BankField = keyof BankForm;

export const EMPTY_BANK: BankForm = { bank_name: '', account_number: '', account_name: '' };

const ACCOUNT_NUMBER = /^[0-9 -]{4,40}$/;

/**
 * The bank form top to bottom, with the server's keys (user_bank/update): the bank's name, the
 * account number and its form (digits, spaces, dashes), the account holder's name.
 */
export function validateBank(v: BankForm): { key: ErrorKey; field: BankField } | null {
  if (!v.bank_name.trim()) return { key: 'collect.bank_name', field: 'bank_name' };
  const number = v.account_number.trim();
  if (!number) return { key: 'collect.bank_account', field: 'account_number' };
  if (!ACCOUNT_NUMBER.test(number))
    return { key: 'collect.bank_account_format', field: 'account_number' };
  if (!v.account_name.trim()) return { key: 'collect.p_name', field: 'account_name' };
  return null;
}

export function bankRequest(v: BankForm): BankForm {
  return {
    bank_name: v.bank_name.trim(),
    account_number: v.account_number.trim(),
    account_name: v.account_name.trim(),
  };
}
