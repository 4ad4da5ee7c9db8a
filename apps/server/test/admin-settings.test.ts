import { CALLS, OPERATOR_SETTINGS } from '@exchange/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { OPERATOR_SETTING_RANGE } from '../src/domains/settings/index.js';
import { createTestApp, expectError, okData, signUpEmail, type TestApp } from './helpers.js';
import { operatorToken } from './spot-helpers.js';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(() => t.close());

async function read(token = op) {
  return CALLS.adminSettings.response.parse(
    okData(await t.call(CALLS.adminSettings, {}, { token })),
  );
}

function update(key: string, value: unknown, token = op) {
  return t.call(CALLS.adminSettingsUpdate, { key, value }, { token });
}

describe('admin/settings', () => {
  it('lists every operator setting with its value, default, range and the factor', async () => {
    const view = await read();
    expect(view.factor).toBe(t.config.rateLimitFactor);
    expect(view.settings.map((s) => s.key).sort()).toEqual(Object.keys(OPERATOR_SETTINGS).sort());
    for (const s of view.settings) {
      const key = s.key as keyof typeof OPERATOR_SETTINGS;
      expect(s).toEqual({
        key,
        value: OPERATOR_SETTINGS[key],
        default: OPERATOR_SETTINGS[key],
        ...OPERATOR_SETTING_RANGE[key],
      });
    }
  });

  it('is for operators only', async () => {
    const user = await signUpEmail(t);
    expectError(
      await t.call(CALLS.adminSettings, {}, { token: user.token }),
      403,
      'auth.admin_only',
    );
    expectError(await update('open_orders_per_market', 5, user.token), 403, 'auth.admin_only');
    expectError(await t.call(CALLS.adminSettings, {}), 401, 'auth.session_expired', 999);
  });
});

describe('admin/settings/update', () => {
  it('stores a value in range, audited, applied at once and kept across a restart', async () => {
    const saved = CALLS.adminSettingsUpdate.response.parse(
      okData(await update('open_orders_per_market', 150)),
    );
    expect(saved).toMatchObject({ key: 'open_orders_per_market', value: 150, default: 200 });
    expect(t.app.ctx.operatorSettings.get('open_orders_per_market')).toBe(150);
    // A form may send the number as text.
    okData(await update('order_rate_per_second', ' 40 '));
    const log = await t.store.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'setting.update'));
    expect(log.map((l) => [l.target, l.detail])).toEqual([
      ['setting:open_orders_per_market', { key: 'open_orders_per_market', from: 200, to: 150 }],
      ['setting:order_rate_per_second', { key: 'order_rate_per_second', from: 50, to: 40 }],
    ]);
    await t.restart();
    op = await operatorToken(t);
    const values = Object.fromEntries((await read()).settings.map((s) => [s.key, s.value]));
    expect(values).toEqual({
      open_orders_per_market: 150,
      order_rate_per_second: 40,
      withdraw_daily_usd_unverified: 2000,
      withdraw_daily_usd_verified: 100000,
    });
  });

  it('refuses a value outside the range or not a whole number with setting.invalid', async () => {
    const { min, max } = OPERATOR_SETTING_RANGE.open_orders_per_market;
    for (const value of [min - 1, max + 1, 1.5, 'abc', '', -5]) {
      const res = await update('open_orders_per_market', value);
      expectError(res, 422, 'setting.invalid');
      expect(res.body.message).toContain('open_orders_per_market');
      expect(res.body.message).toContain(`${min}–${max}`);
    }
    okData(await update('open_orders_per_market', max));
    okData(await update('open_orders_per_market', min));
  });

  it('answers 404 setting.unknown for a key that is not an operator setting', async () => {
    expectError(await update('login_use_sms', 1), 404, 'setting.unknown');
    expectError(await update('nope', 1), 404, 'setting.unknown');
  });
});

describe('admin/settings with RATE_LIMIT_FACTOR', () => {
  it('reports the factor the server multiplies the values by', async () => {
    const scaled = await createTestApp({ rateLimitFactor: 20 });
    try {
      const token = await operatorToken(scaled);
      const res = await scaled.call(CALLS.adminSettings, {}, { token });
      const view = CALLS.adminSettings.response.parse(okData(res));
      expect(view.factor).toBe(20);
      expect(view.settings.find((s) => s.key === 'order_rate_per_second')?.value).toBe(50);
    } finally {
      await scaled.close();
    }
  });
});
