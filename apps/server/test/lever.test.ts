import { CALLS, parsePush, type SpotOrder, type WsPush } from '@exchange/contract';
import { PUSH_USER, type UserPush } from '../src/bus/bus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leverCalls, until } from './lever-helpers.js';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import {
  BTC_USDT,
  buy,
  cancel,
  ETH_USDT,
  operatorToken,
  sell,
  trader,
  type Trader,
} from './spot-helpers.js';

const { leverTrader, submitRaw, submit, myTrade, leverBalance } = leverCalls(() => ({ t, op }), {
  currency_match_id: BTC_USDT,
  share: 3,
});
let t: TestApp;
let op: string;
let maker: Trader;
let quotes: SpotOrder[] = [];

/**
 * The lever mark's clock. The mark is the book's mid averaged over a minute and held within 2 %
 * of that average (docs/architecture.md §4a): tests move the clock on to let a book stand.
 */
let now = Date.now();
const later = (ms: number) => {
  now += ms;
};

/**
 * A book whose best bid and ask are given (no trade): the mark is their middle. 2 BTC at each, and
 * 1 % further out 2 BTC more: the depth the mark needs (1,000 USDT a side within 2 % of the mid)
 * and what pushing it costs, one band or any part of one (the house's exposure bound).
 */
async function quote(bid: string, ask: string) {
  for (const order of quotes) await cancel(t, maker.token, order);
  const away = (price: string, percent: bigint) => String((BigInt(price) * percent) / 100n);
  quotes = [
    await buy(t, maker.token, { market: BTC_USDT, price: bid, number: '2' }),
    await sell(t, maker.token, { market: BTC_USDT, price: ask, number: '2' }),
    await buy(t, maker.token, { market: BTC_USDT, price: away(bid, 99n), number: '2' }),
    await sell(t, maker.token, { market: BTC_USDT, price: away(ask, 101n), number: '2' }),
  ];
}

async function system(user: 'lever-house' | 'lever-insurance', amount: string) {
  return CALLS.ledgerAdjust.response.parse(
    okData(
      await t.call(
        CALLS.ledgerAdjust,
        { user, currency: 'USDT', amount, reason: 'house funding for the test' },
        { token: op },
      ),
    ),
  );
}

beforeAll(async () => {
  t = await createTestApp({}, { leverClock: () => now });
  op = await operatorToken(t);
  maker = await trader(t, op, { USDT: '10000000', BTC: '100' });
  const terms = CALLS.adminLeverSettings.response.parse(
    okData(
      await t.call(
        CALLS.adminLeverSettings,
        {
          currency_match_id: BTC_USDT,
          open_lever: 1,
          lever_point_rate: '0.001',
          lever_share_num: '0.01',
          lever_fee_rate: '0.002',
          multiples: [20, 10, 10],
          min_share: 1,
          max_share: 50,
          overnight_rate: '0.0005',
          max_open_interest: 1000,
        },
        { token: op },
      ),
    ),
  );
  expect(terms).toMatchObject({ open_lever: 1, multiples: [10, 20], lever_point_rate: '0.001' });
  await system('lever-house', '100000');
  await system('lever-insurance', '1000');
  await quote('64990', '65010');
  // The book has stood a whole window: the mark is its mid.
  later(60_000);
});
afterAll(() => t.close());

const pushes: UserPush[] = [];
/** The pushes a user's socket would get on a topic, as the client reads them. */
function pushesOf(userId: number, topic: string) {
  return pushes
    .filter((p) => p.userId === userId && p.topic === topic)
    .map((p) =>
      parsePush(JSON.parse(JSON.stringify({ type: topic, topic, data: p.data } satisfies WsPush))),
    );
}

describe('operator terms', () => {
  it('are shown in market/currency_matches and lever/deal at once; a trader may not set them', async () => {
    const u = await leverTrader('100');
    const groups = CALLS.currencyMatches.response.parse(
      okData(await t.call(CALLS.currencyMatches)),
    );
    const btc = groups.flatMap((g) => g.matches).find((m) => m.id === BTC_USDT);
    expect(btc).toMatchObject({
      open_lever: 1,
      lever_point_rate: '0.001',
      lever_share_num: '0.01',
    });
    const deal = CALLS.leverDeal.response.parse(
      okData(await t.call(CALLS.leverDeal, { currency_match_id: BTC_USDT }, { token: u.token })),
    );
    expect(deal).toMatchObject({
      user_lever: '100',
      multiple: { muit: [10, 20] },
      mark_price: '65000',
      stop_out_level: '50',
      currency_match: { lever_fee_rate: '0.002', min_share: 1, max_share: 50 },
    });
    expectError(
      await t.call(
        CALLS.adminLeverSettings,
        { currency_match_id: BTC_USDT, open_lever: 0 },
        { token: u.token },
      ),
      403,
      'auth.admin_only',
    );
    expectError(
      await t.call(
        CALLS.adminLeverSettings,
        { currency_match_id: BTC_USDT, lever_point_rate: '0.7' },
        { token: op },
      ),
      422,
      'lever.terms_invalid',
    );
  });
});

