import { CALLS, JOURNAL_KIND, type SpotOrder } from '@exchange/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units, wireAmount } from '../src/core/amounts.js';
import { accounts, journal, postings } from '../src/db/schema.js';
import { PAY_PASSWORD } from './assets-helpers.js';
import { leverCalls } from './lever-helpers.js';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import { BTC_USDT, buy, cancel, operatorToken, sell, trader, type Trader } from './spot-helpers.js';

/*
 * Getting out while the book is thin (docs/security.md, leveraged trading): a user's own close
 * (lever/close, lever/batch_close) is priced at the pair's last ok mark while the mark is thin, if
 * that mark stood within the pair's window (mark_window_s, 60 s here); after that, or right after
 * a start, it is refused with lever.no_mark. Stops, liquidations and entrust fills never act while
 * thin; stops may still be set and cleared.
 */

const { leverTrader, submit, deal, myTrade, leverBalance } = leverCalls(() => ({ t, op }), {
  currency_match_id: BTC_USDT,
});
const WINDOW_MS = 60_000;
let t: TestApp;
let op: string;
let maker: Trader;
let quotes: SpotOrder[] = [];

/** The lever mark's clock: the tests move it; between two moves no time passes. */
let now = Date.now();
const later = (ms: number) => {
  now += ms;
};

/**
 * A deep book: 2 BTC at the best bid and ask, 2 BTC more a side 1 % further out. It holds far more
 * than the depth the mark needs (1,000 USDT a side within 2 % of the mid), and pushing it costs
 * more than these positions could win (the house's exposure bound). No trade: the mid is the
 * middle of bid and ask.
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

/**
 * The bids go, the far one first: the book keeps its mid until the last bid goes, then has none
 * (no mark). The mark as it stood until then is the pair's last ok mark.
 */
async function thin() {
  for (const bid of [quotes[2], quotes[0]] as SpotOrder[]) await cancel(t, maker.token, bid);
  quotes = [quotes[1], quotes[3]] as SpotOrder[];
}

const closeRaw = (u: Trader, id: number) => t.call(CALLS.leverClose, { id }, { token: u.token });
const batchCloseRaw = (u: Trader, type: 0 | 1 | 2) =>
  t.call(CALLS.leverBatchClose, { currency_match_id: BTC_USDT, type }, { token: u.token });
const setStopRaw = (u: Trader, params: Record<string, unknown>) =>
  t.call(CALLS.leverSetStop, params, { token: u.token });

/** The lever house's and insurance's USDT balances, ledger units. */
async function desk() {
  const overview = CALLS.adminLeverOverview.response.parse(
    okData(await t.call(CALLS.adminLeverOverview, {}, { token: op })),
  );
  const usdt = overview.accounts.find((a) => a.currency === 'USDT');
  if (!usdt) throw new Error('no USDT lever desk');
  return { house: units(usdt.house), insurance: units(usdt.insurance) };
}

/** The postings of a position's close entry: [user id or system account, bucket, amount]. */
async function closePostings(id: number) {
  const lines = await t.store.db
    .select({
      userId: accounts.userId,
      systemCode: accounts.systemCode,
      bucket: postings.bucket,
      amount: postings.amount,
    })
    .from(postings)
    .innerJoin(journal, eq(journal.id, postings.journalId))
    .innerJoin(accounts, eq(accounts.id, postings.accountId))
    .where(and(eq(journal.kind, JOURNAL_KIND.leverClose), eq(journal.refId, id)))
    .orderBy(asc(postings.amount));
  return lines.map((l) => [l.userId ?? l.systemCode, l.bucket, wireAmount(units(l.amount))]);
}

async function expectAuditOk() {
  const report = CALLS.audit.response.parse(okData(await t.call(CALLS.audit, {}, { token: op })));
  expect(report.currencies.filter((c) => !c.ok)).toEqual([]);
  expect(report.ok).toBe(true);
}

beforeAll(async () => {
  t = await createTestApp({}, { leverClock: () => now });
  op = await operatorToken(t);
  maker = await trader(t, op, { USDT: '10000000', BTC: '100' });
  okData(
    await t.call(
      CALLS.adminLeverSettings,
      {
        currency_match_id: BTC_USDT,
        open_lever: 1,
        lever_point_rate: '0.001',
        lever_share_num: '0.01',
        lever_fee_rate: '0.002',
        multiples: [10, 20],
        min_share: 1,
        max_share: 50,
        max_open_interest: 1000,
        mark_window_s: WINDOW_MS / 1000,
      },
      { token: op },
    ),
  );
  for (const user of ['lever-house', 'lever-insurance']) {
    okData(
      await t.call(
        CALLS.ledgerAdjust,
        { user, currency: 'USDT', amount: '100000', reason: 'house funding for the test' },
        { token: op },
      ),
    );
  }
  await quote('64990', '65010');
  later(WINDOW_MS);
});
afterAll(() => t.close());

