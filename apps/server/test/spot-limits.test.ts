import { CALLS, OPERATOR_SETTINGS } from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from './helpers.js';
import {
  balance,
  buy,
  buyRaw,
  cancel,
  cancelEverything,
  ETH_USDT,
  operatorToken,
  trader,
  USDT,
} from './spot-helpers.js';

let t: TestApp;
let op: string;

beforeAll(async () => {
  // The limits as an operator runs them: the defaults, not multiplied.
  t = await createTestApp({ rateLimitFactor: 1 });
  op = await operatorToken(t);
});
afterAll(() => t.close());

describe('per-user order limits (operator settings)', () => {
  it('refuses more than 50 orders a second per user with a translated 429; others go on', async () => {
    const u = await trader(t, op, { USDT: '100000' });
    const other = await trader(t, op, { USDT: '1000' });
    const rate = OPERATOR_SETTINGS.order_rate_per_second;
    // Sent at once: even split over two seconds of the clock, one of them gets more than 50.
    const results = await Promise.all(
      Array.from({ length: 2 * rate + 10 }, () =>
        t.call(
          CALLS.buy,
          { currency_match_id: 1, number: '0.001', price: '100' },
          { token: u.token, lang: 'fr' },
        ),
      ),
    );
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(rate);
    const refused = limited[0];
    if (!refused) throw new Error('no refusal');
    expectError(refused, 429, 'order.rate_limited');
    expect(refused.res.headers['retry-after']).toBe('1');
    expect(refused.body.message).toContain('par seconde');
    // Another user is not limited by it.
    await buy(t, other.token, { number: '0.001', price: '100' });
    await cancelEverything(t, [u.token, other.token]);
  });

  it('refuses more than 200 open orders per user and market (422); a cancel makes room', async () => {
    const u = await trader(t, op, { USDT: '100000' });
    const max = OPERATOR_SETTINGS.open_orders_per_market;
    const placed = [];
    for (let i = 0; i < max; i++) {
      // Spread over seconds of the order-rate window so only the open-orders limit is met.
      if (i % 40 === 39) await new Promise((r) => setTimeout(r, 1_000));
      placed.push(await buy(t, u.token, { number: '0.001', price: String(100 + i) }));
    }
    const over = await buyRaw(t, u.token, { number: '0.001', price: '99' });
    expectError(over, 422, 'order.open_limit');
    expect(over.body.message).toContain(String(max));
    // Another market is counted apart.
    await buy(t, u.token, { market: ETH_USDT, number: '0.01', price: '10' });
    const first = placed[0];
    if (!first) throw new Error('nothing placed');
    await cancel(t, u.token, first);
    await buy(t, u.token, { number: '0.001', price: '99' });
    await cancelEverything(t, [u.token]);
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '100000', lock_balance: '0' });
  });

  it('counts the limit from the store after a restart, and follows the operator setting', async () => {
    const u = await trader(t, op, { USDT: '10000' });
    await t.app.ctx.operatorSettings.set('open_orders_per_market', 3, 1);
    for (let i = 0; i < 3; i++) await buy(t, u.token, { number: '0.001', price: String(10 + i) });
    expectError(await buyRaw(t, u.token, { number: '0.001', price: '9' }), 422, 'order.open_limit');
    await t.restart();
    expectError(await buyRaw(t, u.token, { number: '0.001', price: '9' }), 422, 'order.open_limit');
    await t.app.ctx.operatorSettings.set('open_orders_per_market', 4, 1);
    await buy(t, u.token, { number: '0.001', price: '9' });
    await cancelEverything(t, [u.token]);
  });
});
