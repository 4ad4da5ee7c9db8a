import { CALLS, parsePush, type MicroOrder, type WsPush } from '@exchange/contract';
import { micro } from '@exchange/engine';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_USER, type UserPush } from '../src/bus/bus.js';
import { microIndex, microOrders } from '../src/db/schema.js';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import {
  BTC,
  BTC_USDT,
  buy,
  dec,
  ETH_BTC,
  ETH_USDT,
  operatorToken,
  sell,
  trader,
  USDT,
  wire,
  type Trader,
} from './spot-helpers.js';

const MICRO = 4;

/** Rows of a raw query, from PGlite (`{ rows }`) or postgres.js (an array). */
async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  const res: unknown = await t.store.db.execute(q);
  return Array.isArray(res) ? (res as T[]) : (res as { rows: T[] }).rows;
}
let t: TestApp;
let op: string;
let maker: Trader;
let taker: Trader;
const pushes: UserPush[] = [];

async function admin<C extends (typeof CALLS)[keyof typeof CALLS]>(
  call: C,
  params: Record<string, unknown>,
) {
  return okData(await t.call(call, params, { token: op }));
}

/** One trade of 0.001 BTC at `price` on BTC/USDT (or another pair) between the two bots. */
async function trade(price: string, market = BTC_USDT) {
  await sell(t, maker.token, { market, price, number: '0.001' });
  await buy(t, taker.token, { market, price, number: '0.001' });
}

async function microTrader(usdt: string): Promise<Trader> {
  const u = await trader(t, op);
  okData(
    await t.call(
      CALLS.ledgerAdjust,
      { user: u.email, currency: 'USDT', amount: usdt, reason: 'micro test', account_type: MICRO },
      { token: op },
    ),
  );
  return u;
}

function submitRaw(u: Trader, params: Record<string, unknown>) {
  return t.call(
    CALLS.microSubmit,
    { match_id: BTC_USDT, currency_id: USDT, type: 1, seconds: 5, number: '100', ...params },
    { token: u.token },
  );
}

async function submit(u: Trader, params: Record<string, unknown> = {}): Promise<MicroOrder> {
  return CALLS.microSubmit.response.parse(okData(await submitRaw(u, params)));
}

async function wallet(u: Trader) {
  const list = CALLS.microCurrencies.response.parse(
    okData(await t.call(CALLS.microCurrencies, {}, { token: u.token })),
  );
  const usdt = list.find((c) => c.id === USDT);
  if (!usdt) throw new Error('USDT is not payable');
  return usdt.micro_account;
}

async function lists(u: Trader, status: 1 | 3) {
  return CALLS.microLists.response.parse(
    okData(await t.call(CALLS.microLists, { status }, { token: u.token })),
  );
}

async function house() {
  const rows = CALLS.adminMicroHouse.response.parse(
    okData(await t.call(CALLS.adminMicroHouse, {}, { token: op })),
  );
  return rows.find((r) => r.currency_id === USDT) ?? { balance: '0', exposure: '0' };
}

/** Waits until an order of the user has closed. */
async function settled(u: Trader, id: number): Promise<MicroOrder> {
  for (let i = 0; i < 400; i++) {
    const closed = (await lists(u, 3)).data.find((o) => o.id === id);
    if (closed) return closed;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`micro order ${String(id)} did not settle`);
}

