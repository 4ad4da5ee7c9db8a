import { CALLS, CODE_RESEND_S, CODE_TYPE } from '@exchange/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox, verificationCodes } from '../src/db/schema.js';
import { codesReadable, outboxBanner, productionDeliveryProblem } from '../src/notify/delivery.js';
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

/** Moves the clock the server reads (only Date: the database drivers keep their timers). */
function advance(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

describe('notify/send_email', () => {
  it('sends a 6-digit register code to a new address and stores only its hash', async () => {
    const email = uniqueEmail();
    expect(okData(await t.call(CALLS.sendEmail, { to: email, type: 1 }))).toEqual({
      resend_after_s: CODE_RESEND_S,
    });
    const code = await t.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.store.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.address, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);
  });

  it('refuses a register code for an address that is already registered', async () => {
    const { email } = await signUpEmail(t);
    expectError(await t.call(CALLS.sendEmail, { to: email, type: 1 }), 409, 'auth.account_exists');
  });

  it('sends forgot (2) and login (5) codes only to registered addresses', async () => {
    const { email } = await signUpEmail(t);
    for (const type of [CODE_TYPE.forgot, CODE_TYPE.login]) {
      expectError(
        await t.call(CALLS.sendEmail, { to: uniqueEmail(), type }),
        404,
        'auth.account_not_found',
      );
      okData(await t.call(CALLS.sendEmail, { to: email, type }));
    }
  });

  it('sends a pay-password code (3) only to the signed-in user’s own address', async () => {
    const me = await signUpEmail(t);
    const other = await signUpEmail(t);
    expectError(
      await t.call(CALLS.sendEmail, { to: me.email, type: 3 }),
      401,
      'auth.session_expired',
      999,
    );
    expectError(
      await t.call(CALLS.sendEmail, { to: other.email, type: 3 }, { token: me.token }),
      403,
      'code.not_own_account',
    );
    expectError(
      await t.call(CALLS.sendEmail, { to: uniqueEmail(), type: 3 }, { token: me.token }),
      403,
      'code.not_own_account',
    );
    okData(await t.call(CALLS.sendEmail, { to: me.email, type: 3 }, { token: me.token }));
  });

  it('refuses an unknown code type', async () => {
    for (const type of [0, 6, 7, 'x', null]) {
      const res = await t.call(CALLS.sendEmail, { to: uniqueEmail(), type });
      expectError(res, 422, 'common.invalid_param');
      expect(res.body.details?.[0]?.field).toBe('type');
    }
  });

  it('sends a bind-e-mail code (type 4) only to a signed-in user, for an unused address', async () => {
    expectError(
      await t.call(CALLS.sendEmail, { to: uniqueEmail(), type: 4 }),
      401,
      'auth.session_expired',
      999,
    );
  });

  it('validates the address with the documents’ keys', async () => {
    expectError(await t.call(CALLS.sendEmail, { to: '', type: 1 }), 422, 'register.emptyEmail');
    expectError(await t.call(CALLS.sendEmail, { to: 'a@b', type: 1 }), 422, 'register.pRightEmail');
  });
});

describe('the 60 s resend guard', () => {
  it('answers 429 code.resend_wait with retry-after until 60 s have passed', async () => {
    const email = uniqueEmail();
    okData(await t.call(CALLS.sendEmail, { to: email, type: 1 }));
    const again = await t.call(CALLS.sendEmail, { to: email, type: 1 });
    expectError(again, 429, 'code.resend_wait');
    const retryAfter = Number(again.res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CODE_RESEND_S);
    expect(again.body.message).toContain(String(retryAfter));

    advance(CODE_RESEND_S - 5);
    expectError(await t.call(CALLS.sendEmail, { to: email, type: 1 }), 429, 'code.resend_wait');
    advance(6);
    okData(await t.call(CALLS.sendEmail, { to: email, type: 1 }));
  });

  it('is kept per address and per purpose', async () => {
    const { email } = await signUpEmail(t);
    okData(await t.call(CALLS.sendEmail, { to: email, type: CODE_TYPE.forgot }));
    okData(await t.call(CALLS.sendEmail, { to: email, type: CODE_TYPE.login }));
    okData(await t.call(CALLS.sendEmail, { to: uniqueEmail(), type: 1 }));
  });

  it('a new code replaces the earlier one', async () => {
    const email = uniqueEmail();
    okData(await t.call(CALLS.sendEmail, { to: email, type: 1 }));
    const first = await t.lastCode(email);
    advance(CODE_RESEND_S + 1);
    okData(await t.call(CALLS.sendEmail, { to: email, type: 1 }));
    const second = await t.lastCode(email);
    const body = { account: email, password: PASSWORD, re_password: PASSWORD };
    if (first !== second) {
      expectError(await t.call(CALLS.register, { ...body, sms_code: first }), 422, 'code.invalid');
    }
    okData(await t.call(CALLS.register, { ...body, sms_code: second }));
  });
});