describe('a market position', () => {
  it('opens at the mark plus the spread, holds margin and pays the fee to the house', async () => {
    const u = await leverTrader('10000');
    const house = (await system('lever-house', '0.01')).balance;
    const p = await submit(u);
    // 65000 × 1.001 = 65065; 0.03 BTC; margin 65065 × 0.03 / 10 = 195.195 → 195.20; fee 0.40.
    expect(p).toMatchObject({
      type: 1,
      status: 1,
      share: 3,
      number: '0.03',
      origin_price: '65000',
      price: '65065',
      caution_money: '195.2',
      trade_fee: '0.4',
      multiple: 10,
    });
    expect(await leverBalance(u)).toEqual({ balance: '9804.4', lock_balance: '195.2' });
    expect(Number((await system('lever-house', '0.01')).balance)).toBeCloseTo(
      Number(house) + 0.01 + 0.4,
      2,
    );
    // Another user can neither close it nor set its stops: to them it does not exist.
    const other = await leverTrader('10');
    expectError(
      await t.call(CALLS.leverClose, { id: p.id }, { token: other.token }),
      404,
      'lever.not_found',
    );
    expectError(
      await t.call(CALLS.leverSetStop, { id: p.id, stop_loss_price: '1' }, { token: other.token }),
      404,
      'lever.not_found',
    );
    // Valued at the mark: (65000 − 65065) × 0.03 = −1.95.
    const [open] = await myTrade(u, 5);
    expect(open).toMatchObject({ id: p.id, profits: '-1.95', update_price: '65000' });
  });

  it('closes at the mark less the spread; the house pays the gain', async () => {
    const u = await leverTrader('10000');
    const p = await submit(u);
    await quote('66000', '66020'); // mark 66010
    const closed = CALLS.leverClose.response.parse(
      okData(await t.call(CALLS.leverClose, { id: p.id }, { token: u.token })),
    );
    // 66010 × 0.999 = 65943.99; (65943.99 − 65065) × 0.03 = 26.3697 → 26.36.
    expect(closed).toMatchObject({
      status: 3,
      close_reason: 'user',
      close_mark_price: '66010',
      close_price: '65943.99',
      profits: '26.36',
    });
    expect(await leverBalance(u)).toEqual({ balance: '10025.96', lock_balance: '0' });
    expectError(
      await t.call(CALLS.leverClose, { id: p.id }, { token: u.token }),
      422,
      'lever.not_open',
    );
    await quote('64990', '65010');
  });

  it('closes a short at the mark plus the spread: a fall is its gain, a rise its loss', async () => {
    const u = await leverTrader('10000');
    // Entry 65000 × 0.999 = 64935; margin 64935 × 0.03 / 10 = 194.805 → 194.81; fee 0.39.
    const gain = await submit(u, { type: 2 });
    const loss = await submit(u, { type: 2 });
    expect(gain).toMatchObject({ price: '64935', caution_money: '194.81', trade_fee: '0.39' });
    await quote('63990', '64010'); // mark 64000
    // 64000 × 1.001 = 64064; (64935 − 64064) × 0.03 = 26.13.
    const won = CALLS.leverClose.response.parse(
      okData(await t.call(CALLS.leverClose, { id: gain.id }, { token: u.token })),
    );
    expect(won).toMatchObject({ close_price: '64064', profits: '26.13' });
    await quote('65990', '66010'); // mark 66000
    // 66000 × 1.001 = 66066; (64935 − 66066) × 0.03 = −33.93.
    const lost = CALLS.leverClose.response.parse(
      okData(await t.call(CALLS.leverClose, { id: loss.id }, { token: u.token })),
    );
    expect(lost).toMatchObject({ close_price: '66066', profits: '-33.93' });
    // 10000 − 2 × (194.81 + 0.39) + 2 × 194.81 + 26.13 − 33.93
    expect(await leverBalance(u)).toEqual({ balance: '9991.42', lock_balance: '0' });
    await quote('64990', '65010');
  });

  it('refuses what breaks a rule, changing nothing', async () => {
    const u = await leverTrader('300');
    const cases: [Record<string, unknown>, string][] = [
      [{ multiple: 7 }, 'lever.multiple'],
      [{ share: 51 }, 'lever.share_range'],
      [{ currency_match_id: ETH_USDT }, 'lever.closed_pair'],
      [{ share: 20 }, 'balance.insufficient'],
      [{ status: 0 }, 'lever.p_price'],
      [{ password: '' }, 'lever.p_password'],
    ];
    for (const [params, error] of cases) expectError(await submitRaw(u, params), 422, error);
    expectError(await submitRaw(u, { password: 'wrong-one' }), 422, 'paypass.wrong');
    expect(await leverBalance(u)).toEqual({ balance: '300', lock_balance: '0' });
    expect(await myTrade(u, 1)).toEqual([]);
  });

  it('is refused when the house could not pay its largest gain', async () => {
    const u = await leverTrader('100000');
    // 50 hands of 0.01 BTC at 65065: the house must hold 32,532.50 more than it owes.
    const before = (await system('lever-house', '0.01')).balance;
    const owed = Number(before) - 1; // leave less than the next position needs
    await system('lever-house', `-${String(Math.floor(owed - 10000))}`);
    expectError(await submitRaw(u, { share: 50 }), 422, 'lever.house_cover');
    await system('lever-house', '1000000');
    expect((await submit(u, { share: 50 })).status).toBe(1);
  });
});

