import { CALLS } from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus, SESSION_REVOKED } from '../src/bus/bus.js';
import { sessions } from '../src/db/schema.js';
import { revokeSession, SessionCache } from '../src/domains/user/index.js';
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

  it('forgets a session another node revoked as soon as the bus says so', async () => {
    const bus = createMemoryBus();
    const here = new SessionCache(t.store.db, 60_000, bus);
    const there = new SessionCache(t.store.db, 60_000, bus);
    const events: unknown[] = [];
    bus.subscribe(SESSION_REVOKED, (event) => events.push(event));
    const token = await login();
    const session = await here.resolve(token);
    expect(session).not.toBeNull();
    await there.revoke(session?.sessionId ?? 0);
    expect(events).toEqual([{ kind: 'session', sessionId: session?.sessionId }]);
    expect(here.cached(token)).toBeUndefined();
    expect(await here.resolve(token)).toBeNull();
    // Revoked in the store alone, no one is told: the cache trusts the session until its TTL.
    const other = await login();
    const kept = await here.resolve(other);
    await revokeSession(t.store.db, kept?.sessionId ?? 0);
    expect(here.cached(other)).toEqual(kept);
  });

  it('does not cache unknown tokens', async () => {
    expect((await t.call(CALLS.info, {}, { token: 'nope' })).body.code).toBe(999);
  });
});
