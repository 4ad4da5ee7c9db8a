import { CALLS, type SpotOrder } from '@exchange/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units, wireAmount } from '../src/core/amounts.js';
import { auditLog } from '../src/db/schema.js';
import { leverCalls, until } from './lever-helpers.js';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import {
  BTC_USDT,
  buy,
  buyRaw,
  cancel,
  ETH_USDT,
  operatorToken,
  sell,
  trader,
  type Trader,
} from './spot-helpers.js';

/*
 * The lever mark price (docs/architecture.md §4a): the committed book's depth mid, averaged over
 * the pair's window and held within its band of the average; thin (no mark) when the book holds
 * less than the minimum depth within the band, or gave a mid for less than half the window. And
 * the house's exposure bound, the operator's settings of both, and reduce-only for entrusts.
 * Security review findings 2 (the mark pushed from 64,870 to 132,565 in 16 ms) and 6.
 */

const { leverTrader, submitRaw, submit, deal, myTrade, leverBalance } = leverCalls(
  () => ({ t, op }),
  { share: 1 },
);
const BNB_USDT = 3;
let t: TestApp;
let op: string;
let maker: Trader;

/** The lever mark's clock: the tests move it; between two moves no time passes. */
let now = Date.now();
const later = (ms: number) => {
  now += ms;
};

/** The maker's orders per market, replaced by `book`. */
const resting = new Map<number, SpotOrder[]>();

/** Replaces the maker's book of a market: bids and asks as [price, quantity]. */
async function book(market: number, bids: [string, string][], asks: [string, string][]) {
  for (const order of resting.get(market) ?? []) {
    if (order.status === 0) await cancel(t, maker.token, order);
  }
  const placed: SpotOrder[] = [];
  for (const [price, number] of bids)
    placed.push(await buy(t, maker.token, { market, price, number }));
  for (const [price, number] of asks)
    placed.push(await sell(t, maker.token, { market, price, number }));
  resting.set(market, placed);
  return placed;
}

async function overview() {
  return CALLS.adminLeverOverview.response.parse(
    okData(await t.call(CALLS.adminLeverOverview, {}, { token: op })),
  );
}

async function pairOf(market: number) {
  const pair = (await overview()).pairs.find((p) => p.id === market);
  if (!pair) throw new Error(`no lever pair ${String(market)}`);
  return pair;
}

async function usdtDesk() {
  const usdt = (await overview()).accounts.find((a) => a.currency === 'USDT');
  return { house: usdt?.house, insurance: usdt?.insurance };
}

function settingsRaw(params: Record<string, unknown>) {
  return t.call(CALLS.adminLeverSettings, params, { token: op });
}

beforeAll(async () => {
  t = await createTestApp({}, { leverClock: () => now });
  op = await operatorToken(t);
  maker = await trader(t, op, { USDT: '10000000', BTC: '100', ETH: '1000' });
  for (const [market, multiples] of [
    [BTC_USDT, [10, 20, 100]],
    [ETH_USDT, [10, 20]],
  ] as const) {
    okData(
      await settingsRaw({
        currency_match_id: market,
        open_lever: 1,
        multiples,
        max_share: 100,
        max_open_interest: 10000,
      }),
    );
  }
  for (const user of ['lever-house', 'lever-insurance']) {
    okData(
      await t.call(
        CALLS.ledgerAdjust,
        { user, currency: 'USDT', amount: '10000000', reason: 'house funding for the test' },
        { token: op },
      ),
    );
  }
});
afterAll(() => t.close());

