import type { AccountGroup, AssetAccount, AssetCurrency } from '@exchange/contract';

const TYPES = [
  { id: 1, name: 'Trade account', account_code: 'change_account' },
  { id: 2, name: 'Legal account', account_code: 'legal_account' },
  { id: 3, name: 'Lever account', account_code: 'lever_account' },
  { id: 4, name: 'Second account', account_code: 'micro_account' },
];

/** A currency as account/list sends it; open for deposits and withdrawals unless told. */
export function currency(
  code: string,
  id: number,
  over: Partial<AssetCurrency> = {},
): AssetCurrency {
  return {
    id,
    code,
    name: code,
    logo: '',
    decimals: 2,
    open_recharge: 1,
    open_draw: 1,
    draw_rate: '0.001',
    draw_min: '10',
    draw_max: '1000',
    usd_price: '1',
    is_recharge_account: 1,
    account_types: TYPES.slice(0, 3),
    currency_protocols: [],
    ...over,
  };
}

export function account(
  cur: AssetCurrency,
  accountTypeId: number,
  balance = '0',
  lock = '0',
): AssetAccount {
  return {
    id: accountTypeId * 100 + cur.id,
    user_id: 7,
    currency_id: cur.id,
    currency_code: cur.code,
    account_type_id: accountTypeId,
    balance,
    lock_balance: lock,
    convert_usd: '0',
    currency: cur,
  };
}

export function group(
  accountTypeId: number,
  accounts: AssetAccount[],
  isRecharge: 0 | 1 = 0,
): AccountGroup {
  const type = TYPES.find((t) => t.id === accountTypeId);
  return {
    account_type_id: accountTypeId,
    account_code: type?.account_code ?? 'financial_account',
    name: type?.name ?? 'Financial account',
    is_recharge: isRecharge,
    convert_usd: '0',
    accounts,
  };
}

export const TYPES_OF = (...ids: number[]) => TYPES.filter((t) => ids.includes(t.id));
