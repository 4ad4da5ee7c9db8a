import { CALLS, LIMITS, userInfo } from '@exchange/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { sessions, users } from '../src/db/schema.js';
import { hashToken } from '../src/domains/user/index.js';
import { DEMO_ADMIN_PASSWORD, DEMO_TRADER } from '../src/seed/seed.js';
import {
  createTestApp,
  expectError,
  okData,
  PASSWORD,
  setSetting,
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

function login(body: Record<string, unknown>, ip?: string) {
  return t.call(CALLS.login, { login_type: 'email', password: PASSWORD, ...body }, { ip });
}

describe('user/login by e-mail', () => {
  it('returns a 32-byte token that is stored only as a hash', async () => {
    const { email, id } = await signUpEmail(t);
    const token = okData(await login({ account: `  ${email.toUpperCase()} ` }));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.store.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(String(token)));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
  });

  it('answers 401 auth.login_failed alike for a wrong password and an unknown account', async () => {
    const { email } = await signUpEmail(t);
    const wrong = await login({ account: email, password: 'wrong1234' });
    const unknown = await login({ account: uniqueEmail() });
    expectError(wrong, 401, 'auth.login_failed');
    expectError(unknown, 401, 'auth.login_failed');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates with the documents’ keys', async () => {
    expectError(await login({ account: '' }), 422, 'register.emptyEmail');
    expectError(await login({ account: 'nope' }), 422, 'register.pRightEmail');
    expectError(await login({ login_type: 'mobile', account: '' }), 422, 'register.emptyPhone');
    expectError(await login({ login_type: 'mobile', account: '12' }), 422, 'register.pRightPhone');
    expectError(
      await login({ account: 'a@example.com', password: ' ' }),
      422,
      'register.emptyPassword',
    );
  });

  it('signs in the seeded demo trader and operator', async () => {
    const trader = okData(
      await login({ account: DEMO_TRADER.email, password: DEMO_TRADER.password }),
    );
    expect(typeof trader).toBe('string');
    const admin = okData(
      await login({ account: t.config.adminEmail, password: DEMO_ADMIN_PASSWORD }),
    );
    const info = userInfo.parse(okData(await t.call(CALLS.info, {}, { token: String(admin) })));
    expect(info.role).toBe('admin');
  });

  it('refuses at start an operator address that could not sign in', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'ops@exchange.local' })).toThrow(/ADMIN_EMAIL/);
    expect(loadConfig({ ADMIN_EMAIL: 'Ops@Example.com' }).adminEmail).toBe('ops@example.com');
  });

  it('refuses a disabled account, and its sessions stop working', async () => {
    const { id, email, token } = await signUpEmail(t);
    await t.store.db.update(users).set({ disabled: true }).where(eq(users.id, id));
    expectError(await login({ account: email }), 403, 'auth.account_disabled');
    expectError(await t.call(CALLS.info, {}, { token }), 401, 'auth.session_expired', 999);
  });
});

describe('user/login by mobile', () => {
  it('accepts country_code as a number, a string and with a plus sign', async () => {
    const { mobile } = await signUpMobile(t);
    for (const country_code of [84, '84', '+84']) {
      okData(await login({ login_type: 'mobile', account: mobile, country_code }));
    }
  });

  it('does not find the number in another area, and needs an area', async () => {
    const { mobile } = await signUpMobile(t);
    const other = await login({ login_type: 'mobile', account: mobile, country_code: 86 });
    expectError(other, 401, 'auth.login_failed');
    expectError(await login({ login_type: 'mobile', account: mobile }), 422, 'auth.area_invalid');
  });
});

