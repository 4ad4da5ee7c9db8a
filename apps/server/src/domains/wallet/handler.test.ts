import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ALICE,
  balance,
  BTC,
  credit,
  expectInsufficient,
  LEGAL,
  eachSeeded,
  startSeeded,
  TRADE,
  USDT,
} from '../../../test/handler-helpers.js';
import { units } from '../../core/amounts.js';
import { ACCOUNT_TYPE } from '../../core/ledger.js';
import type { Store } from '../../db/client.js';
import type { Products } from '../../products.js';

/**
 * Each wallet command that takes money (adjust, requestWithdrawal, transfer) checks the balance
 * before it changes anything: called with amounts just beyond what the user holds, the command
 * itself refuses with `INSUFFICIENT_FUNDS` (not the ledger's guard behind it, which would answer
 * `INTERNAL`), and balances, accounts, orders, books, counters and the batch being filled are
 * unchanged.
 */

describe('wallet: each command refuses to take more than the balance, and changes nothing', () => {
  const products = eachSeeded();
  let p: Products;
  beforeEach(() => {
    p = products();
  });

  const adjust = (userId: number, currencyId: number, amount: string, accountType = TRADE) =>
    p.wallet.adjust({
      actorId: 1,
      userId,
      accountType,
      currencyId,
      amount: -units(amount),
      reason: 'too much',
    });

  it('adjust: below zero of available, though the account holds enough with what is locked', async () => {
    await expectInsufficient(p, () => adjust(ALICE, USDT, '500.000000000000000001'));
    await expectInsufficient(p, () => adjust(ALICE, USDT, '1000'));
    await expectInsufficient(p, () => adjust(ALICE, BTC, '0.41'));
    // Another account type of the same user and currency.
    await expectInsufficient(p, () => adjust(ALICE, USDT, '6', LEGAL));
    // An account that does not exist is not opened.
    await expectInsufficient(p, () => adjust(4242, USDT, '1'));
    await expectInsufficient(p, () => adjust(ALICE, USDT, '0.01', ACCOUNT_TYPE.financial));
  });

  const withdraw = (currencyId: number, number: string, fee = '0') =>
    p.wallet.requestWithdrawal({
      userId: ALICE,
      currencyId,
      protocolId: null,
      chain: 'test',
      address: 'addr',
      memo: '',
      number: units(number),
      fee: units(fee),
    });

  it('withdrawal: above available', async () => {
    await expectInsufficient(p, () => withdraw(USDT, '500.000000000000000001'));
    await expectInsufficient(p, () => withdraw(USDT, '900', '1'));
    await expectInsufficient(p, () => withdraw(BTC, '0.41'));
    // Nothing of another currency.
    await expectInsufficient(p, () => withdraw(3, '1'));
  });

  const transfer = (currencyId: number, from: number, to: number, amount: string) =>
    p.wallet.transfer({
      userId: ALICE,
      currencyId,
      from,
      to,
      amount: units(amount),
      clientId: 'guards-transfer',
    });

  it('transfer: above available of the account it comes from', async () => {
    await expectInsufficient(p, () => transfer(USDT, TRADE, LEGAL, '500.000000000000000001'));
    await expectInsufficient(p, () => transfer(BTC, TRADE, LEGAL, '0.41'));
    // From the legal account, which holds 5 USDT (the trade account's 500 do not count).
    await expectInsufficient(p, () => transfer(USDT, LEGAL, TRADE, '5.01'));
    await expectInsufficient(p, () => transfer(BTC, LEGAL, TRADE, '0.01'));
  });
});

describe('wallet: exactly the available balance is allowed', () => {
  let store: Store;
  let p: Products;

  beforeEach(async () => {
    ({ store, p } = await startSeeded());
  });

  afterEach(async () => {
    await p.core.close();
    await store.close();
  });

  it('adjust down to exactly zero', async () => {
    await credit(p, ALICE, USDT, '7.5', LEGAL);
    await credit(p, ALICE, USDT, '-7.5', LEGAL);
    expect(balance(p, USDT, LEGAL)).toEqual([0n, 0n]);
  });

  it('transfer exactly the available balance, there and back', async () => {
    await credit(p, ALICE, USDT, '100');
    const move = (from: number, to: number) =>
      p.wallet.transfer({
        userId: ALICE,
        currencyId: USDT,
        from,
        to,
        amount: units('100'),
        clientId: null,
      });
    await move(TRADE, LEGAL);
    expect(balance(p, USDT)).toEqual([0n, 0n]);
    await move(LEGAL, TRADE);
    expect(balance(p, USDT, LEGAL)).toEqual([0n, 0n]);
    expect(balance(p, USDT)).toEqual([units('100'), 0n]);
  });

  it('withdraw exactly the available balance', async () => {
    await credit(p, ALICE, BTC, '0.3');
    await p.wallet.requestWithdrawal({
      userId: ALICE,
      currencyId: BTC,
      protocolId: null,
      chain: 'test',
      address: 'addr',
      memo: '',
      number: units('0.3'),
      fee: units('0.001'),
    });
    expect(balance(p, BTC)).toEqual([0n, units('0.3')]);
  });
});
