import {
  ACCOUNT_TYPES,
  type AccountGroup,
  type AssetAccount,
  type AssetCurrency,
  type BoundAddress,
  type CurrencyProtocol,
} from '@exchange/contract';
import { isZeroDecimal } from '../../../shared/format/number';

/** Charge and withdraw of one row (spec 2 §2): shown for the group, each enabled by the currency. */
export interface RowActions {
  /** The group offers charge and withdraw at all (is_recharge 1). */
  shown: boolean;
  /** Charge is enabled (open_recharge 1); otherwise greyed out. */
  charge: boolean;
  /** Withdraw is enabled (open_draw 1); otherwise greyed out. */
  withdraw: boolean;
}

export function rowActions(group: AccountGroup, account: AssetAccount): RowActions {
  return {
    shown: group.is_recharge === 1,
    charge: account.currency.open_recharge === 1,
    withdraw: account.currency.open_draw === 1,
  };
}

/** The group deposits land in and withdrawals leave from: the one offering charge (the trade account). */
export function rechargeGroup(groups: readonly AccountGroup[]): AccountGroup | undefined {
  return (
    groups.find((g) => g.is_recharge === 1 && g.account_type_id === ACCOUNT_TYPES.trade) ??
    groups.find((g) => g.is_recharge === 1)
  );
}

/** Rows of the charge group whose currency may be withdrawn (withdraw and bind-address pages). */
export function drawableAccounts(groups: readonly AccountGroup[]): AssetAccount[] {
  return (rechargeGroup(groups)?.accounts ?? []).filter((a) => a.currency.open_draw === 1);
}

/**
 * Currencies the transfer page offers (spec 2 §5): is_recharge_account 1 and more than one account
 * type to move between. Each currency once, in the order of the groups.
 */
export function transferableCurrencies(groups: readonly AccountGroup[]): AssetCurrency[] {
  const seen = new Map<number, AssetCurrency>();
  for (const account of groups.flatMap((g) => g.accounts)) {
    const currency = account.currency;
    if (seen.has(currency.id)) continue;
    if (currency.is_recharge_account === 1 && currency.account_types.length > 1) {
      seen.set(currency.id, currency);
    }
  }
  return [...seen.values()];
}

/** The rows of the second (micro) account that can be converted to USDT: every coin but USDT. */
export function convertibleAccounts(groups: readonly AccountGroup[]): AssetAccount[] {
  const micro = groups.find((g) => g.account_type_id === ACCOUNT_TYPES.micro);
  return (micro?.accounts ?? []).filter((a) => a.currency_code.toUpperCase() !== 'USDT');
}

/** Available balance of a currency in an account type; `"0"` when the user has never held it. */
export function availableIn(
  groups: readonly AccountGroup[],
  accountTypeId: number,
  currencyId: number,
): string {
  const group = groups.find((g) => g.account_type_id === accountTypeId);
  return group?.accounts.find((a) => a.currency_id === currencyId)?.balance ?? '0';
}

/** The list's search box and hide-zero switch: code or name contains the text, case-insensitive. */
export function filterAccounts(
  accounts: readonly AssetAccount[],
  filter: { search: string; hideZero: boolean },
): AssetAccount[] {
  const text = filter.search.trim().toLowerCase();
  return accounts.filter((a) => {
    if (filter.hideZero && isZeroDecimal(a.balance) && isZeroDecimal(a.lock_balance)) return false;
    if (!text) return true;
    return (
      a.currency_code.toLowerCase().includes(text) || a.currency.name.toLowerCase().includes(text)
    );
  });
}

/**
 * The chain a withdrawal starts on: the one asked for, else the first with a bound address of
 * this currency (that is where the user can send), else the currency's first chain.
 */
export function defaultProtocol(
  currency: AssetCurrency,
  addresses: readonly BoundAddress[],
  wanted: number | undefined,
): CurrencyProtocol | undefined {
  const protocols = currency.currency_protocols;
  const bound = (p: CurrencyProtocol) =>
    addresses.some((a) => a.currency_id === currency.id && a.currency_protocol_id === p.id);
  return protocols.find((p) => p.id === wanted) ?? protocols.find(bound) ?? protocols[0];
}