async function opened(u: Trader, id: number): Promise<MicroOrder> {
  for (let i = 0; i < 100; i++) {
    const row = (await lists(u, 1)).data.find((o) => o.id === id);
    if (row?.open_price) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`micro order ${String(id)} did not open`);
}

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
  maker = await trader(t, op, { USDT: '10000000', BTC: '100', ETH: '1000' });
  taker = await trader(t, op, { USDT: '10000000', BTC: '100', ETH: '1000' });
  await admin(CALLS.adminMicroCurrency, {
    currency_id: USDT,
    enabled: 1,
    micro_numbers: ['10', '50', '100'],
    min_number: '10',
    max_number: '1000',
    fee_rate: '0.01',
    default_cap: '100000',
  });
  await admin(CALLS.adminMicroPair, {
    match_id: BTC_USDT,
    open_microtrade: 1,
    options: [
      { seconds: 5, profit_ratio: '0.8' },
      { seconds: 10, profit_ratio: '0.9' },
    ],
  });
  await admin(CALLS.adminMicroFund, { currency: 'USDT', amount: '100000', reason: 'test house' });
  // Resting quotes far from the test's prices give each pair a book the house can price a push
  // on (micro.decideCost); the guard counts one trade of 0.001 and lets the house take up to
  // 10,000 × what deciding costs, so that these tests' stakes fit.
  const quoter = await trader(t, op, { USDT: '10000000', BTC: '100', ETH: '1000' });
  for (const [market, bid, ask] of [
    [BTC_USDT, '60000', '70500'],
    [ETH_USDT, '2500', '3500'],
    [ETH_BTC, '0.04', '0.06'],
  ] as const) {
    await buy(t, quoter.token, { market, price: bid, number: '1' });
    await sell(t, quoter.token, { market, price: ask, number: '1' });
    await admin(CALLS.adminMicroSettings, {
      match_id: market,
      currency_id: USDT,
      index_min_trades: 1,
      index_min_volume: '0.001',
      manipulation_multiple: '0.0001',
    });
  }
  t.app.ctx.bus.subscribe(PUSH_USER, (p) => pushes.push(p as UserPush));
});
afterAll(() => t.close());

describe('operator settings', () => {
  it('show in payable_currencies and seconds; traders and bad values are refused', async () => {
    const u = await microTrader('500');
    const list = CALLS.microCurrencies.response.parse(
      okData(await t.call(CALLS.microCurrencies, {}, { token: u.token })),
    );
    expect(list).toEqual([
      {
        id: USDT,
        code: 'USDT',
        decimals: 2,
        micro_account: { balance: '500', lock_balance: '0' },
        micro_numbers: [{ number: '10' }, { number: '50' }, { number: '100' }],
        min_number: '10',
        max_number: '1000',
        fee_rate: '0.01',
      },
    ]);
    expect(okData(await t.call(CALLS.microSeconds, { match_id: BTC_USDT }))).toEqual([
      { seconds: 5, profit_ratio: '0.8' },
      { seconds: 10, profit_ratio: '0.9' },
    ]);
    // Without a pair (or for a pair without its own): the default options.
    expect(okData(await t.call(CALLS.microSeconds, {}))).toEqual([
      { seconds: 30, profit_ratio: '0.8' },
      { seconds: 60, profit_ratio: '0.82' },
      { seconds: 120, profit_ratio: '0.85' },
      { seconds: 300, profit_ratio: '0.9' },
    ]);
    expectError(
      await t.call(
        CALLS.adminMicroSettings,
        { match_id: BTC_USDT, currency_id: USDT, exposure_cap: '1' },
        { token: u.token },
      ),
      403,
      'auth.admin_only',
    );
    for (const bad of [
      [{ seconds: 5, profit_ratio: '0' }],
      [
        { seconds: 5, profit_ratio: '0.8' },
        { seconds: 5, profit_ratio: '0.9' },
      ],
      [{ seconds: 5, profit_ratio: '12' }],
    ]) {
      expectError(
        await t.call(CALLS.adminMicroPair, { match_id: ETH_USDT, options: bad }, { token: op }),
        422,
        'micro.settings_invalid',
      );
    }
    expectError(
      await t.call(
        CALLS.adminMicroCurrency,
        { currency_id: USDT, min_number: '2000' },
        { token: op },
      ),
      422,
      'micro.settings_invalid',
    );
    // Nothing of the refused calls was kept.
    expect(okData(await t.call(CALLS.microSeconds, { match_id: ETH_USDT }))).toHaveLength(4);
  });
});

