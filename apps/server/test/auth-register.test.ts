import { CALLS, CODE_MAX_ATTEMPTS, CODE_TTL_S, userInfo } from '@exchange/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users, verificationCodes } from '../src/db/schema.js';
import {
  createTestApp,
  expectError,
  okData,
  PASSWORD,
  signUpEmail,
  signUpMobile,
  type TestApp,
  uniqueEmail,
  uniqueMobile,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A fresh address with a register code sent to it. */
async function withCode(email = uniqueEmail()) {
  okData(await t.call(CALLS.sendEmail, { to: email, type: 1 }));
  return { email, code: await t.lastCode(email) };
}

function register(account: string, sms_code: string, extra: Record<string, unknown> = {}) {
  return t.call(CALLS.register, {
    type: 'email',
    account,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code,
    ...extra,
  });
}

async function userRow(email: string) {
  const [row] = await t.store.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** A wrong code for the same address: differs from the right one in every case. */
function wrong(code: string, k: number) {
  return String((Number(code) + k) % 1_000_000).padStart(6, '0');
}

describe('user/register', () => {
  it('registers an e-mail account; the password is stored as a scrypt hash', async () => {
    const { email, code } = await withCode(uniqueEmail('Mixed'));
    const { id } = okData(await register(`  ${email}  `, code)) as { id: number };
    const row = await userRow(email.toLowerCase());
    expect(row?.id).toBe(id);
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it('registers a mobile account in the chosen area', async () => {
    const mobile = uniqueMobile();
    const { token } = await signUpMobile(t, mobile, 2, '1');
    const info = userInfo.parse(okData(await t.call(CALLS.info, {}, { token })));
    expect(info).toMatchObject({ mobile, email: null, country_code: '1', area_id: 2 });
  });

  it('reports the first failing rule in the screen’s order', async () => {
    const email = { type: 'email', account: 'a@example.com' };
    const mobile = { type: 'mobile', account: '912345678', area_id: 1 };
    const full = { sms_code: '123456', password: PASSWORD, re_password: PASSWORD };
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'register.emptyEmail'],
      [{ type: 'email', account: '   ' }, 'register.emptyEmail'],
      [{ type: 'email', account: 'not-an-email' }, 'register.pRightEmail'],
      [{ type: 'email', account: 'a@example.toolong' }, 'register.pRightEmail'],
      [{ type: 'mobile' }, 'register.emptyPhone'],
      [{ type: 'mobile', account: '12345' }, 'register.pRightPhone'],
      [{ type: 'mobile', account: '91234567a' }, 'register.pRightPhone'],
      [email, 'register.emptyCode'],
      [{ ...mobile }, 'register.emptyCode'],
      [{ ...email, sms_code: '123456' }, 'register.emptyPassword'],
      [{ ...email, sms_code: '123456', password: 'abc12' }, 'register.length'],
      [{ ...email, sms_code: '123456', password: 'a'.repeat(17) }, 'register.length'],
      [{ ...email, sms_code: '123456', password: 'abc 123!' }, 'register.length'],
      [{ ...email, sms_code: '123456', password: PASSWORD }, 'register.enterPassword2'],
      [{ ...email, ...full, re_password: 'abc99999' }, 'register.unlike'],
    ];
    for (const [body, key] of cases) {
      expectError(await t.call(CALLS.register, body), 422, key);
    }
    expect(await userRow('a@example.com')).toBeUndefined();
  });

  it('refuses an existing account with 409 auth.account_exists', async () => {
    const { email } = await signUpEmail(t);
    expectError(await register(email.toUpperCase(), '123456'), 409, 'auth.account_exists');
    const { mobile } = await signUpMobile(t);
    const again = { type: 'mobile', area_id: 1 };
    expectError(await register(mobile, '123456', again), 409, 'auth.account_exists');
  });

  it('needs a known area for a mobile account', async () => {
    const mobile = uniqueMobile();
    for (const area of [{}, { area_id: 9999 }]) {
      const res = await register(mobile, '123456', { type: 'mobile', ...area });
      expectError(res, 422, 'auth.area_invalid');
    }
  });
});

describe('invitation codes', () => {
  it('links the new user to the referrer (the code is not case-sensitive)', async () => {
    const referrer = await signUpEmail(t);
    const { invite_code } = userInfo.parse(
      okData(await t.call(CALLS.info, {}, { token: referrer.token })),
    );
    const { email, code } = await withCode();
    okData(await register(email, code, { invite_code: invite_code.toLowerCase() }));
    expect((await userRow(email))?.referrerId).toBe(referrer.id);
  });

  it('refuses an unknown invitation without spending the code', async () => {
    const { email, code } = await withCode();
    expectError(
      await register(email, code, { invite_code: 'NOPE2345' }),
      422,
      'auth.invite_invalid',
    );
    expect(await userRow(email)).toBeUndefined();
    okData(await register(email, code));
    expect((await userRow(email))?.referrerId).toBeNull();
  });
});

describe('register codes', () => {
  it('refuses a wrong code, a code never sent and a code sent to another address', async () => {
    const { email, code } = await withCode();
    expectError(await register(email, wrong(code, 1)), 422, 'code.invalid');
    expectError(await register(uniqueEmail(), code), 422, 'code.invalid');
    expect(await userRow(email)).toBeUndefined();
  });

  it('refuses an expired code with code.expired', async () => {
    const { email, code } = await withCode();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (CODE_TTL_S + 1) * 1000);
    expectError(await register(email, code), 422, 'code.expired');
  });

  it('honours the stored expiry of the code', async () => {
    const { email, code } = await withCode();
    await t.store.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.address, email));
    expectError(await register(email, code), 422, 'code.expired');
  });

  it('uses a code once: a double submit creates one account', async () => {
    const { email, code } = await withCode();
    const results = await Promise.all([register(email, code), register(email, code)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const failed = results.find((r) => r.status !== 200);
    expect(['code.invalid', 'auth.account_exists']).toContain(failed?.body.error);
    const rows = await t.store.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it(`locks the code after ${CODE_MAX_ATTEMPTS} wrong attempts, even for the right code`, async () => {
    const { email, code } = await withCode();
    for (let k = 1; k < CODE_MAX_ATTEMPTS; k++) {
      expectError(await register(email, wrong(code, k)), 422, 'code.invalid');
    }
    expectError(await register(email, wrong(code, 99)), 422, 'code.attempts_exceeded');
    expectError(await register(email, code), 422, 'code.attempts_exceeded');
    expect(await userRow(email)).toBeUndefined();
  });

  it('counts parallel guesses: at most the limit is ever checked', async () => {
    const { email, code } = await withCode();
    const guesses = Array.from({ length: 30 }, (_, k) => register(email, wrong(code, k + 1)));
    const errors = (await Promise.all(guesses)).map((r) => r.body.error);
    expect(errors.filter((e) => e === 'code.invalid').length).toBeLessThan(CODE_MAX_ATTEMPTS);
    expect(errors.filter((e) => e === 'code.attempts_exceeded').length).toBeGreaterThan(0);
    expectError(await register(email, code), 422, 'code.attempts_exceeded');
    const [row] = await t.store.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.address, email));
    expect(row?.attempts).toBe(CODE_MAX_ATTEMPTS);
  });
});
