import { CALLS } from '@exchange/contract';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, trades } from '../src/db/schema.js';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import {
  balance,
  BTC,
  BTC_USDT,
  buy,
  buyRaw,
  ETH_BTC,
  openOrders,
  operatorToken,
  sell,
  sellRaw,
  tradeAt,
  trader,
  type Trader,
  USDT,
} from './spot-helpers.js';

/**
 * Spot price bands (security finding: with a stolen session, selling 2 BTC at a limit of 0.01 into
 * an accomplice's bid of 0.01 moved 1 BTC to the accomplice for 0.01 USDT). A limit order priced
 * more than the pair's band (default 10 %) beyond its reference price on the side that gives value
 * away is refused with 422 spot.price_band; so are a market order and a conversion that would only
 * meet such prices. The operator sets a pair's band as `price_band:<currency_match_id>`.
 */

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(() => t.close());

function setBand(market: number, value: unknown, token = op) {
  return t.call(CALLS.adminSettingsUpdate, { key: `price_band:${market}`, value }, { token });
}

async function bandAudits() {
  return t.store.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'setting.update'), eq(auditLog.target, 'setting:price_band:1')));
}

/** Trades with either of these users on either side. */
async function tradesOf(...users: Trader[]) {
  const ids = users.map((u) => u.id);
  return t.store.db
    .select()
    .from(trades)
    .where(or(...ids.flatMap((id) => [eq(trades.makerUserId, id), eq(trades.takerUserId, id)])));
}

describe('the finding: a stolen session sells 2 BTC at 0.01 into an accomplice’s bid', () => {
  let victim: Trader;
  let accomplice: Trader;

  beforeAll(async () => {
    // BTC/USDT trades near 65,000: its band allows sells from 58,500 and buys up to 71,500.
    await tradeAt(t, op, '64900');
    await tradeAt(t, op, '65000');
    victim = await trader(t, op, { BTC: '2' });
    accomplice = await trader(t, op, { USDT: '1' });
    // A bid far below the market gives nothing away: it is accepted and rests.
    const bid = await buy(t, accomplice.token, { number: '1', price: '0.01' });
    expect(bid.status).toBe(0);
  });

  it('refuses the limit sell with spot.price_band, naming the allowed range; nothing moves', async () => {
    const res = await sellRaw(t, victim.token, { number: '2', price: '0.01' });
    expectError(res, 422, 'spot.price_band');
    expect(res.body.message).toContain('65000');
    expect(res.body.message).toContain('58500');
    expect(res.body.message).toContain('71500');
    expect(res.body.message).toContain('10');
    // Translated like every message.
    const vi = await t.call(
      CALLS.sell,
      { currency_match_id: BTC_USDT, number: '2', price: '0.01' },
      { token: victim.token, lang: 'vi' },
    );
    expectError(vi, 422, 'spot.price_band');
    expect(vi.body.message).not.toBe(res.body.message);
    expect(vi.body.message).toContain('58500');

    expect(await balance(t, victim.token, BTC)).toEqual({ balance: '2', lock_balance: '0' });
    expect(await balance(t, victim.token, USDT)).toEqual({ balance: '0', lock_balance: '0' });
    expect(await balance(t, accomplice.token, BTC)).toEqual({ balance: '0', lock_balance: '0' });
    expect(await balance(t, accomplice.token, USDT)).toEqual({
      balance: '0.99',
      lock_balance: '0.01',
    });
    expect(await tradesOf(victim, accomplice)).toHaveLength(0);
    expect(await openOrders(t, victim.token)).toHaveLength(0);
    expect((await openOrders(t, accomplice.token)).map((o) => o.price)).toEqual(['0.01']);
  });

  it('refuses a market sell and a conversion that would only meet that bid', async () => {
    expectError(await sellRaw(t, victim.token, { number: '2', type: 1 }), 422, 'spot.price_band');
    const convert = await t.call(
      CALLS.convert,
      { currency_id: BTC, number: '1', min_receive: '0.000001' },
      { token: victim.token },
    );
    expectError(convert, 422, 'spot.price_band');
    expect(await balance(t, victim.token, BTC)).toEqual({ balance: '2', lock_balance: '0' });
    expect(await tradesOf(victim, accomplice)).toHaveLength(0);
  });

  it('refuses the mirror: a buy far above the market from an accomplice’s ask', async () => {
    const rich = await trader(t, op, { USDT: '100000' });
    expectError(
      await buyRaw(t, rich.token, { number: '0.1', price: '1000000' }),
      422,
      'spot.price_band',
    );
    expect(await balance(t, rich.token, USDT)).toEqual({ balance: '100000', lock_balance: '0' });
  });

  it('takes orders up to the band’s edges, and a sell far above the market', async () => {
    expectError(
      await sellRaw(t, victim.token, { number: '0.001', price: '58499.99' }),
      422,
      'spot.price_band',
    );
    expect((await sell(t, victim.token, { number: '0.001', price: '58500' })).status).toBe(0);
    expect((await sell(t, victim.token, { number: '0.001', price: '9000000' })).status).toBe(0);
    const rich = await trader(t, op, { USDT: '100000' });
    expectError(
      await buyRaw(t, rich.token, { number: '0.001', price: '71500.01' }),
      422,
      'spot.price_band',
    );
    // At 71,500 it buys the victim's 58,500 ask: a trade at 58,500, the new reference.
    expect((await buy(t, rich.token, { number: '0.001', price: '71500' })).status).toBe(1);
  });
});