describe('refusals', () => {
  it('change nothing and say why', async () => {
    const u = await microTrader('500');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ match_id: ETH_USDT }, 422, 'micro.closed_pair'],
      [{ currency_id: BTC }, 422, 'micro.currency'],
      [{ seconds: 7 }, 422, 'micro.seconds'],
      [{ number: '5' }, 422, 'micro.stake_range'],
      [{ number: '1001' }, 422, 'micro.stake_range'],
      [{ number: '10.001' }, 422, 'amount.precision'],
      [{ number: 'abc' }, 422, 'amount.invalid'],
      [{ number: '' }, 422, 'micro.p_number'],
      [{ number: '500' }, 422, 'balance.insufficient'],
      [{ type: 3 }, 422, 'common.invalid_param'],
    ];
    for (const [params, status, key] of cases) expectError(await submitRaw(u, params), status, key);
    expect(await wallet(u)).toEqual({ balance: '500', lock_balance: '0' });
    expect((await lists(u, 1)).total).toBe(0);
  });

  it('refuses an order over the pair’s cap over every expiry, and one the house cannot pay', async () => {
    await admin(CALLS.adminMicroSettings, {
      match_id: BTC_USDT,
      currency_id: USDT,
      exposure_cap: '100',
    });
    const a = await microTrader('1000');
    const b = await microTrader('1000');
    const up1 = await submit(a, { number: '100' });
    // Another 80 the house could owe, at any expiry (one push decides them all): refused.
    for (const seconds of [5, 10]) {
      const refused = await submitRaw(a, { number: '100', seconds });
      expectError(refused, 422, 'micro.exposure');
      expect(refused.body.message).toContain('100 USDT');
    }
    expect(await wallet(a)).toEqual({ balance: '899', lock_balance: '101' });
    await admin(CALLS.adminMicroSettings, {
      match_id: BTC_USDT,
      currency_id: USDT,
      exposure_cap: '100000',
    });
    const down = await submit(b, { type: 2, number: '50' });
    // The house: drawing below what it owes is refused; then a new order it cannot pay is.
    const h = await house();
    expect(dec(h.exposure)).toBeGreaterThan(0n);
    expectError(
      await t.call(
        CALLS.adminMicroFund,
        { currency: 'USDT', amount: `-${h.balance}`, reason: 'draw it all' },
        { token: op },
      ),
      422,
      'lever.house_draw',
    );
    const free = dec(h.balance) - dec(h.exposure);
    await admin(CALLS.adminMicroFund, {
      currency: 'USDT',
      amount: `-${wire(free)}`,
      reason: 'leave only what it owes',
    });
    expectError(await submitRaw(b, { seconds: 10, number: '100' }), 422, 'micro.house');
    await admin(CALLS.adminMicroFund, { currency: 'USDT', amount: '100000', reason: 'refill' });
    await settled(a, up1.id);
    await settled(b, down.id);
  });
});

