import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ALICE,
  balance,
  BTC,
  credit,
  expectInsufficient,
  LEGAL,
  limit,
  MAKER,
  eachSeeded,
  startSeeded,
  TRADE,
  USDT,
} from '../../../test/handler-helpers.js';
import { units } from '../../core/amounts.js';
import type { Store } from '../../db/client.js';
import type { Products } from '../../products.js';

/**
 * A conversion checks the balance of the account it converts in before it changes anything:
 * called with amounts just beyond what the user holds, `convert` itself refuses with
 * `INSUFFICIENT_FUNDS` (not the ledger's guard behind it, which would answer `INTERNAL`), and
 * balances, accounts, orders, books, counters and the batch being filled are unchanged.
 */

describe('convert: a conversion refuses to take more than the balance, and changes nothing', () => {
  const products = eachSeeded();
  let p: Products;
  beforeEach(() => {
    p = products();
  });

  const convert = (amount: string, accountType = TRADE) =>
    p.convert.convert({
      userId: ALICE,
      currencyId: BTC,
      accountType,
      amount: units(amount),
      minReceive: 0n,
      usdtId: USDT,
    });

  it('conversion: above available of the account it converts in', async () => {
    // The maker's bid covers 1 BTC: the quote succeeds, the balance does not.
    expect(p.convert.quote(ALICE, BTC, USDT, units('0.41')).qty).toBe(units('0.41'));
    await expectInsufficient(p, () => convert('0.41'));
    await expectInsufficient(p, () => convert('0.5'));
    // Alice's BTC is in her trade account, none in legal.
    await expectInsufficient(p, () => convert('0.01', LEGAL));
  });
});

describe('convert: exactly the available balance is allowed', () => {
  let store: Store;
  let p: Products;

  beforeEach(async () => {
    ({ store, p } = await startSeeded());
    // The maker bids 1 BTC at 60000, for the conversion.
    await credit(p, MAKER, USDT, '1000000');
    await limit(p, MAKER, 1, '1', '60000');
  });

  afterEach(async () => {
    await p.core.close();
    await store.close();
  });

  it('convert exactly the available balance of the account converted in', async () => {
    await credit(p, ALICE, BTC, '0.1', LEGAL);
    await p.convert.convert({
      userId: ALICE,
      currencyId: BTC,
      accountType: LEGAL,
      amount: units('0.1'),
      minReceive: 0n,
      usdtId: USDT,
    });
    expect(balance(p, BTC, LEGAL)).toEqual([0n, 0n]);
    // 0.1 × 60000 less the taker fee, into the legal account.
    const [received] = balance(p, USDT, LEGAL);
    expect(received).toBeGreaterThan(units('5900'));
    expect(received).toBeLessThanOrEqual(units('6000'));
  });
});