describe('closing while the book is thin', () => {
  it('closes at the last ok mark for one window, never acts on it itself, then refuses', async () => {
    const u = await leverTrader('1000');
    const v = await leverTrader('500');
    const w = await leverTrader('500');
    expect(await deal(u)).toMatchObject({ mark_status: 'ok', mark_price: '65000' });
    // A long of 3 hands (0.03 BTC) × 10 and a short of 2 hands at 65,000 ± the 0.1 % spread; and
    // another long of one hand.
    const long = await submit(u, { type: 1, share: 3 });
    expect(long).toMatchObject({ price: '65065', caution_money: '195.2', trade_fee: '0.4' });
    const short = await submit(v, { type: 2, share: 2 });
    expect(short).toMatchObject({ price: '64935', caution_money: '129.87', trade_fee: '0.26' });
    const other = await submit(w, { type: 1, share: 1 });
    expect(other).toMatchObject({ price: '65065', caution_money: '65.07' });

    // Someone pushes the book to 68,000: 4.6 % above the minute's average of 65,000, so the mark
    // is held at the band's edge, 65,000 × 1.02 = 66,300. Then the book thins: no mark.
    await quote('67990', '68010');
    expect(await deal(u)).toMatchObject({ mark_status: 'ok', mark_price: '66300' });
    await thin();
    expect(await deal(u)).toMatchObject({ mark_status: 'thin', mark_price: null });
    const before = await desk();

    // The house does not act on the last ok mark: a risk pass while thin closes nothing.
    await t.app.ctx.lever.tick(BTC_USDT);
    expect((await myTrade(u, 5)).map((r) => r.id)).toEqual([long.id]);
    expect((await myTrade(v, 5)).map((r) => r.id)).toEqual([short.id]);
    expect((await myTrade(w, 5)).map((r) => r.id)).toEqual([other.id]);
    // Nor does a new position open on it.
    expectError(
      await t.call(
        CALLS.leverSubmit,
        {
          currency_match_id: BTC_USDT,
          share: 1,
          multiple: 10,
          type: 1,
          status: 1,
          password: PAY_PASSWORD,
        },
        { token: w.token },
      ),
      422,
      'lever.no_mark',
    );

    // The user closes at the last ok mark, 66,300 (not the pushed 68,000, nor a price the thin
    // book makes up), less the spread: 66,300 × 0.999 = 66,233.70. Result (66,233.70 − 65,065)
    // × 0.03 = 35.061, a gain rounded down: 35.06.
    const closed = CALLS.leverClose.response.parse(okData(await closeRaw(u, long.id)));
    expect(closed).toMatchObject({
      id: long.id,
      status: 3,
      close_reason: 'user',
      close_mark_price: '66300',
      update_price: '66300',
      close_price: '66233.7',
      profits: '35.06',
    });
    expect(await leverBalance(u)).toEqual({
      balance: wireAmount(units('1000') - units('0.4') + units('35.06')),
      lock_balance: '0',
    });
    // The margin comes back with the gain; the house pays the gain; insurance is not touched.
    expect(await closePostings(long.id)).toEqual([
      [u.id, 1, '-195.2'],
      ['lever-house', 0, '-35.06'],
      [u.id, 0, '230.26'],
    ]);
    expect(await desk()).toEqual({
      house: before.house - units('35.06'),
      insurance: before.insurance,
    });

    // Stops may be set while thin (they move no money); their sides are checked against the
    // price a close would get now, the last ok mark: a long's stop-profit at 66,000 is below it.
    expectError(
      await setStopRaw(w, { id: other.id, target_profit_price: '66000' }),
      422,
      'lever.stop_profit_side',
    );
    expect(
      CALLS.leverSetStop.response.parse(
        okData(await setStopRaw(w, { id: other.id, target_profit_price: '70000' })),
      ),
    ).toMatchObject({ target_profit_price: '70000', stop_loss_price: null });

    // The last moment of the window: the short closes all at the same mark, plus the spread:
    // 66,300 × 1.001 = 66,366.30; (64,935 − 66,366.30) × 0.02 = −28.626, a loss rounded up.
    later(WINDOW_MS - 1);
    expect(CALLS.leverBatchClose.response.parse(okData(await batchCloseRaw(v, 0)))).toEqual({
      ids: [short.id],
      mark_price: '66300',
    });
    expect((await myTrade(v, 3))[0]).toMatchObject({
      id: short.id,
      close_reason: 'close_all',
      close_mark_price: '66300',
      close_price: '66366.3',
      profits: '-28.63',
    });
    expect(await leverBalance(v)).toEqual({
      balance: wireAmount(units('500') - units('0.26') - units('28.63')),
      lock_balance: '0',
    });
    expect(await closePostings(short.id)).toEqual([
      [v.id, 1, '-129.87'],
      ['lever-house', 0, '28.63'],
      [v.id, 0, '101.24'],
    ]);
    expect(await desk()).toEqual({
      house: before.house - units('35.06') + units('28.63'),
      insurance: before.insurance,
    });

    // A whole window after the book thinned, with the book still thin: refused.
    later(1);
    expect(await deal(w)).toMatchObject({ mark_status: 'thin', mark_price: null });
    expectError(await closeRaw(w, other.id), 422, 'lever.no_mark');
    expectError(await batchCloseRaw(w, 0), 422, 'lever.no_mark');
    expectError(await batchCloseRaw(w, 1), 422, 'lever.no_mark');
    // Stops can still be set and cleared; with no price to check them against, none is checked.
    // A stop-loss at 65,500 does not fire while thin.
    expect(
      CALLS.leverSetStop.response.parse(
        okData(await setStopRaw(w, { id: other.id, stop_loss_price: '65500' })),
      ),
    ).toMatchObject({ target_profit_price: null, stop_loss_price: '65500' });
    await t.app.ctx.lever.tick(BTC_USDT);
    expect((await myTrade(w, 5)).map((r) => r.id)).toEqual([other.id]);
    expect(await desk()).toEqual({
      house: before.house - units('35.06') + units('28.63'),
      insurance: before.insurance,
    });

    // The book comes back at 65,000: after half a window the mark is ok again, and the first
    // risk pass at it closes the stop-loss at that mark less the spread (64,935), not at 65,500.
    await quote('64990', '65010');
    await t.app.ctx.lever.tick(BTC_USDT);
    expect((await myTrade(w, 5)).map((r) => r.id)).toEqual([other.id]);
    later(WINDOW_MS / 2);
    expect(await deal(w)).toMatchObject({ mark_status: 'ok', mark_price: '65000' });
    await t.app.ctx.lever.tick(BTC_USDT);
    expect((await myTrade(w, 3))[0]).toMatchObject({
      id: other.id,
      close_reason: 'stop_loss',
      close_mark_price: '65000',
      close_price: '64935',
      profits: '-1.3',
    });
    await expectAuditOk();
  });

  it('refuses a close right after a restart, until the mark is ok again', async () => {
    const u = await leverTrader('1000');
    expect(await deal(u)).toMatchObject({ mark_status: 'ok', mark_price: '65000' });
    const long = await submit(u, { type: 1, share: 1 });
    expect(long).toMatchObject({ price: '65065', caution_money: '65.07', trade_fee: '0.14' });

    // A start forgets the samples, and so any last ok mark: thin for half a window.
    await t.restart();
    op = await operatorToken(t);
    expect(await deal(u)).toMatchObject({ mark_status: 'thin', mark_price: null });
    expectError(await closeRaw(u, long.id), 422, 'lever.no_mark');
    expectError(await batchCloseRaw(u, 0), 422, 'lever.no_mark');
    later(WINDOW_MS / 2 - 1);
    expectError(await closeRaw(u, long.id), 422, 'lever.no_mark');

    later(1);
    const closed = CALLS.leverClose.response.parse(okData(await closeRaw(u, long.id)));
    // 65,000 × 0.999 = 64,935; (64,935 − 65,065) × 0.01 = −1.30.
    expect(closed).toMatchObject({
      status: 3,
      close_reason: 'user',
      close_mark_price: '65000',
      close_price: '64935',
      profits: '-1.3',
    });
    expect(await leverBalance(u)).toEqual({
      balance: wireAmount(units('1000') - units('0.14') - units('1.3')),
      lock_balance: '0',
    });
    await expectAuditOk();
  });
});

