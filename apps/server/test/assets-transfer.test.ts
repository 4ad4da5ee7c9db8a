import { CALLS } from '@exchange/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfers } from '../src/db/schema.js';
import { createTestApp, expectError, must, okData, type TestApp } from './helpers.js';
import {
  balance,
  BTC,
  BTC_USDT,
  buy,
  cancelEverything,
  ETH,
  operatorToken,
  trader,
  USDT,
  type Trader,
} from './spot-helpers.js';

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(() => t.close());

function transfer(u: Trader, params: Record<string, unknown>) {
  return t.call(
    CALLS.transfer,
    { currency_id: USDT, balance: '100', from: 1, to: 3, ...params },
    { token: u.token },
  );
}

describe('account/transfer', () => {
  it('checks the amount, the accounts and the balance; refused transfers change nothing', async () => {
    const u = await trader(t, op, { USDT: '500', BTC: '1' });
    expectError(await transfer(u, { balance: '' }), 422, 'transfer.p_number');
    expectError(await transfer(u, { to: 1 }), 422, 'transfer.same_account');
    expectError(await transfer(u, { to: 9 }), 422, 'account.type_invalid');
    expectError(await transfer(u, { balance: '0' }), 422, 'amount.invalid');
    expectError(await transfer(u, { balance: '500.01' }), 422, 'balance.insufficient');
    // BTC may be held in trade, lever and micro accounts, not in the legal account.
    expectError(await transfer(u, { currency_id: BTC, to: 2 }), 422, 'transfer.not_allowed');
    expectError(await transfer(u, { currency_id: 999 }), 404, 'currency.not_found');
    expect(await balance(t, u.token, USDT, 1)).toEqual({ balance: '500', lock_balance: '0' });
    expect(await balance(t, u.token, USDT, 3)).toEqual({ balance: '0', lock_balance: '0' });
  });

  it('moves the amount between the user’s accounts and back; the log lists it', async () => {
    const u = await trader(t, op, { USDT: '500' });
    const first = CALLS.transfer.response.parse(okData(await transfer(u, { balance: '120.5' })));
    expect(first).toMatchObject({ number: '120.5', from: 1, to: 3, currency_code: 'USDT' });
    expect(await balance(t, u.token, USDT, 1)).toEqual({ balance: '379.5', lock_balance: '0' });
    expect(await balance(t, u.token, USDT, 3)).toEqual({ balance: '120.5', lock_balance: '0' });
    okData(await transfer(u, { balance: '20.5', from: 3, to: 4 }));
    expect(await balance(t, u.token, USDT, 4)).toEqual({ balance: '20.5', lock_balance: '0' });
    expectError(
      await transfer(u, { balance: '100.01', from: 3, to: 1 }),
      422,
      'balance.insufficient',
    );
    const log = CALLS.transferLog.response.parse(
      okData(await t.call(CALLS.transferLog, { currency_id: USDT }, { token: u.token })),
    );
    expect(log.data.map((x) => [x.number, x.from, x.to])).toEqual([
      ['20.5', 3, 4],
      ['120.5', 1, 3],
    ]);
    const other = await trader(t, op);
    const none = CALLS.transferLog.response.parse(
      okData(await t.call(CALLS.transferLog, {}, { token: other.token })),
    );
    expect(none.total).toBe(0);
  });

  it('a retry with the same client_id moves once, also in parallel', async () => {
    const u = await trader(t, op, { USDT: '500' });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => transfer(u, { client_id: 'tr-1' })),
    );
    const ids = new Set(results.map((r) => CALLS.transfer.response.parse(okData(r)).id));
    expect(ids.size).toBe(1);
    expect(await balance(t, u.token, USDT, 1)).toEqual({ balance: '400', lock_balance: '0' });
    const [rows] = await t.store.db
      .select({ n: count() })
      .from(transfers)
      .where(eq(transfers.userId, u.id));
    expect(rows?.n).toBe(1);
    // Another user may use the same client id.
    const v = await trader(t, op, { USDT: '100' });
    okData(await transfer(v, { client_id: 'tr-1' }));
  });
});

