import { CALLS, CODE_TYPE } from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectError,
  okData,
  PASSWORD,
  signUpEmail,
  signUpMobile,
  type TestApp,
  uniqueEmail,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'newpass99';

function reset(account: string, auth_code: string, extra: Record<string, unknown> = {}) {
  return t.call(CALLS.forgetPassword, {
    type: 'email',
    account,
    new_password: NEW_PASSWORD,
    secondary_password: NEW_PASSWORD,
    auth_code,
    ...extra,
  });
}

async function forgotCode(email: string) {
  okData(await t.call(CALLS.sendEmail, { to: email, type: CODE_TYPE.forgot }));
  return t.lastCode(email);
}

function login(account: string, password: string) {
  return t.call(CALLS.login, { login_type: 'email', account, password });
}

describe('user/forget_password', () => {
  it('reports the first failing rule with the documents’ keys', async () => {
    const ok = { account: 'a@example.com', auth_code: '123456' };
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'login.p_temail'],
      [{ account: 'no-at-sign' }, 'login.p_temail'],
      [{ type: 'mobile', account: 'abc' }, 'login.p_taccount'],
      [{ account: 'a@example.com' }, 'register.emptyCode'],
      [ok, 'register.emptyPassword'],
      [{ ...ok, new_password: 'abc' }, 'register.length'],
      [{ ...ok, new_password: NEW_PASSWORD }, 'register.enterPassword2'],
      [{ ...ok, new_password: NEW_PASSWORD, secondary_password: 'other999' }, 'register.unlike'],
    ];
    for (const [body, key] of cases) {
      expectError(await t.call(CALLS.forgetPassword, body), 422, key);
    }
  });

  it('answers 404 auth.account_not_found for an unknown account', async () => {
    expectError(await reset(uniqueEmail(), '123456'), 404, 'auth.account_not_found');
  });

  it('sets the new password and ends every session of the account', async () => {
    const { email, token } = await signUpEmail(t);
    const second = String(okData(await login(email, PASSWORD)));
    okData(await reset(email, await forgotCode(email)));
    for (const old of [token, second]) {
      expectError(await t.call(CALLS.info, {}, { token: old }), 401, 'auth.session_expired', 999);
    }
    expectError(await login(email, PASSWORD), 401, 'auth.login_failed');
    expect(typeof okData(await login(email, NEW_PASSWORD))).toBe('string');
  });

  it('leaves the password alone when the code is wrong, of another purpose or reused', async () => {
    const { email } = await signUpEmail(t);
    okData(await t.call(CALLS.sendEmail, { to: email, type: CODE_TYPE.login }));
    const loginCode = await t.lastCode(email);
    expectError(await reset(email, loginCode), 422, 'code.invalid');
    const code = await forgotCode(email);
    expectError(await reset(email, code === '000000' ? '000001' : '000000'), 422, 'code.invalid');
    okData(await login(email, PASSWORD));
    okData(await reset(email, code));
    expectError(
      await reset(email, code, { new_password: 'third333', secondary_password: 'third333' }),
      422,
      'code.invalid',
    );
    okData(await login(email, NEW_PASSWORD));
  });

  it('resets a mobile account with its country code', async () => {
    const { mobile } = await signUpMobile(t);
    okData(await t.call(CALLS.sendSms, { to: mobile, type: CODE_TYPE.forgot, area_id: 1 }));
    const code = await t.lastCode(`+84${mobile}`);
    okData(await reset(mobile, code, { type: 'mobile', country_code: 84 }));
    const res = await t.call(CALLS.login, {
      login_type: 'mobile',
      account: mobile,
      country_code: 84,
      password: NEW_PASSWORD,
    });
    expect(typeof okData(res)).toBe('string');
  });
});
