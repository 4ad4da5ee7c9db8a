import { CALLS } from '@exchange/contract';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttles } from '../src/db/schema.js';
import { createTestApp, expectError, okData, type TestApp, uniqueEmail } from './helpers.js';

let t: TestApp;
const WINDOW = { windowMs: 60_000 };
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      login: { max: 3, ...WINDOW },
      register: { max: 2, ...WINDOW },
      code: { max: 2, ...WINDOW },
      password: { max: 2, ...WINDOW },
    },
  });
});
afterAll(() => t.close());

const badLogin = (ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${CALLS.login.path}`,
    payload: { account: 'nobody@example.com', password: 'abc12345' },
    headers,
    remoteAddress: ip,
  });

describe('rate limits', () => {
  it('answers 429 common.too_many_requests with retry-after once the login limit is reached', async () => {
    const ip = '10.0.0.1';
    for (let i = 0; i < 3; i++) {
      expect((await badLogin(ip)).statusCode).toBe(401);
    }
    const res = await badLogin(ip);
    expectError({ status: res.statusCode, body: res.json() }, 429, 'common.too_many_requests');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts per client address, which a forged X-Forwarded-For does not change', async () => {
    for (let i = 0; i < 4; i++) {
      await badLogin('10.0.0.2', { 'x-forwarded-for': `192.0.2.${i}` });
    }
    expect((await badLogin('10.0.0.2', { 'x-forwarded-for': '192.0.2.99' })).statusCode).toBe(429);
    expect((await badLogin('10.0.0.3')).statusCode).toBe(401);
  });

  it('limits code sending whatever the address', async () => {
    const ip = '10.0.0.4';
    for (let i = 0; i < 2; i++) {
      okData(await t.call(CALLS.sendEmail, { to: uniqueEmail(), type: 1 }, { ip }));
    }
    const res = await t.call(CALLS.sendEmail, { to: uniqueEmail(), type: 1 }, { ip });
    expectError(res, 429, 'common.too_many_requests');
  });

  it('limits register and forget_password', async () => {
    const ip = '10.0.0.5';
    const reg = {
      account: 'a@example.com',
      password: 'abc123',
      re_password: 'abc123',
      sms_code: '1',
    };
    const reset = { ...reg, new_password: 'abc123', secondary_password: 'abc123', auth_code: '1' };
    for (let i = 0; i < 2; i++) {
      expect((await t.call(CALLS.register, reg, { ip })).status).toBe(422);
      expect((await t.call(CALLS.forgetPassword, reset, { ip })).status).toBe(404);
    }
    expectError(await t.call(CALLS.register, reg, { ip }), 429, 'common.too_many_requests');
    expectError(await t.call(CALLS.forgetPassword, reset, { ip }), 429, 'common.too_many_requests');
  });

  it('leaves calls without a bucket alone, and keeps no count for them', async () => {
    for (let i = 0; i < 20; i++) {
      okData(await t.call(CALLS.newsCategories, {}, { ip: '10.0.0.6' }));
    }
    const counted = await t.store.db
      .select({ key: throttles.key })
      .from(throttles)
      .where(like(throttles.key, '%10.0.0.6%'));
    expect(counted).toEqual([]);
  });

  it('keeps an exhausted bucket across a restart', async () => {
    const ip = '10.0.0.7';
    for (let i = 0; i < 3; i++) {
      expect((await badLogin(ip)).statusCode).toBe(401);
    }
    expect((await badLogin(ip)).statusCode).toBe(429);
    const [row] = await t.store.db
      .select({ count: throttles.count })
      .from(throttles)
      .where(eq(throttles.key, `rate|POST /api/${CALLS.login.path}|${ip}`));
    expect(row?.count).toBe(4);
    await t.restart();
    const res = await badLogin(ip);
    expectError({ status: res.statusCode, body: res.json() }, 429, 'common.too_many_requests');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address still has its allowance.
    expect((await badLogin('10.0.0.8')).statusCode).toBe(401);
  });
});
