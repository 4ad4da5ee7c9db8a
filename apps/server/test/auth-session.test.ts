import { CALLS, userInfo } from '@exchange/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.js';
import { hashToken } from '../src/domains/user/index.js';
import {
  createTestApp,
  expectError,
  okData,
  PASSWORD,
  signUpEmail,
  type TestApp,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const expired = (token?: string) =>
  t.call(CALLS.info, {}, token === undefined ? {} : { token }).then((res) => {
    expectError(res, 401, 'auth.session_expired', 999);
  });

describe('user/info', () => {
  it('gives exactly the contract’s fields with their types, and no secrets', async () => {
    const before = Date.now();
    const { id, email, token } = await signUpEmail(t);
    const data = okData(await t.call(CALLS.info, {}, { token }));
    expect(Object.keys(data as object).sort()).toEqual(Object.keys(userInfo.shape).sort());
    const info = userInfo.parse(data);
    expect(info).toMatchObject({
      id,
      email,
      mobile: null,
      country_code: null,
      area_id: null,
      is_seller: false,
      review_status: 0,
      role: 'user',
    });
    expect(info.invite_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(info.created_at).toBeGreaterThanOrEqual(before - 5000);
    expect(JSON.stringify(data)).not.toMatch(/scrypt|password/);
  });

  it('answers 999 with HTTP 401 without a token, or with a garbage or over-long one', async () => {
    await expired();
    await expired('garbage');
    await expired('Bearer ');
    await expired('x'.repeat(300));
  });

  it('answers 999 once the session has expired', async () => {
    const { token } = await signUpEmail(t);
    await t.store.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await expired(token);
  });

  it('takes the token bare or as Bearer, in any case of the scheme', async () => {
    const { token, id } = await signUpEmail(t);
    for (const header of [token, `Bearer ${token}`, `bearer ${token}`, `  Bearer   ${token} `]) {
      expect(userInfo.parse(okData(await t.call(CALLS.info, {}, { token: header }))).id).toBe(id);
    }
  });
});

describe('user/logout', () => {
  it('ends this session at once, and only this one', async () => {
    const { email, token } = await signUpEmail(t);
    const other = okData(
      await t.call(CALLS.login, { login_type: 'email', account: email, password: PASSWORD }),
    );
    expect(okData(await t.call(CALLS.logout, {}, { token }))).toBeNull();
    await expired(token);
    expectError(await t.call(CALLS.logout, {}, { token }), 401, 'auth.session_expired', 999);
    okData(await t.call(CALLS.info, {}, { token: String(other) }));
  });

  it('needs a session', async () => {
    expectError(await t.call(CALLS.logout, {}), 401, 'auth.session_expired', 999);
  });
});