describe('notify/send_sms', () => {
  it('sends to +{global_code}{mobile} of the chosen area', async () => {
    const mobile = uniqueMobile();
    okData(await t.call(CALLS.sendSms, { to: mobile, type: 1, area_id: 1 }));
    expect(await t.lastCode(`+84${mobile}`)).toMatch(/^\d{6}$/);
    // The same number in another area (2: United States, +1) is another address.
    okData(await t.call(CALLS.sendSms, { to: mobile, type: 1, area_id: 2 }));
    expect(await t.lastCode(`+1${mobile}`)).toMatch(/^\d{6}$/);
  });

  it('refuses a missing or unknown area with auth.area_invalid', async () => {
    const to = uniqueMobile();
    expectError(await t.call(CALLS.sendSms, { to, type: 1 }), 422, 'auth.area_invalid');
    expectError(
      await t.call(CALLS.sendSms, { to, type: 1, area_id: 9999 }),
      422,
      'auth.area_invalid',
    );
  });

  it('validates the number with the documents’ keys', async () => {
    expectError(
      await t.call(CALLS.sendSms, { to: '', type: 1, area_id: 1 }),
      422,
      'register.emptyPhone',
    );
    for (const to of ['12345', '12ab5678', '+84912345678', '1234567890123456']) {
      expectError(
        await t.call(CALLS.sendSms, { to, type: 1, area_id: 1 }),
        422,
        'register.pRightPhone',
      );
    }
  });

  it('applies the same purpose rules and resend guard as e-mail', async () => {
    const me = await signUpMobile(t);
    const other = await signUpMobile(t);
    expectError(
      await t.call(CALLS.sendSms, { to: me.mobile, type: 1, area_id: 1 }),
      409,
      'auth.account_exists',
    );
    expectError(
      await t.call(CALLS.sendSms, { to: other.mobile, type: 3, area_id: 1 }, { token: me.token }),
      403,
      'code.not_own_account',
    );
    okData(
      await t.call(CALLS.sendSms, { to: me.mobile, type: 3, area_id: 1 }, { token: me.token }),
    );
    expectError(
      await t.call(CALLS.sendSms, { to: me.mobile, type: 3, area_id: 1 }, { token: me.token }),
      429,
      'code.resend_wait',
    );
  });
});

describe('the dev outbox', () => {
  const read = (to: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/dev/outbox', query: { to }, remoteAddress, headers });

  it('answers only this machine, by the connection’s address', async () => {
    const email = uniqueEmail();
    okData(await t.call(CALLS.sendEmail, { to: email, type: 1 }));
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await read(email, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.json<{ data: { body: string }[] }>().data[0]?.body, address).toMatch(/\d{6}/);
    }
    for (const address of ['203.0.113.5', '10.0.0.1', '::ffff:10.0.0.1', '2001:db8::1']) {
      const res = await read(email, address);
      expectError({ status: res.statusCode, body: res.json() }, 404, 'common.not_found');
      expect(res.body, address).not.toMatch(/\d{6}/);
    }
    // The same 404 as an unknown call, before the query is even read.
    const bare = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '203.0.113.5',
    });
    expectError({ status: bare.statusCode, body: bare.json() }, 404, 'common.not_found');
  });

  it('is not local when a proxy forwarded the request, whatever it claims', async () => {
    const email = uniqueEmail();
    okData(await t.call(CALLS.sendEmail, { to: email, type: 1 }));
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of forwarded) {
      const res = await read(email, '127.0.0.1', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
    }
    const proxied = await createTestApp({ trustProxy: true });
    try {
      okData(await proxied.call(CALLS.sendEmail, { to: email, type: 1 }));
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        query: { to: email },
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(404);
      expect(await proxied.lastCode(email)).toMatch(/^\d{6}$/);
    } finally {
      await proxied.close();
    }
  });

  it('shows only what it delivered itself, not what went out by SMTP or SMS', async () => {
    const email = uniqueEmail();
    await t.store.db.insert(outbox).values({
      channel: 'email',
      recipient: email,
      subject: 'sent',
      body: 'code 123456',
      transport: 'smtp',
      deliveredAt: new Date(),
    });
    const res = await read(email, '127.0.0.1');
    expect(res.json<{ data: unknown[] }>().data).toEqual([]);
  });
});

describe('who may read codes', () => {
  const dev = { production: false, smtpUrl: undefined, smsWebhookUrl: undefined };
  const smtp = 'smtp://mail.example.com';
  const sms = 'https://sms.example.com/send';

  it('codes are readable outside production for a channel without a transport', () => {
    expect(codesReadable(dev)).toBe(true);
    expect(codesReadable({ ...dev, smtpUrl: smtp })).toBe(true);
    expect(codesReadable({ ...dev, smtpUrl: smtp, smsWebhookUrl: sms })).toBe(false);
    expect(codesReadable({ ...dev, production: true })).toBe(false);
  });

  it('production refuses to start unless every channel has a transport', () => {
    const prod = { ...dev, production: true };
    expect(productionDeliveryProblem(prod)).toMatch(/SMTP_URL and SMS_WEBHOOK_URL/);
    expect(productionDeliveryProblem({ ...prod, smtpUrl: smtp })).toMatch(/SMS_WEBHOOK_URL/);
    expect(productionDeliveryProblem({ ...prod, smsWebhookUrl: sms })).toMatch(/SMTP_URL/);
    expect(productionDeliveryProblem({ ...prod, smtpUrl: smtp, smsWebhookUrl: sms })).toBeNull();
    expect(productionDeliveryProblem(dev)).toBeNull();
  });

  it('the start-up banner names the outbox loudly while codes are readable', () => {
    const url = 'http://localhost:8080';
    const banner = outboxBanner(dev, url);
    expect(banner.some((line) => line.includes(`${url}/api/dev/outbox`))).toBe(true);
    expect(banner.join('\n')).toMatch(/NOT sent/);
    expect(banner.join('\n')).toMatch(/reset any password/);
    expect(outboxBanner({ ...dev, smtpUrl: smtp, smsWebhookUrl: sms }, url)).toEqual([]);
    expect(outboxBanner({ ...dev, production: true }, url)).toEqual([]);
  });
});