describe('user/login with login_use_sms = 1', () => {
  afterEach(() => setSetting(t, 'login_use_sms', '0'));

  it('needs a valid login code (type 5), used once', async () => {
    const { email } = await signUpEmail(t);
    await setSetting(t, 'login_use_sms', '1');
    expectError(await login({ account: email }), 422, 'register.emptyCode');
    expectError(
      await login({ account: email, password: 'x1234567', sms_code: '1' }),
      401,
      'auth.login_failed',
    );
    okData(await t.call(CALLS.sendEmail, { to: email, type: 5 }));
    const code = await t.lastCode(email);
    const wrongCode = code === '000000' ? '000001' : '000000';
    expectError(await login({ account: email, sms_code: wrongCode }), 422, 'code.invalid');
    okData(await login({ account: email, sms_code: code }));
    expectError(await login({ account: email, sms_code: code }), 422, 'code.invalid');
  });

  it('checks a mobile login against the code sent to +{code}{mobile}', async () => {
    const { mobile } = await signUpMobile(t);
    await setSetting(t, 'login_use_sms', '1');
    okData(await t.call(CALLS.sendSms, { to: mobile, type: 5, area_id: 1 }));
    const sms_code = await t.lastCode(`+84${mobile}`);
    okData(await login({ login_type: 'mobile', account: mobile, country_code: '84', sms_code }));
  });

  it('does not ask for a code while the setting is 0', async () => {
    const { email } = await signUpEmail(t);
    okData(await login({ account: email }));
  });
});

describe('user/login failures per account (any address)', () => {
  const LIMIT = LIMITS.loginFailuresPerAccount;
  let ipSerial = 0;
  /** A client address no other request of the file used. */
  const nextIp = () => {
    ipSerial += 1;
    return `10.77.${Math.floor(ipSerial / 250)}.${(ipSerial % 250) + 1}`;
  };

  /** `LIMIT` wrong passwords, each from another address and spelled another way. */
  async function failFromEverywhere(body: Record<string, unknown>[]) {
    for (let i = 0; i < LIMIT; i++) {
      const variant = body[i % body.length] ?? {};
      const res = await login({ password: 'wrong1234', ...variant }, nextIp());
      expectError(res, 401, 'auth.login_failed');
    }
  }

  function expectLocked(res: Awaited<ReturnType<typeof login>>) {
    expectError(res, 429, 'auth.login_locked');
    const wait = Number(res.res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LIMITS.loginFailureWindowS);
    expect(res.body.message).toContain(String(wait));
  }

  it('locks an account after the limit of wrong passwords from different addresses, the right one included', async () => {
    const { email } = await signUpEmail(t);
    // The count is per account text: case and spaces do not make another account.
    await failFromEverywhere([{ account: email }, { account: ` ${email.toUpperCase()} ` }]);
    expectLocked(await login({ account: email }, nextIp()));
    expectLocked(await login({ account: email, password: 'wrong1234' }, nextIp()));
    // Other accounts sign in as before.
    const other = await signUpEmail(t);
    okData(await login({ account: other.email }, nextIp()));
  });

  it('locks an unknown account the same way, so the answers tell nothing about existence', async () => {
    const unknown = uniqueEmail();
    await failFromEverywhere([{ account: unknown }]);
    const res = await login({ account: unknown }, nextIp());
    expectLocked(res);
  });

  it('counts a mobile account by calling code and number, however the code is written', async () => {
    const { mobile } = await signUpMobile(t);
    await failFromEverywhere([
      { login_type: 'mobile', account: mobile, country_code: 84 },
      { login_type: 'mobile', account: mobile, country_code: '+84' },
    ]);
    expectLocked(await login({ login_type: 'mobile', account: mobile, country_code: '84' }));
    // The same number in another area is another account.
    expectError(
      await login({ login_type: 'mobile', account: mobile, country_code: 86 }),
      401,
      'auth.login_failed',
    );
  });

  it('keeps the lock across a restart', async () => {
    const { email } = await signUpEmail(t);
    await failFromEverywhere([{ account: email }]);
    expectLocked(await login({ account: email }, nextIp()));
    await t.restart();
    expectLocked(await login({ account: email }, nextIp()));
  });

  it('lets parallel wrong guesses through no further than the limit', async () => {
    const { email } = await signUpEmail(t);
    const results = await Promise.all(
      Array.from({ length: LIMIT + 10 }, () =>
        login({ account: email, password: 'wrong1234' }, nextIp()),
      ),
    );
    expect(results.filter((r) => r.body.error === 'auth.login_failed')).toHaveLength(LIMIT);
    expect(results.filter((r) => r.body.error === 'auth.login_locked')).toHaveLength(10);
  });
});
