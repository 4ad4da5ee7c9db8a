import { CALLS } from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;

async function login() {
  const res = await t.call(CALLS.login, {
    login_type: 'email',
    account: 'demo@exchange.test',
    password: 'demo123456',
  });
  return res.body.data as string;
}

beforeAll(async () => {
  t = await createTestApp({ sessionCacheMs: 60_000 });
});
afterAll(() => t.close());

describe('the session cache', () => {
  it('serves a known session without reading the store again', async () => {
    const token = await login();
    expect((await t.call(CALLS.info, {}, { token })).body.code).toBe(1);
    // Expired in the store behind the cache's back: the cached session is still trusted.
    await t.store.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.call(CALLS.info, {}, { token })).body.code).toBe(1);
  });

  it('forgets a session at once on logout', async () => {
    const token = await login();
    expect((await t.call(CALLS.info, {}, { token })).body.code).toBe(1);
    expect((await t.call(CALLS.logout, {}, { token })).body.code).toBe(1);
    const after = await t.call(CALLS.info, {}, { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(999);
  });

  it('forgets every session of a user at once when the password is reset', async () => {
    const token = await login();
    expect((await t.call(CALLS.info, {}, { token })).body.code).toBe(1);
    await t.call(CALLS.sendEmail, { to: 'demo@exchange.test', type: 2 });
    const code = await t.lastCode('demo@exchange.test');
    const reset = await t.call(CALLS.forgetPassword, {
      type: 'email',
      account: 'demo@exchange.test',
      new_password: 'demo123456',
      secondary_password: 'demo123456',
      auth_code: code,
    });
    expect(reset.body.code).toBe(1);
    expect((await t.call(CALLS.info, {}, { token })).body.code).toBe(999);
    const rows = await t.store.db.select().from(sessions);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('does not cache unknown tokens', async () => {
    expect((await t.call(CALLS.info, {}, { token: 'nope' })).body.code).toBe(999);
  });
});
