import type { AccountGroup, AssetCurrency } from '@exchange/contract';
import { availableIn } from './currencies';

/** An account type a currency may move from or to, with its available balance there. */
export interface TransferAccount {
  id: number;
  code: string;
  name: string;
  balance: string;
}

/** The account types of a currency (spec 2 §5: transfers stay within them), with balances. */
export function transferAccounts(
  currency: AssetCurrency,
  groups: readonly AccountGroup[],
): TransferAccount[] {
  return currency.account_types.map((type) => ({
    id: type.id,
    code: type.account_code,
    name: type.name,
    balance: availableIn(groups, type.id, currency.id),
  }));
}

/** Choosing a from-account sets the to-account to the first other account (spec 2 §4). */
export function firstOtherAccount(
  accounts: readonly TransferAccount[],
  from: number,
): number | undefined {
  return accounts.find((a) => a.id !== from)?.id;
}

/** The from and to of a currency just chosen: its first account type, then the first other. */
export function initialDirection(accounts: readonly TransferAccount[]): {
  from: number | undefined;
  to: number | undefined;
} {
  const from = accounts[0]?.id;
  return { from, to: from === undefined ? undefined : firstOtherAccount(accounts, from) };
}