describe('a thin book gives no mark', () => {
  it('refuses new positions with lever.no_mark until the book holds the depth for half a window', async () => {
    const u = await leverTrader('10000');
    // No book at all.
    expect(await deal(u, ETH_USDT)).toMatchObject({ mark_status: 'thin', mark_price: null });
    expectError(await submitRaw(u, { currency_match_id: ETH_USDT }), 422, 'lever.no_mark');
    // Not even an entrust, which a tick would fill.
    expectError(
      await submitRaw(u, { currency_match_id: ETH_USDT, status: 0, target_price: '3000' }),
      422,
      'lever.no_mark',
    );

    // One small bid and ask (32 USDT a side, the minimum is 1,000), standing for a whole window.
    await book(ETH_USDT, [['3190', '0.01']], [['3210', '0.01']]);
    later(60_000);
    expect(await deal(u, ETH_USDT)).toMatchObject({ mark_status: 'thin', mark_price: null });
    expectError(await submitRaw(u, { currency_match_id: ETH_USDT }), 422, 'lever.no_mark');
    expect(await pairOf(ETH_USDT)).toMatchObject({
      mark_status: 'thin',
      mark_price: null,
      mark_average: null,
      bid_depth: '31.9',
      ask_depth: '32.1',
    });

    // Depth behind them: enough now, but the book has not given a mid for half a window yet.
    await book(
      ETH_USDT,
      [
        ['3190', '0.01'],
        ['3180', '1'],
      ],
      [
        ['3210', '0.01'],
        ['3220', '1'],
      ],
    );
    later(29_999);
    expect((await deal(u, ETH_USDT)).mark_status).toBe('thin');
    expectError(await submitRaw(u, { currency_match_id: ETH_USDT }), 422, 'lever.no_mark');
    later(1);
    expect(await deal(u, ETH_USDT)).toMatchObject({ mark_status: 'ok', mark_price: '3200' });
    expect(await pairOf(ETH_USDT)).toMatchObject({
      mark_status: 'ok',
      mark_price: '3200',
      mark_average: '3200',
      bid_depth: '3211.9',
      ask_depth: '3252.1',
    });
    const p = await submit(u, { currency_match_id: ETH_USDT });
    expect(p).toMatchObject({ status: 1, origin_price: '3200' });
  });

  it('does not fill an entrust while the book is thin, and fills it at a mark held to the band', async () => {
    const u = await leverTrader('10000');
    const entrust = await submit(u, {
      currency_match_id: ETH_USDT,
      status: 0,
      target_price: '3150',
    });
    expect(entrust.status).toBe(0);
    // The asks go and one bid rests at 3100: the old mark (median of bid, ask, last) was 3100,
    // below the target. Thin now: no mark, nothing fills.
    await book(ETH_USDT, [['3100', '0.01']], []);
    expect((await deal(u, ETH_USDT)).mark_status).toBe('thin');
    await t.app.ctx.lever.tick(ETH_USDT);
    expect((await myTrade(u, 6)).map((r) => r.id)).toEqual([entrust.id]);

    // A deep book at 3100 / 3120: its mid 3110 is 2.8 % under the minute's average of 3200, so
    // the mark is 3200 × 0.98 = 3136, which reaches the target.
    await book(ETH_USDT, [['3100', '1']], [['3120', '1']]);
    expect(await deal(u, ETH_USDT)).toMatchObject({ mark_status: 'ok', mark_price: '3136' });
    const [open] = await until(
      () => myTrade(u, 5),
      (rows) => rows.length === 1,
    );
    expect(open).toMatchObject({ id: entrust.id, status: 1, price: '3153.15' });
  });
});

describe('reduce-only at a hazard rate of 100 % or less (finding 6)', () => {
  beforeAll(async () => {
    await book(
      BTC_USDT,
      [
        ['64990', '2'],
        ['64340', '2'],
      ],
      [
        ['65010', '2'],
        ['65660', '2'],
      ],
    );
    later(60_000);
  });

  it('refuses a limit entrust as it refuses a market position', async () => {
    const u = await leverTrader('325.33');
    // Short 10 hands × 20 at 65,000: entry 64,935, margin 324.68, fee 0.65: nothing left beside
    // them, and valued at its own price the rate would be (324.68 − 6.50) / 324.68 = 98 %.
    expectError(
      await submitRaw(u, { currency_match_id: BTC_USDT, type: 2, share: 10, multiple: 20 }),
      422,
      'lever.risk',
    );
    expectError(
      await submitRaw(u, {
        currency_match_id: BTC_USDT,
        type: 2,
        share: 10,
        multiple: 20,
        status: 0,
        target_price: '65000',
      }),
      422,
      'lever.risk',
    );
    expect(await leverBalance(u)).toEqual({ balance: '325.33', lock_balance: '0' });
    expect(await myTrade(u, 0)).toEqual([]);
  });

  it('cancels an entrust that would fill while its user is at 100 % or less, releasing its hold', async () => {
    const u = await leverTrader('378.1');
    // A long of 10 hands × 20 at 65,000 (entry 65,065, margin 325.33) and a long entrust of one
    // hand × 20 at 64,000 (entry 64,064, margin 32.04): 20 USDT stay free, the rate is 104 %.
    const long = await submit(u, { currency_match_id: BTC_USDT, share: 10, multiple: 20 });
    const entrust = await submit(u, {
      currency_match_id: BTC_USDT,
      multiple: 20,
      status: 0,
      target_price: '64000',
    });
    expect(entrust).toMatchObject({ status: 0, caution_money: '32.04' });
    const held = await leverBalance(u);
    expect(held.balance).toBe('20');

    // The mark falls to 63,990: the entrust is reached, but opened there the rate would be
    // (20 + 357.37 − 107.50 − 0.74) / 357.37 = 75 %. It is cancelled; the long stays (83 %).
    await book(
      BTC_USDT,
      [
        ['63980', '0.01'],
        ['63340', '2'],
      ],
      [
        ['64000', '0.01'],
        ['64640', '2'],
      ],
    );
    const rows = await until(
      () => myTrade(u, 0),
      (list) => list.find((r) => r.id === entrust.id)?.status !== 0,
    );
    expect(rows.find((r) => r.id === entrust.id)?.status).toBe(4);
    expect((await myTrade(u, 5)).map((r) => r.id)).toEqual([long.id]);
    expect(await leverBalance(u)).toEqual({
      balance: wireAmount(units('20') + units(entrust.caution_money) + units(entrust.trade_fee)),
      lock_balance: long.caution_money,
    });
  });
});

