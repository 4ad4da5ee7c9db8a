import { describe, expect, it } from 'vitest';
import { firstOtherAccount, initialDirection, transferAccounts } from './transfer-accounts';
import { account, currency, group, TYPES_OF } from './test-fixtures';

const usdt = currency('USDT', 1, { account_types: TYPES_OF(1, 3, 4) });
const groups = [
  group(1, [account(usdt, 1, '100')], 1),
  group(3, [account(usdt, 3, '2.5')]),
  group(4, []),
];

describe('transfer from and to (spec 2 §4–5)', () => {
  const accounts = transferAccounts(usdt, groups);

  it('offers the currency’s account types, each with its available balance', () => {
    expect(accounts.map((a) => [a.id, a.balance])).toEqual([
      [1, '100'],
      [3, '2.5'],
      [4, '0'],
    ]);
  });

  it('sets to to the first other account when from is chosen', () => {
    expect(firstOtherAccount(accounts, 1)).toBe(3);
    expect(firstOtherAccount(accounts, 3)).toBe(1);
    expect(firstOtherAccount(accounts, 4)).toBe(1);
    expect(firstOtherAccount(accounts.slice(0, 1), 1)).toBeUndefined();
  });

  it('starts from the first account type towards the first other', () => {
    expect(initialDirection(accounts)).toEqual({ from: 1, to: 3 });
    expect(initialDirection([])).toEqual({ from: undefined, to: undefined });
  });
});