describe('stops, limits and the risk ticks', () => {
  it('refuses stops on the wrong side, then closes at the stop-loss when the mark reaches it', async () => {
    const u = await leverTrader('10000');
    const p = await submit(u);
    expectError(
      await t.call(CALLS.leverSetStop, { id: p.id, stop_loss_price: '65500' }, { token: u.token }),
      422,
      'lever.stop_loss_side',
    );
    expectError(
      await t.call(
        CALLS.leverSetStop,
        { id: p.id, target_profit_price: '64000' },
        { token: u.token },
      ),
      422,
      'lever.stop_profit_side',
    );
    const set = CALLS.leverSetStop.response.parse(
      okData(
        await t.call(
          CALLS.leverSetStop,
          { id: p.id, stop_loss_price: '64500', target_profit_price: '70000' },
          { token: u.token },
        ),
      ),
    );
    expect(set).toMatchObject({ stop_loss_price: '64500', target_profit_price: '70000' });
    await quote('64000', '64020'); // mark 64010 ≤ 64500
    const [closed] = await until(
      () => myTrade(u, 3),
      (rows) => rows.length === 1,
    );
    // The mark is 64010 once both new quotes are in; a tick between them sees the bid alone
    // (64000). Either way: close at mark × 0.999 (down to the cent), result (close − 65065) × 0.03
    // rounded down: at 64010, 63945.99 and −33.5703 → −33.58.
    expect(closed?.close_reason).toBe('stop_loss');
    const markCents = BigInt(Math.round(Number(closed?.close_mark_price) * 100));
    const closeCents = (markCents * 999n) / 1000n;
    const raw = (closeCents - 6506500n) * 3n; // (close − entry) in cents × 0.03 = raw / 100 cents
    const profitCents = raw >= 0n ? raw / 100n : -((-raw + 99n) / 100n);
    expect(['64000', '64010']).toContain(closed?.close_mark_price);
    expect(Math.round(Number(closed?.profits) * 100)).toBe(Number(profitCents));
    await quote('64990', '65010');
  });

  it('locks a limit entrust at its target, opens it when the mark crosses, and cancels another', async () => {
    const u = await leverTrader('10000');
    const waiting = await submit(u, { status: 0, target_price: '64000' });
    // Entry 64000 × 1.001 = 64064; margin 64064 × 0.03 / 10 = 192.192 → 192.20; fee 0.39.
    expect(waiting).toMatchObject({
      status: 0,
      price: '64064',
      caution_money: '192.2',
      trade_fee: '0.39',
    });
    expect(await leverBalance(u)).toEqual({ balance: '9807.41', lock_balance: '192.59' });
    const other = await submit(u, { status: 0, target_price: '60000', type: 1 });
    const cancelled = CALLS.leverCancel.response.parse(
      okData(await t.call(CALLS.leverCancel, { id: other.id }, { token: u.token })),
    );
    expect(cancelled.status).toBe(4);
    expect(await leverBalance(u)).toEqual({ balance: '9807.41', lock_balance: '192.59' });
    await quote('63980', '64000'); // mark 63990 ≤ 64000
    const [open] = await until(
      () => myTrade(u, 5),
      (rows) => rows.length === 1,
    );
    expect(open).toMatchObject({ id: waiting.id, status: 1, price: '64064' });
    // The fee went to the house; the margin stays held.
    expect(await leverBalance(u)).toEqual({ balance: '9807.41', lock_balance: '192.2' });
    await quote('64990', '65010');
  });

  it('liquidates at stop-out; what the user cannot pay comes from insurance, never below zero', async () => {
    // 10 USDT free beside margin and fee: the rate after opening is just above 100 %.
    const u = await leverTrader('335.33');
    const insurance = Number((await system('lever-insurance', '0.01')).balance);
    // Short 10 hands (0.1 BTC) × 20 at 65000: entry 64935, margin 324.675 → 324.68, fee 0.65.
    // With nothing beside them the rate after opening, (324.68 − 6.5) / 324.68, is below 100 %.
    expectError(
      await submitRaw(await leverTrader('325.33'), { type: 2, share: 10, multiple: 20 }),
      422,
      'lever.risk',
    );
    const p = await submit(u, { type: 2, share: 10, multiple: 20 });
    expect(p).toMatchObject({ price: '64935', caution_money: '324.68', trade_fee: '0.65' });
    expect(await leverBalance(u)).toEqual({ balance: '10', lock_balance: '324.68' });
    await quote('71990', '72010');
    // The mark follows a move beyond 2 % only as the book stands there: a window later it is 72000.
    later(60_000);
    const [closed] = await until(
      () => myTrade(u, 3),
      (rows) => rows.length === 1,
    );
    expect(closed?.close_reason).toBe('liquidation');
    const mark = Number(closed?.close_mark_price);
    const loss = Math.round((mark - 64935) * 0.1 * 100) / 100;
    expect(Number(closed?.profits)).toBeCloseTo(-loss, 2);
    expect(await leverBalance(u)).toEqual({ balance: '0', lock_balance: '0' });
    const after = Number((await system('lever-insurance', '0.01')).balance);
    expect(after).toBeCloseTo(insurance + 0.01 - (loss - 324.68 - 10), 2);
    await quote('64990', '65010');
    later(60_000);
  });

  it('closes a side at one mark, and keeps open positions over a restart', async () => {
    const u = await leverTrader('10000');
    const long1 = await submit(u);
    const long2 = await submit(u, { share: 2 });
    const short = await submit(u, { type: 2 });
    const result = CALLS.leverBatchClose.response.parse(
      okData(
        await t.call(
          CALLS.leverBatchClose,
          { currency_match_id: BTC_USDT, type: 1 },
          { token: u.token },
        ),
      ),
    );
    expect(result.ids.sort()).toEqual([long1.id, long2.id].sort());
    const closed = await myTrade(u, 3);
    expect(new Set(closed.map((r) => r.close_mark_price))).toEqual(new Set(['65000']));
    expect(closed.every((r) => r.close_reason === 'close_all')).toBe(true);

    await t.restart();
    // A start has no record of the books: the mark comes back once they stood half a window.
    later(60_000);
    const [still] = await myTrade(u, 5);
    expect(still).toMatchObject({ id: short.id, status: 1, price: '64935' });
    const all = CALLS.leverDealAll.response.parse(
      okData(await t.call(CALLS.leverDealAll, { currency_match_id: BTC_USDT }, { token: u.token })),
    );
    expect(all.trades.total).toBe(1);
    expect(all.hazard_rate).not.toBeNull();
  });

  it('refuses a draw that would leave the house below what it owes', async () => {
    const house = Number((await system('lever-house', '0.01')).balance);
    expectError(
      await t.call(
        CALLS.ledgerAdjust,
        {
          user: 'lever-house',
          currency: 'USDT',
          amount: `-${house.toFixed(2)}`,
          reason: 'draw it all',
        },
        { token: op },
      ),
      422,
      'lever.house_draw',
    );
  });

  it('pushes open positions every second and the ids of what closed', async () => {
    // This app's bus (a restart above made a new app).
    const off = t.app.ctx.bus.subscribe(PUSH_USER, (p) => pushes.push(p as UserPush));
    const u = await leverTrader('10000');
    const p = await submit(u);
    const trade = await until(
      () => Promise.resolve(pushesOf(u.id, 'LEVER_TRADE')),
      (list) => list.length > 0,
    );
    expect(trade[0]).toMatchObject({
      type: 'LEVER_TRADE',
      data: { legal_id: 1, profits_all: '-1.95', trades_all: [{ id: p.id, profits: '-1.95' }] },
    });
    expect(trade[0]?.data).toHaveProperty('hazard_rate');
    okData(await t.call(CALLS.leverClose, { id: p.id }, { token: u.token }));
    const closed = await until(
      () => Promise.resolve(pushesOf(u.id, 'LEVER_CLOSED')),
      (list) => list.length > 0,
    );
    expect(closed[0]).toMatchObject({ data: { ids: [p.id] } });
    off();
  });

  it('charges the overnight fee once a day, from the free balance first, then the margin', async () => {
    const setRate = async (rate: string) =>
      okData(
        await t.call(
          CALLS.adminLeverSettings,
          { currency_match_id: BTC_USDT, overnight_rate: rate },
          { token: op },
        ),
      );
    await setRate('0.002');
    // Margin 195.20 and fee 0.40 leave 3.00 free; the fee is 0.03 × 65000 × 0.002 = 3.90.
    const u = await leverTrader('198.6');
    const p = await submit(u);
    expect(await leverBalance(u)).toEqual({ balance: '3', lock_balance: '195.2' });
    const day = '2099-01-01';
    expect(await t.app.ctx.lever.chargeOvernight(day)).toBeGreaterThan(0);
    const [row] = (await myTrade(u, 5)).filter((r) => r.id === p.id);
    expect(row).toMatchObject({ overnight_money: '3.9', caution_money: '194.3' });
    expect(await leverBalance(u)).toEqual({ balance: '0', lock_balance: '194.3' });
    // The same day again charges nothing.
    expect(await t.app.ctx.lever.chargeOvernight(day)).toBe(0);
    expect(await leverBalance(u)).toEqual({ balance: '0', lock_balance: '194.3' });
    await setRate('0.0005');
  });

  it('shows the operator the desk: balances, what the house owes, the pairs and the liquidations', async () => {
    const overview = CALLS.adminLeverOverview.response.parse(
      okData(await t.call(CALLS.adminLeverOverview, {}, { token: op })),
    );
    const usdt = overview.accounts.find((a) => a.currency === 'USDT');
    expect(usdt).toBeDefined();
    // Open positions from the tests above: the house owes their largest gains and holds more.
    expect(usdt?.open_positions).toBeGreaterThan(0);
    expect(Number(usdt?.exposure)).toBeGreaterThan(0);
    expect(Number(usdt?.house)).toBeGreaterThanOrEqual(Number(usdt?.exposure));
    expect(overview.pairs.find((p) => p.id === BTC_USDT)).toMatchObject({
      open_lever: 1,
      multiples: [10, 20],
    });
    expect(overview.stop_out_level).toBe('50');

    const liquidated = CALLS.adminLeverLiquidations.response.parse(
      okData(await t.call(CALLS.adminLeverLiquidations, {}, { token: op })),
    );
    expect(liquidated.total).toBeGreaterThanOrEqual(1);
    expect(liquidated.data[0]).toMatchObject({ close_reason: 'liquidation', type: 2 });
    expect(liquidated.data[0]?.user.account).toMatch(/@/);

    const u = await leverTrader('10');
    expectError(
      await t.call(CALLS.adminLeverOverview, {}, { token: u.token }),
      403,
      'auth.admin_only',
    );
    expectError(
      await t.call(CALLS.adminLeverStopOut, { level: '0' }, { token: op }),
      422,
      'lever.terms_invalid',
    );
    expectError(
      await t.call(CALLS.adminLeverStopOut, { level: '60' }, { token: u.token }),
      403,
      'auth.admin_only',
    );
    expect(
      CALLS.adminLeverStopOut.response.parse(
        okData(await t.call(CALLS.adminLeverStopOut, { level: '60' }, { token: op })),
      ),
    ).toEqual({ stop_out_level: '60' });
    okData(await t.call(CALLS.adminLeverStopOut, { level: '50' }, { token: op }));
  });
});