describe('the reviewed attack, replayed (finding 2)', () => {
  it('neither jumps the mark nor closes or liquidates at a pushed price; the house loses nothing', async () => {
    // The demo's book: bids deep, the ask side thin (0.06 BTC up to 65,130); the mid 64,870.
    await book(
      BTC_USDT,
      [
        ['64860', '1'],
        ['64500', '2'],
      ],
      [
        ['64880', '0.02'],
        ['64950', '0.02'],
        ['65130', '0.02'],
      ],
    );
    later(60_000);
    const attacker = await leverTrader('1000', { USDT: '30000', BTC: '1' });
    expect(await deal(attacker, BTC_USDT)).toMatchObject({
      mark_status: 'ok',
      mark_price: '64870',
    });
    // Another user's short of 10 hands × 20.
    const victim = await leverTrader('500');
    const short = await submit(victim, {
      currency_match_id: BTC_USDT,
      type: 2,
      share: 10,
      multiple: 20,
    });
    expect(short).toMatchObject({ status: 1, price: '64805.13' });

    // 1. A 100-hand long at 100× on this book: pushing the mark one band (2 %, 1,297.40) up
    //    takes 0.06 BTC of asks, a premium of 7 USDT; the long would win 1,297.40 from it.
    const attack = { currency_match_id: BTC_USDT, share: 100, multiple: 100 };
    expectError(await submitRaw(attacker, attack), 422, 'lever.exposure_bound');

    // Nor with 2 BTC more offered at 66,000 alone: the push to it costs 2,267 (the band's check
    // passes), but taking the 0.02 at 64,880 first moves the best ask to 64,950 for 0.40 and the
    // premium (and a fee of 2.6): every partial push is priced too.
    const wall = await sell(t, maker.token, { market: BTC_USDT, price: '66000', number: '2' });
    expectError(await submitRaw(attacker, attack), 422, 'lever.exposure_bound');
    // With 4 BTC at the best ask as well, each step of the way costs more than it moves the
    // mark: the long is accepted; then both offers go and the ask side is as thin as before.
    const front = await sell(t, maker.token, { market: BTC_USDT, price: '64880', number: '4' });
    const long = await submit(attacker, attack);
    expect(long).toMatchObject({
      status: 1,
      share: 100,
      price: '64934.87',
      caution_money: '649.35',
    });
    await cancel(t, maker.token, wall);
    await cancel(t, maker.token, front);
    const desk = await usdtDesk();

    // 2. Buy the thin ask side up to 65,130, then 3. one bid of 0.00001 BTC at 200,000 (or, where
    //    the spot price band refuses that, at the band's edge above the last trade).
    okData(await buyRaw(t, attacker.token, { market: BTC_USDT, price: '65130', number: '0.06' }));
    let pushed = '200000';
    const bid = await buyRaw(t, attacker.token, {
      market: BTC_USDT,
      price: pushed,
      number: '0.00001',
    });
    if (bid.body.code !== 1) {
      expect(bid.status).toBe(422);
      pushed = '71000';
      okData(
        await buyRaw(t, attacker.token, { market: BTC_USDT, price: pushed, number: '0.00001' }),
      );
    }

    // No ask at all: the book gives no mid, the mark is thin (it was 132,565 before the fix).
    expect(await deal(attacker, BTC_USDT)).toMatchObject({ mark_status: 'thin', mark_price: null });
    await t.app.ctx.lever.tick(BTC_USDT);
    expect((await myTrade(attacker, 5)).map((r) => r.id)).toEqual([long.id]);
    expect((await myTrade(victim, 5)).map((r) => r.id)).toEqual([short.id]);
    expect(await myTrade(attacker, 3)).toEqual([]);
    expect(await myTrade(victim, 3)).toEqual([]);
    // Nor can the long be closed at a price the thin book makes up: while thin, a user's close
    // is priced at the last ok mark of the window, the 64,870 that stood until the asks were
    // bought (lever-thin-close.test.ts), where the long loses its spread.
    expect(t.app.ctx.lever.closeMark(BTC_USDT)).toBe(units('64870'));

    // 4. Going further: the attacker quotes 0.02 BTC either side of the pushed price, so the book
    //    has depth there. Its mid is far above the minute's average of 64,870: the mark is held
    //    at the band's edge, 64,870 × 1.02 = 66,167.40, a move the exposure bound priced.
    const p = BigInt(pushed);
    await buy(t, attacker.token, {
      market: BTC_USDT,
      price: String((p * 995n) / 1000n),
      number: '0.02',
    });
    await sell(t, attacker.token, {
      market: BTC_USDT,
      price: String((p * 1005n) / 1000n),
      number: '0.02',
    });
    expect(await deal(attacker, BTC_USDT)).toMatchObject({
      mark_status: 'ok',
      mark_price: '66167.4',
    });
    expect(await pairOf(BTC_USDT)).toMatchObject({ mark_average: '64870', mark_price: '66167.4' });
    await t.app.ctx.lever.tick(BTC_USDT);
    // No stop-profit of the long (its cap is at twice its entry), no liquidation of the short
    // (at 66,167.40 its loss is 136.23 of a 324.03 margin and 175 free): nothing closed.
    expect((await myTrade(attacker, 5)).map((r) => r.id)).toEqual([long.id]);
    expect((await myTrade(victim, 5)).map((r) => r.id)).toEqual([short.id]);
    expect(await myTrade(attacker, 3)).toEqual([]);
    expect(await myTrade(victim, 3)).toEqual([]);
    expect(await usdtDesk()).toEqual(desk);
  });
});