describe('the operator sets a pair’s band (admin/settings/update price_band:<id>)', () => {
  it('lists every pair’s band with its default', async () => {
    const view = CALLS.adminSettings.response.parse(
      okData(await t.call(CALLS.adminSettings, {}, { token: op })),
    );
    const btc = view.price_bands.find((b) => b.currency_match_id === BTC_USDT);
    expect(btc).toEqual({
      key: 'price_band:1',
      currency_match_id: 1,
      symbol: 'BTC/USDT',
      value: '0.1',
      default: '0.1',
      min: '0.0001',
      max: '1',
    });
    expect(view.price_bands.length).toBe(t.app.ctx.markets.list().length);
  });

  it('applies a new band to the next order at once, audited, and keeps it across a restart', async () => {
    // The last trade is 58,500 (above): at 10 % a sell from 52,650.
    const seller = await trader(t, op, { BTC: '1' });
    expectError(
      await sellRaw(t, seller.token, { number: '0.01', price: '40000' }),
      422,
      'spot.price_band',
    );
    const saved = CALLS.adminSettingsUpdate.response.parse(okData(await setBand(BTC_USDT, '0.5')));
    expect(saved).toMatchObject({ key: 'price_band:1', value: '0.5', default: '0.1' });
    expect((await sell(t, seller.token, { number: '0.01', price: '40000' })).status).toBe(0);

    // A tighter band through admin/settings/set (the name outside clients use), as a number, as a
    // form may send it: 1 % → sells from 57,915.
    okData(
      await t.call(
        CALLS.adminSettingsSet,
        { key: `price_band:${String(BTC_USDT)}`, value: 0.01 },
        { token: op },
      ),
    );
    const tight = await sellRaw(t, seller.token, { number: '0.01', price: '57900' });
    expectError(tight, 422, 'spot.price_band');
    expect(tight.body.message).toContain('57915');
    expect(tight.body.message).toContain('59085');
    expect((await sell(t, seller.token, { number: '0.01', price: '57915' })).status).toBe(0);

    expect((await bandAudits()).map((a) => a.detail)).toEqual([
      { key: 'price_band:1', from: '0.1', to: '0.5' },
      { key: 'price_band:1', from: '0.5', to: '0.01' },
    ]);
    // Other pairs keep the default.
    expect(t.app.ctx.operatorSettings.priceBandBps(2)).toBe(1_000);

    // After a restart the band and the reference (the last trade, from the store) still hold.
    await t.restart();
    op = await operatorToken(t);
    const view = CALLS.adminSettings.response.parse(
      okData(await t.call(CALLS.adminSettings, {}, { token: op })),
    );
    expect(view.price_bands.find((b) => b.currency_match_id === BTC_USDT)?.value).toBe('0.01');
    expectError(
      await sellRaw(t, seller.token, { number: '0.01', price: '57900' }),
      422,
      'spot.price_band',
    );
    okData(await setBand(BTC_USDT, '0.1'));
  });

  it('refuses a value that is not a fraction in [0.0001, 1] and changes nothing', async () => {
    const before = await bandAudits();
    const bps = t.app.ctx.operatorSettings.priceBandBps(BTC_USDT);
    for (const value of ['0', '1.5', '-0.1', 'abc', '', '0.00001', '1e-1', 0, 2, ' ']) {
      const res = await setBand(BTC_USDT, value);
      expectError(res, 422, 'setting.invalid');
      expect(res.body.message).toContain('price_band:1');
      expect(res.body.message).toContain('0.0001–1');
    }
    expect(t.app.ctx.operatorSettings.priceBandBps(BTC_USDT)).toBe(bps);
    expect(await bandAudits()).toEqual(before);
    // The edges are accepted.
    okData(await setBand(BTC_USDT, '1'));
    okData(await setBand(BTC_USDT, '0.0001'));
    okData(await setBand(BTC_USDT, '0.1'));
  });

  it('refuses an unknown pair with setting.unknown, and is for operators only', async () => {
    expectError(await setBand(999, '0.1'), 404, 'setting.unknown');
    expectError(
      await t.call(CALLS.adminSettingsUpdate, { key: 'price_band:x', value: '0.1' }, { token: op }),
      404,
      'setting.unknown',
    );
    const user = await trader(t, op);
    expectError(await setBand(BTC_USDT, '0.5', user.token), 403, 'auth.admin_only');
    expect(t.app.ctx.operatorSettings.priceBandBps(BTC_USDT)).toBe(1_000);
  });
});

