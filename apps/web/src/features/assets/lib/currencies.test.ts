import { describe, expect, it } from 'vitest';
import {
  availableIn,
  defaultProtocol,
  convertibleAccounts,
  drawableAccounts,
  filterAccounts,
  rechargeGroup,
  rowActions,
  transferableCurrencies,
} from './currencies';
import { account, currency, group, TYPES_OF } from './test-fixtures';

const usdt = currency('USDT', 1);
const btc = currency('BTC', 2, { open_draw: 0, name: 'Bitcoin' });
const vnd = currency('VND', 5, { open_recharge: 0, open_draw: 0, account_types: TYPES_OF(1, 2) });
const trx = currency('TRX', 4, { account_types: TYPES_OF(1) });
const doge = currency('DOGE', 9, { is_recharge_account: 0 });

describe('charge and withdraw actions (spec 2 §2)', () => {
  const trade = group(1, [account(usdt, 1), account(btc, 1), account(vnd, 1)], 1);
  const lever = group(3, [account(usdt, 3)], 0);

  it('appear only in a group with is_recharge 1', () => {
    expect(rowActions(trade, account(usdt, 1)).shown).toBe(true);
    expect(rowActions(lever, account(usdt, 3)).shown).toBe(false);
  });

  it('are enabled by open_recharge and open_draw, else greyed out', () => {
    expect(rowActions(trade, account(usdt, 1))).toEqual({
      shown: true,
      charge: true,
      withdraw: true,
    });
    expect(rowActions(trade, account(btc, 1))).toMatchObject({ charge: true, withdraw: false });
    expect(rowActions(trade, account(vnd, 1))).toMatchObject({ charge: false, withdraw: false });
  });

  it('withdraw and bind-address offer the charge group’s open_draw currencies', () => {
    expect(rechargeGroup([lever, trade])).toBe(trade);
    expect(drawableAccounts([lever, trade]).map((a) => a.currency_code)).toEqual(['USDT']);
    expect(drawableAccounts([lever])).toEqual([]);
  });
});

describe('transfer currencies (spec 2 §5)', () => {
  it('need is_recharge_account and more than one account type, each once', () => {
    const groups = [
      group(1, [account(usdt, 1), account(trx, 1), account(doge, 1), account(vnd, 1)], 1),
      group(3, [account(usdt, 3, '5')]),
    ];
    expect(transferableCurrencies(groups).map((c) => c.code)).toEqual(['USDT', 'VND']);
  });
});

describe('convertible rows', () => {
  it('are the second account’s coins other than USDT', () => {
    const groups = [
      group(1, [account(btc, 1)], 1),
      group(4, [account(usdt, 4), account(btc, 4, '1'), account(trx, 4)]),
    ];
    expect(convertibleAccounts(groups).map((a) => a.currency_code)).toEqual(['BTC', 'TRX']);
    expect(convertibleAccounts([])).toEqual([]);
  });
});

describe('balances and filters', () => {
  const rows = [account(usdt, 1, '12.5'), account(btc, 1, '0', '0.1'), account(trx, 1, '0.000')];

  it('read the available balance of an account type, 0 when never held', () => {
    const groups = [group(1, rows, 1), group(3, [account(usdt, 3, '7')])];
    expect(availableIn(groups, 3, 1)).toBe('7');
    expect(availableIn(groups, 3, 2)).toBe('0');
    expect(availableIn(groups, 5, 1)).toBe('0');
  });

  it('hide rows with nothing available or locked, and search code or name', () => {
    expect(
      filterAccounts(rows, { search: '', hideZero: true }).map((a) => a.currency_code),
    ).toEqual(['USDT', 'BTC']);
    expect(filterAccounts(rows, { search: 'bitc', hideZero: false })).toHaveLength(1);
    expect(filterAccounts(rows, { search: ' t ', hideZero: false })).toHaveLength(3);
  });
});

describe('withdrawal chain', () => {
  const chain = (id: number, code: string) => ({
    id,
    token_address: '',
    chain_protocol: { id, code },
  });
  const tether = currency('USDT', 1, {
    currency_protocols: [chain(1, 'ERC20'), chain(2, 'TRC20')],
  });
  const bound = (currencyId: number, protocolId: number) => ({
    id: protocolId,
    currency_id: currencyId,
    currency_code: 'USDT',
    currency_protocol_id: protocolId,
    chain: '',
    address: 'T1',
    memo: '',
    created_at: 0,
  });

  it('starts where the user has a bound address, unless a chain was chosen', () => {
    expect(defaultProtocol(tether, [], undefined)?.id).toBe(1);
    expect(defaultProtocol(tether, [bound(1, 2)], undefined)?.id).toBe(2);
    expect(defaultProtocol(tether, [bound(9, 1), bound(1, 2)], 1)?.id).toBe(1);
    expect(defaultProtocol(tether, [bound(9, 2)], undefined)?.id).toBe(1);
    expect(defaultProtocol(currency('X', 3), [], undefined)).toBeUndefined();
  });
});