describe('settlement by the market', () => {
  it('pays an up order when the index rises and takes a down order’s stake', async () => {
    const up = await microTrader('1000');
    const down = await microTrader('1000');
    const houseBefore = dec((await house()).balance);
    for (let i = 0; i < 3; i++) await trade('65000');
    const a = await submit(up, { number: '100' });
    const b = await submit(down, { type: 2, number: '50' });
    expect(a).toMatchObject({
      status: 1,
      fee: '1',
      number: '100',
      profit_ratio: '0.8',
      open_price: null,
    });
    expect(a.remain_milli_seconds).toBeGreaterThan(5000 - 50);
    expect(a.remain_milli_seconds).toBeLessThanOrEqual(6000);
    expect(await wallet(up)).toEqual({ balance: '899', lock_balance: '101' });
    const aOpen = await opened(up, a.id);
    await opened(down, b.id);
    for (let i = 0; i < 12; i++) await trade('70000');
    const aDone = await settled(up, a.id);
    const bDone = await settled(down, b.id);
    expect(dec(aDone.end_price ?? '0')).toBeGreaterThan(dec(aOpen.open_price ?? '0'));
    expect(aDone).toMatchObject({
      status: 3,
      outcome: 'win',
      fact_profits: '80',
      remain_milli_seconds: 0,
    });
    expect(bDone).toMatchObject({ status: 3, outcome: 'loss', fact_profits: '-50' });
    // Stake and gain back; the loser's stake and both fees to the house.
    expect(await wallet(up)).toEqual({ balance: '1079', lock_balance: '0' });
    expect(await wallet(down)).toEqual({ balance: '949.5', lock_balance: '0' });
    expect(dec((await house()).balance) - houseBefore).toBe(dec('-80') + dec('1') + dec('50.5'));
    // Nothing open any more: the house owes nothing.
    expect((await house()).exposure).toBe('0');
    // Settled within a second of its end moment.
    expect((aDone.settled_at ?? 0) - aDone.end_at).toBeLessThan(1000);
    expect(aDone.settled_at ?? 0).toBeGreaterThanOrEqual(aDone.end_at);

    // The evidence: open and end index with exactly the pair's trades of each window.
    const ev = aDone.evidence;
    expect(ev?.open.index).toBe(aDone.open_price);
    expect(ev?.end?.index).toBe(aDone.end_price);
    for (const side of [ev?.open, ev?.end]) {
      if (!side) throw new Error('no evidence');
      expect(side.to - side.from).toBe(10_000);
      const stored = await query<{ id: string }>(
        sql`select id from trades where market_id = ${BTC_USDT}
            and created_at > to_timestamp(${side.from} / 1000.0)
            and created_at <= to_timestamp(${side.to} / 1000.0) order by id`,
      );
      const ids = stored.map((r) => Number(r.id));
      expect(side.trades.map((x) => x.id)).toEqual(ids);
      expect(side.source).toBe('trades');
    }
    const fetched = CALLS.microEvidence.response.parse(
      okData(await t.call(CALLS.microEvidence, { id: a.id }, { token: up.token })),
    );
    expect(fetched).toMatchObject({ id: a.id, outcome: 'win', open: ev?.open, end: ev?.end });
    expect(fetched.evidence).toEqual(ev);
    // Another user's order is not theirs to read.
    expectError(
      await t.call(CALLS.microEvidence, { id: a.id }, { token: down.token }),
      404,
      'micro.not_found',
    );

    // MICRO_CLOSED to each owner only, with the closed order.
    const mine = pushes
      .filter((p) => p.topic === 'MICRO_CLOSED')
      .map((p) => ({
        userId: p.userId,
        push: parsePush(
          JSON.parse(
            JSON.stringify({
              type: 'MICRO_CLOSED',
              topic: 'MICRO_CLOSED',
              data: p.data,
            } satisfies WsPush),
          ),
        ),
      }));
    const forA = mine.filter((m) => m.push?.type === 'MICRO_CLOSED' && m.push.data.id === a.id);
    expect(forA.map((m) => m.userId)).toEqual([up.id]);
    expect(forA[0]?.push?.data).toMatchObject({
      id: a.id,
      status: 3,
      outcome: 'win',
      fact_profits: '80',
    });
  });

  it('returns stake and fee when the index does not move', async () => {
    const u = await microTrader('1000');
    for (let i = 0; i < 3; i++) await trade('3000', ETH_USDT);
    await admin(CALLS.adminMicroPair, {
      match_id: ETH_USDT,
      open_microtrade: 1,
      options: [{ seconds: 5, profit_ratio: '0.8' }],
    });
    const a = await submit(u, { match_id: ETH_USDT, number: '10' });
    const done = await settled(u, a.id);
    expect(done).toMatchObject({ outcome: 'tie', fact_profits: '0' });
    expect(done.open_price).toBe(done.end_price);
    expect(await wallet(u)).toEqual({ balance: '1000', lock_balance: '0' });
  });

  it('voids an order on a pair without the minimum trades: stake and fee go back', async () => {
    const u = await microTrader('1000');
    // ETH/USDT traded 3 times lately (the tie above); the operator now asks for 50 per window.
    await admin(CALLS.adminMicroSettings, {
      match_id: ETH_USDT,
      currency_id: USDT,
      index_min_trades: 50,
    });
    const a = await submit(u, { match_id: ETH_USDT, number: '10' });
    const done = await settled(u, a.id);
    expect(done).toMatchObject({
      outcome: 'void',
      fact_profits: '0',
      open_price: null,
      end_price: null,
    });
    expect(done.evidence?.open).toMatchObject({ source: 'void', index: null, min_trades: 50 });
    expect(done.evidence?.open.counted).toBeLessThan(50);
    expect(await wallet(u)).toEqual({ balance: '1000', lock_balance: '0' });
    // Neither trades nor a book at all (ETH/BTC, staked in USDT, not its quote): nothing to price
    // a push on, so the house takes nothing there.
    await admin(CALLS.adminMicroPair, {
      match_id: ETH_BTC,
      open_microtrade: 1,
      options: [{ seconds: 5, profit_ratio: '0.8' }],
    });
    expectError(await submitRaw(u, { match_id: ETH_BTC, number: '10' }), 422, 'micro.liquidity');
    await admin(CALLS.adminMicroSettings, {
      match_id: ETH_USDT,
      currency_id: USDT,
      index_min_trades: 1,
    });
  });

  it('settles orders that came due while the server was down, on start, once', async () => {
    const u = await microTrader('1000');
    for (let i = 0; i < 3; i++) await trade('66000');
    const a = await submit(u, { number: '20' });
    await opened(u, a.id);
    await t.restart({ down: () => new Promise((r) => setTimeout(r, 6_500)) });
    const done = await settled(u, a.id);
    expect(['win', 'loss', 'tie', 'void']).toContain(done.outcome);
    expect(done.settled_at ?? 0).toBeGreaterThan(a.end_at);
    const rows = await query<{ n: string }>(
      sql`select count(*) as n from journal where kind = 'micro.settle' and ref_id = ${a.id}`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
    t.app.ctx.bus.subscribe(PUSH_USER, (p) => pushes.push(p as UserPush));
  });
});

describe('every settlement, recomputed from the stored trades alone', () => {
  it('gives the stored open and end prices, outcome and result', async () => {
    const orders = await t.store.db.select().from(microOrders).where(eq(microOrders.status, 3));
    expect(orders.length).toBeGreaterThanOrEqual(6);
    const markets = await query<{ id: number; price_decimals: number }>(
      sql`select id, price_decimals from markets`,
    );
    const decimals = new Map(markets.map((m) => [Number(m.id), Number(m.price_decimals)]));
    const stored = await t.store.db.select().from(microIndex);
    const indexRows = new Map(
      stored.map((b) => [`${String(b.marketId)}:${String(b.at.getTime())}`, b]),
    );
    // The order's index: its pair's trades of the window, its owner's left out, with the
    // minimums stored beside the index.
    const indexAt = async (marketId: number, at: number, owner: number) => {
      const pd = decimals.get(marketId) ?? 2;
      const step = 10n ** BigInt(18 - pd);
      const rows = await query<{
        id: string;
        price: string;
        qty: string;
        maker: number;
        taker: number;
        at: string;
      }>(
        sql`select id, price::text as price, qty::text as qty, maker_user_id as maker,
            taker_user_id as taker,
            (extract(epoch from created_at) * 1000)::bigint::text as at
            from trades where market_id = ${marketId}
            and created_at > to_timestamp(${at - 10_000} / 1000.0)
            and created_at <= to_timestamp(${at} / 1000.0)`,
      );
      const row = indexRows.get(`${String(marketId)}:${String(at)}`);
      if (!row || row.minTrades === null || row.minVolume === null)
        throw new Error(`no index stored for ${String(marketId)} at ${String(at)}`);
      const value = micro.priceIndex(
        rows.map((r) => ({
          id: Number(r.id),
          at: Number(r.at),
          price: dec(r.price) / step,
          qty: dec(r.qty),
          users: [Number(r.maker), Number(r.taker)] as const,
        })),
        at,
        { minTrades: row.minTrades, minVolume: dec(row.minVolume) },
        owner,
      ).value;
      return value === null ? null : value * step;
    };
    for (const o of orders) {
      const open = await indexAt(o.marketId, o.openAt.getTime(), o.userId);
      const end = open === null ? null : await indexAt(o.marketId, o.endAt.getTime(), o.userId);
      expect(o.openPrice === null ? null : dec(o.openPrice), `open of ${String(o.id)}`).toBe(open);
      expect(o.endPrice === null ? null : dec(o.endPrice), `end of ${String(o.id)}`).toBe(end);
      const s = micro.settleMicro(
        {
          direction: o.type === 2 ? 2 : 1,
          stake: dec(o.number) / 10n ** 16n,
          fee: dec(o.fee) / 10n ** 16n,
          ratio: o.profitRatio,
          decimals: 2,
        },
        open,
        end,
      );
      expect(o.outcome).toBe(s.outcome);
      expect(dec(o.factProfits ?? '0')).toBe(s.factProfit * 10n ** 16n);
    }
  });
});