describe('the operator settings of the mark', () => {
  it('are shown with their defaults, set per pair, audited, kept over a restart; bad values change nothing', async () => {
    expect(await pairOf(BNB_USDT)).toMatchObject({
      mark_min_depth: '1000',
      mark_band: '0.02',
      mark_window_s: 60,
      manipulation_multiple: '1',
      mark_status: 'thin',
    });
    const set = CALLS.adminLeverSettings.response.parse(
      okData(
        await settingsRaw({
          currency_match_id: BNB_USDT,
          mark_min_depth: '2500.50',
          mark_band: '0.03',
          mark_window_s: 120,
          manipulation_multiple: '2.5',
        }),
      ),
    );
    const expected = {
      mark_min_depth: '2500.5',
      mark_band: '0.03',
      mark_window_s: 120,
      manipulation_multiple: '2.5',
    };
    expect(set).toMatchObject(expected);
    expect(await pairOf(BNB_USDT)).toMatchObject(expected);
    const audits = await t.store.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lever.settings'), eq(auditLog.target, `market:${BNB_USDT}`)));
    expect(audits.at(-1)?.detail).toMatchObject({
      markMinDepth: '2500.5',
      markBand: '0.03',
      markWindowS: 120,
      manipulationMultiple: '2.5',
    });

    const bad: [Record<string, unknown>, string][] = [
      [{ mark_band: '0' }, 'lever.terms_invalid'],
      [{ mark_band: '0.5' }, 'lever.terms_invalid'],
      [{ mark_band: '-0.01' }, 'lever.terms_invalid'],
      [{ mark_band: '0.0000001' }, 'lever.terms_invalid'],
      [{ mark_band: 'abc' }, 'lever.terms_invalid'],
      [{ mark_min_depth: '-1' }, 'lever.terms_invalid'],
      // BNB/USDT: prices at 2 decimals, quantities at 4: a depth has at most 6.
      [{ mark_min_depth: '1.1234567' }, 'lever.terms_invalid'],
      [{ mark_min_depth: '1e3' }, 'lever.terms_invalid'],
      [{ mark_min_depth: '1000000000000' }, 'lever.terms_invalid'],
      [{ manipulation_multiple: '0' }, 'lever.terms_invalid'],
      [{ manipulation_multiple: '0.0000001' }, 'lever.terms_invalid'],
      [{ manipulation_multiple: '1000.000001' }, 'lever.terms_invalid'],
      [{ mark_window_s: 4 }, 'common.invalid_param'],
      [{ mark_window_s: 3601 }, 'common.invalid_param'],
      [{ mark_window_s: 1.5 }, 'common.invalid_param'],
      // A good value beside a bad one is not kept either.
      [{ mark_band: '0.04', manipulation_multiple: '0' }, 'lever.terms_invalid'],
    ];
    for (const [params, error] of bad) {
      const res = await settingsRaw({ currency_match_id: BNB_USDT, ...params });
      expect({ params, error: res.body.error }).toEqual({ params, error });
      expectError(res, 422, error);
    }
    expect(await pairOf(BNB_USDT)).toMatchObject(expected);
    // A trader may not set them.
    const u = await leverTrader('10');
    expectError(
      await t.call(
        CALLS.adminLeverSettings,
        { currency_match_id: BNB_USDT, mark_band: '0.1' },
        { token: u.token },
      ),
      403,
      'auth.admin_only',
    );

    await t.restart();
    op = await operatorToken(t);
    expect(await pairOf(BNB_USDT)).toMatchObject(expected);
  });
});
