import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ALICE,
  balance,
  BTC,
  btcUsdt,
  credit,
  expectInsufficient,
  limit,
  MAKER,
  eachSeeded,
  startSeeded,
  USDT,
} from '../../../test/handler-helpers.js';
import { units } from '../../core/amounts.js';
import type { Store } from '../../db/client.js';
import type { Products } from '../../products.js';

/**
 * A spot order checks the balance it needs before it changes anything: called with amounts just
 * beyond what the user holds, `place` itself refuses with `INSUFFICIENT_FUNDS` (not the ledger's
 * guard behind it, which would answer `INTERNAL`), and balances, accounts, orders, books,
 * counters and the batch being filled are unchanged.
 */

describe('spot: an order refuses to take more than the balance, and changes nothing', () => {
  const products = eachSeeded();
  let p: Products;
  beforeEach(() => {
    p = products();
  });

  const order = (side: 1 | 2, type: 0 | 1, number: string, price?: string) =>
    p.spot.place({
      userId: ALICE,
      marketId: btcUsdt(p).id,
      side,
      type,
      number,
      price,
      clientOrderId: 'guards-order',
      limited: true,
    });

  it('buy order: above the quote balance', async () => {
    // 0.01 at 50001 is 500.01 USDT, resting below the ask.
    await expectInsufficient(p, () => order(1, 0, '0.01', '50001'));
    // At the maker's ask: it would trade at once, paid from available funds.
    await expectInsufficient(p, () => order(1, 0, '0.008', '70000'));
    await expectInsufficient(p, () => order(1, 0, '1', '1000'));
    // A market buy whose funds do not reach the best ask.
    await expectInsufficient(p, () => order(1, 1, '0.01'));
  });

  it('sell order: above the base balance', async () => {
    await expectInsufficient(p, () => order(2, 0, '0.400001', '90000'));
    // At the maker's bid: it would trade at once.
    await expectInsufficient(p, () => order(2, 0, '0.41', '60000'));
    await expectInsufficient(p, () => order(2, 1, '0.41'));
  });

  it('still takes an order within the balance afterwards', async () => {
    // The refusals left the handlers serving, with the balances the setup made.
    await expectInsufficient(p, () => order(1, 0, '0.01', '50001'));
    await limit(p, ALICE, 1, '0.01', '50000');
    await p.core.close();
    expect(balance(p, USDT)).toEqual([0n, units('1000')]);
  });
});

describe('spot: exactly the available balance is allowed', () => {
  let store: Store;
  let p: Products;

  beforeEach(async () => {
    ({ store, p } = await startSeeded());
    // The maker bids 1 BTC at 60000.
    await credit(p, MAKER, USDT, '1000000');
    await limit(p, MAKER, 1, '1', '60000');
  });

  afterEach(async () => {
    await p.core.close();
    await store.close();
  });

  it('buy for exactly the quote balance and sell exactly the base balance', async () => {
    await credit(p, ALICE, USDT, '100');
    await credit(p, ALICE, BTC, '0.25');
    // 0.002 BTC at 50000 is exactly 100 USDT.
    await limit(p, ALICE, 1, '0.002', '50000');
    expect(balance(p, USDT)).toEqual([0n, units('100')]);
    await limit(p, ALICE, 2, '0.25', '90000');
    expect(balance(p, BTC)).toEqual([0n, units('0.25')]);
  });
});