describe('an operator action while the book is thin', () => {
  it('liquidates nobody at the old marks the desk holds: the risk pass waits for an ok mark', async () => {
    await quote('64990', '65010');
    later(WINDOW_MS);
    const u = await leverTrader('200');
    expect(await deal(u)).toMatchObject({ mark_status: 'ok', mark_price: '65000' });
    // A long of 3 hands × 10 at 65,065 (margin 195.2, 4.4 left free); the market falls to 64,500:
    // its rate is (195.2 + 4.4 − 16.95) / 195.2 = 93.6 %, above the stop-out level of 50 %.
    const long = await submit(u, { type: 1, share: 3 });
    await quote('64490', '64510');
    later(WINDOW_MS);
    await t.app.ctx.lever.tick(BTC_USDT);
    expect(await deal(u)).toMatchObject({ mark_status: 'ok', mark_price: '64500' });
    expect((await myTrade(u, 5)).map((r) => r.id)).toEqual([long.id]);
    await thin();
    expect(await deal(u)).toMatchObject({ mark_status: 'thin' });
    // The operator raises the stop-out level above the user's rate while the pair is thin: the
    // desk's mark for it is the last tick's, which may be long gone; nothing happens until the
    // risk pass has an ok mark again.
    okData(await t.call(CALLS.adminLeverStopOut, { level: '99.99' }, { token: op }));
    expect((await myTrade(u, 5)).map((r) => r.id)).toEqual([long.id]);
    expect(await myTrade(u, 3)).toEqual([]);
    okData(await t.call(CALLS.adminLeverStopOut, { level: '50' }, { token: op }));
    await quote('64990', '65010');
    later(WINDOW_MS);
    await t.app.ctx.lever.tick(BTC_USDT);
    expect((await myTrade(u, 5)).map((r) => r.id)).toEqual([long.id]);
    await expectAuditOk();
  });
});