describe('account/convert', () => {
  async function bidAt(price: string) {
    const bidder = await trader(t, op, { USDT: '1000000' });
    await buy(t, bidder.token, { market: BTC_USDT, price, number: '1' });
    return bidder;
  }

  it('refuses USDT itself, a market nobody bids on, and an empty amount', async () => {
    const u = await trader(t, op, { BTC: '1', USDT: '10' });
    const convert = (params: Record<string, unknown>) =>
      t.call(CALLS.convert, { currency_id: BTC, number: '0.1', ...params }, { token: u.token });
    expectError(await convert({ number: '' }), 422, 'convert.p_number');
    expectError(await convert({ currency_id: USDT }), 422, 'convert.not_allowed');
    expectError(await convert({ currency_id: ETH }), 422, 'convert.no_market');
    expectError(
      await t.call(CALLS.convertQuote, { currency_id: ETH }, { token: u.token }),
      422,
      'convert.no_market',
    );
  });

  it('pays the best bid less the disclosed spread, from the desk’s USDT; the desk must hold enough', async () => {
    const bidder = await bidAt('60000');
    const u = await trader(t, op, { BTC: '1' });
    const quote = CALLS.convertQuote.response.parse(
      okData(await t.call(CALLS.convertQuote, { currency_id: BTC }, { token: u.token })),
    );
    // 60000 × (1 − 0.5 %) = 59700
    expect(quote).toMatchObject({ market_price: '60000', spread_bps: 50, price: '59700' });
    const convert = (number: string) =>
      t.call(CALLS.convert, { currency_id: BTC, number }, { token: u.token });
    // The desk has no USDT yet.
    expectError(await convert('0.1'), 422, 'convert.desk_short');
    okData(
      await t.call(
        CALLS.ledgerAdjust,
        { user: 'convert-desk', currency: 'USDT', amount: '10000', reason: 'desk funding' },
        { token: op },
      ),
    );
    const done = CALLS.convert.response.parse(okData(await convert('0.1')));
    expect(done).toMatchObject({ number: '0.1', price: '59700', receive: '5970' });
    expect(await balance(t, u.token, BTC, 1)).toEqual({ balance: '0.9', lock_balance: '0' });
    expect(await balance(t, u.token, USDT, 1)).toEqual({ balance: '5970', lock_balance: '0' });
    // 10000 − 5970 left: 0.1 BTC more would need 5970.
    expectError(await convert('0.1'), 422, 'convert.desk_short');
    expectError(await convert('2'), 422, 'balance.insufficient');
    expect(await balance(t, u.token, BTC, 1)).toEqual({ balance: '0.9', lock_balance: '0' });
    // The bid on the book is untouched: the desk is not a fill.
    const deal = CALLS.deal.response.parse(
      okData(await t.call(CALLS.deal, { currency_match_id: BTC_USDT })),
    );
    expect(must(deal.depth.in[0])).toMatchObject({ price: '60000', amount: '1' });
    await cancelEverything(t, [bidder.token]);
  });

  it('converts within the chosen account type (the second account)', async () => {
    const bidder = await bidAt('50000');
    okData(
      await t.call(
        CALLS.ledgerAdjust,
        { user: 'convert-desk', currency: 'USDT', amount: '100000', reason: 'desk funding' },
        { token: op },
      ),
    );
    const u = await trader(t, op, { BTC: '1' });
    okData(
      await t.call(
        CALLS.transfer,
        { currency_id: BTC, balance: '0.5', from: 1, to: 4 },
        { token: u.token },
      ),
    );
    const done = CALLS.convert.response.parse(
      okData(
        await t.call(
          CALLS.convert,
          { currency_id: BTC, number: '0.5', account_type_id: 4 },
          { token: u.token },
        ),
      ),
    );
    expect(done.receive).toBe('24875');
    expect(await balance(t, u.token, USDT, 4)).toEqual({ balance: '24875', lock_balance: '0' });
    expect(await balance(t, u.token, BTC, 4)).toEqual({ balance: '0', lock_balance: '0' });
    await cancelEverything(t, [bidder.token]);
  });
});

describe('account_log/list (deal records)', () => {
  it('lists the movements of one account type, newest first, by account code or id', async () => {
    const u = await trader(t, op, { USDT: '300' });
    okData(await transfer(u, { balance: '50' }));
    const list = async (types: string) =>
      CALLS.accountLog.response.parse(
        okData(await t.call(CALLS.accountLog, { types }, { token: u.token })),
      );
    const trade = await list('change_account');
    expect(trade.data.map((e) => [e.kind, e.amount, e.bucket])).toEqual([
      ['transfer', '-50', 0],
      ['adjust', '300', 0],
    ]);
    const lever = await list('3');
    expect(lever.data.map((e) => [e.kind, e.amount, e.currency_code])).toEqual([
      ['transfer', '50', 'USDT'],
    ]);
    expect((await list('lever_account')).total).toBe(1);
    expectError(
      await t.call(CALLS.accountLog, { types: 'nope' }, { token: u.token }),
      422,
      'account.type_invalid',
    );
  });
});
