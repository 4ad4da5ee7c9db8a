import { CALLS } from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('register and login by e-mail', () => {
  it('registers with a code from the outbox, logs in and reads user info', async () => {
    const email = 'smoke@example.com';
    const sent = await t.call(CALLS.sendEmail, { to: email, type: 1 });
    expect(sent.body.code).toBe(1);
    const code = await t.lastCode(email);
    const reg = await t.call(CALLS.register, {
      type: 'email',
      account: email,
      password: 'abc12345',
      re_password: 'abc12345',
      sms_code: code,
    });
    expect(reg.body).toMatchObject({ code: 1 });
    const login = await t.call(CALLS.login, {
      login_type: 'email',
      account: email,
      password: 'abc12345',
    });
    expect(login.body.code).toBe(1);
    const token = login.body.data as string;
    const info = await t.call(CALLS.info, {}, { token });
    expect(info.body.data).toMatchObject({ email, is_seller: false, review_status: 0 });
  });
});
