/**
 * The review's micro-trade attack, replayed: one account pushed the index with cents of trading
 * (12 sells of 0.00001 BTC before an "up" order, 12 buys in its last 10 s) and won 12 of 12 orders,
 * +96,000 USDT. The same moves now leave the house whole: the orders are refused while the book is
 * cheap to push, and those a careless operator lets through are settled on prices the bettor's own
 * trades did not set (here: none, so void and refunded).
 */
import { CALLS, type MicroOrder } from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import {
  BTC_USDT,
  buy,
  dec,
  operatorToken,
  sell,
  trader,
  USDT,
  type Trader,
} from './spot-helpers.js';

const MICRO = 4;
let t: TestApp;
let op: string;

async function admin(call: (typeof CALLS)[keyof typeof CALLS], params: Record<string, unknown>) {
  return okData(await t.call(call, params, { token: op }));
}

async function house(): Promise<bigint> {
  const rows = CALLS.adminMicroHouse.response.parse(
    okData(await t.call(CALLS.adminMicroHouse, {}, { token: op })),
  );
  return dec(rows.find((r) => r.currency_id === USDT)?.balance ?? '0');
}

async function microBalance(u: Trader) {
  const list = CALLS.microCurrencies.response.parse(
    okData(await t.call(CALLS.microCurrencies, {}, { token: u.token })),
  );
  return list.find((c) => c.id === USDT)?.micro_account;
}

async function settled(u: Trader, id: number): Promise<MicroOrder> {
  for (let i = 0; i < 600; i++) {
    const page = CALLS.microLists.response.parse(
      okData(await t.call(CALLS.microLists, { status: 3 }, { token: u.token })),
    );
    const row = page.data.find((o) => o.id === id);
    if (row) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`micro order ${String(id)} did not settle`);
}

/** The pair's guard and what pushing it costs, as the operator page shows them. */
async function pairGuard() {
  const overview = CALLS.adminMicroOverview.response.parse(
    okData(await t.call(CALLS.adminMicroOverview, {}, { token: op })),
  );
  const pair = overview.pairs.find((p) => p.id === BTC_USDT);
  if (!pair) throw new Error('BTC/USDT missing');
  return pair;
}

/** 12 cent-sized prints at the best bid (before) or the best ask (in the last 10 s). */
async function push(u: Trader, side: 'sell' | 'buy') {
  for (let i = 0; i < 12; i++) {
    if (side === 'sell') await sell(t, u.token, { price: '64990', number: '0.00001' });
    else await buy(t, u.token, { price: '65010', number: '0.00001' });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
  // The demo's terms: USDT stakes 10 to 10,000, fee 1 %, a cap of 50,000, a funded house.
  await admin(CALLS.adminMicroCurrency, {
    currency_id: USDT,
    enabled: 1,
    micro_numbers: ['10', '100', '1000'],
    min_number: '10',
    max_number: '10000',
    fee_rate: '0.01',
    default_cap: '50000',
  });
  await admin(CALLS.adminMicroPair, {
    match_id: BTC_USDT,
    open_microtrade: 1,
    options: [{ seconds: 10, profit_ratio: '0.8' }],
  });
  await admin(CALLS.adminMicroFund, { currency: 'USDT', amount: '1000000', reason: 'house' });
  // Two makers quote a ladder around 65,000: 0.1 BTC every 10 USDT, five levels a side.
  const makers = [
    await trader(t, op, { USDT: '1000000', BTC: '10' }),
    await trader(t, op, { USDT: '1000000', BTC: '10' }),
  ];
  for (let i = 0; i < 5; i++) {
    const m = makers[i % 2] as Trader;
    await buy(t, m.token, { price: String(64_990 - i * 10), number: '0.1' });
    await sell(t, m.token, { price: String(65_010 + i * 10), number: '0.1' });
  }
});
afterAll(() => t.close());