describe('a pair that never traded', () => {
  it('has no band until both sides quote; then the mid of best bid and ask is the reference', async () => {
    // ETH/BTC: price 4 decimals, quantity 4. Nobody has traded or quoted it.
    const maker = await trader(t, op, { ETH: '10', BTC: '10' });
    const other = await trader(t, op, { ETH: '10', BTC: '10' });
    // One side only: any price starts the market.
    expect(
      (await sell(t, maker.token, { market: ETH_BTC, number: '1', price: '0.06' })).status,
    ).toBe(0);
    expect(
      (await buy(t, other.token, { market: ETH_BTC, number: '1', price: '0.05' })).status,
    ).toBe(0);
    // Both sides: reference = mid 0.055, 10 % → sells from 0.0495, buys up to 0.0605.
    const low = await sellRaw(t, maker.token, { market: ETH_BTC, number: '0.01', price: '0.0494' });
    expectError(low, 422, 'spot.price_band');
    expect(low.body.message).toContain('0.055');
    expectError(
      await buyRaw(t, other.token, { market: ETH_BTC, number: '0.01', price: '0.0606' }),
      422,
      'spot.price_band',
    );
    // Within the band it trades: buying the 0.06 ask makes 0.06 the reference (sells from 0.054).
    expect(
      (await buy(t, other.token, { market: ETH_BTC, number: '0.01', price: '0.0605' })).status,
    ).toBe(1);
    expectError(
      await sellRaw(t, maker.token, { market: ETH_BTC, number: '0.01', price: '0.0539' }),
      422,
      'spot.price_band',
    );
    expect(
      (await sell(t, maker.token, { market: ETH_BTC, number: '0.01', price: '0.054' })).status,
    ).toBe(0);
  });
});