describe('the micro attack of the review, replayed', () => {
  it('is refused while pushing the pair costs less than the orders could win', async () => {
    const attacker = await trader(t, op, { USDT: '10000', BTC: '1' });
    await admin(CALLS.ledgerAdjust, {
      user: attacker.email,
      currency: 'USDT',
      amount: '120000',
      reason: 'stakes',
      account_type: MICRO,
    });
    const guard = await pairGuard();
    // The defaults: 3 trades and 0.01 BTC (1,000 × the minimum order) per window, multiple 1.
    expect(guard).toMatchObject({
      index_min_trades: 3,
      index_min_volume: '0.01',
      manipulation_multiple: '1',
    });
    // Deciding a window needs 0.01 BTC of trades by others. The cheapest: selling it into the
    // bids at 64,990, 10 below the mid (0.1) plus the taker fee (0.2 % of 649.9 = 1.2998), cheaper
    // than a wash inside the spread (both fees, 1.9497). The house owes no more than 1.3998.
    const figures = guard.manipulation.find((m) => m.currency_id === USDT);
    expect(figures).toMatchObject({ cost: '1.3998', bound: '1.3998', exposure: '0' });
    const houseBefore = await house();

    await push(attacker, 'sell');
    for (let i = 0; i < 12; i++) {
      const res = await t.call(
        CALLS.microSubmit,
        { match_id: BTC_USDT, currency_id: USDT, type: 1, seconds: 10, number: '10000' },
        { token: attacker.token },
      );
      expectError(res, 422, 'micro.liquidity');
    }
    await push(attacker, 'buy');
    expect(await house()).toBe(houseBefore);
    expect(await microBalance(attacker)).toEqual({ balance: '120000', lock_balance: '0' });
  });

  it("settles what a careless operator lets through on trades that are not the bettor's own", async () => {
    // The operator lets the house owe 10,000 × the cost of a push (some 14,000).
    await admin(CALLS.adminMicroSettings, {
      match_id: BTC_USDT,
      currency_id: USDT,
      manipulation_multiple: '0.0001',
    });
    const attacker = await trader(t, op, { USDT: '10000', BTC: '1' });
    await admin(CALLS.ledgerAdjust, {
      user: attacker.email,
      currency: 'USDT',
      amount: '120000',
      reason: 'stakes',
      account_type: MICRO,
    });
    const houseBefore = await house();
    await push(attacker, 'sell');
    const { bound } = (await pairGuard()).manipulation.find((m) => m.currency_id === USDT) ?? {
      bound: '0',
    };
    // Each order could win 8,000: as many fit as the bound holds whole (1 or 2 on this book).
    const fit = Number(dec(bound) / dec('8000'));
    expect(fit).toBeGreaterThanOrEqual(1);
    expect(fit).toBeLessThan(12);
    const accepted: MicroOrder[] = [];
    let refused = 0;
    for (let i = 0; i < 12; i++) {
      const res = await t.call(
        CALLS.microSubmit,
        { match_id: BTC_USDT, currency_id: USDT, type: 1, seconds: 10, number: '10000' },
        { token: attacker.token },
      );
      if (res.status === 200) accepted.push(CALLS.microSubmit.response.parse(okData(res)));
      else {
        expectError(res, 422, 'micro.liquidity');
        refused += 1;
      }
    }
    expect(accepted).toHaveLength(fit);
    expect(refused).toBe(12 - fit);
    await new Promise((r) => setTimeout(r, 1_200));
    await push(attacker, 'buy');
    for (const o of accepted) {
      const done = await settled(attacker, o.id);
      // The bettor's 12 prints are left out; what others traded (the first attacker's cents) is
      // far below the minimum volume: void, stake and fee back.
      expect(done).toMatchObject({ outcome: 'void', fact_profits: '0' });
      const open = done.evidence?.open;
      expect(open).toMatchObject({ source: 'void', excluded_own: 12, min_volume: '0.01' });
      expect(dec(open?.volume ?? '1')).toBeLessThan(dec('0.01'));
      expect(open?.trades.filter((x) => x.own)).toHaveLength(12);
    }
    expect(await house()).toBe(houseBefore);
    expect(await microBalance(attacker)).toEqual({ balance: '120000', lock_balance: '0' });
  });

  it('with an accomplice pushing, the house loses at most what the push cost ÷ the multiple', async () => {
    await admin(CALLS.adminMicroSettings, {
      match_id: BTC_USDT,
      currency_id: USDT,
      manipulation_multiple: '1',
    });
    const bettor = await trader(t, op);
    const accomplice = await trader(t, op, { USDT: '100000', BTC: '1' });
    await admin(CALLS.ledgerAdjust, {
      user: bettor.email,
      currency: 'USDT',
      amount: '120000',
      reason: 'stakes',
      account_type: MICRO,
    });
    const houseBefore = await house();
    // The accomplice prints 0.01 BTC at the bid, so that the window has its minimum volume.
    for (let i = 0; i < 4; i++)
      await sell(t, accomplice.token, { price: '64990', number: '0.0025' });
    const { bound } = (await pairGuard()).manipulation.find((m) => m.currency_id === USDT) ?? {
      bound: '0',
    };
    const tries = [];
    for (let i = 0; i < 12; i++) {
      tries.push(
        await t.call(
          CALLS.microSubmit,
          { match_id: BTC_USDT, currency_id: USDT, type: 1, seconds: 10, number: '10' },
          { token: bettor.token },
        ),
      );
    }
    // Even the smallest stake (a gain of 8) is over what a push costs here (about 1.4): refused.
    for (const res of tries) expectError(res, 422, 'micro.liquidity');
    expect(dec(bound)).toBeLessThan(dec('8'));
    expect(await house()).toBe(houseBefore);
  });
});
