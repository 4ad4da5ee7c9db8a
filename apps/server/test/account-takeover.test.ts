import { CALLS, CODE_TYPE, LIMITS, SECURITY_HOLD_S } from '@exchange/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, freezeLinks, users } from '../src/db/schema.js';
import {
  bindAddress,
  pastResendWait,
  PAY_PASSWORD,
  setPayPassword,
  TRC20_USDT,
  TRON_ADDRESS,
} from './assets-helpers.js';
import {
  createTestApp,
  expectError,
  okData,
  PASSWORD,
  signUpMobile,
  uniqueEmail,
  type TestApp,
} from './helpers.js';
import { operatorToken, trader, USDT, type Trader } from './spot-helpers.js';

/*
 * The account-takeover path of the security review: with a stolen session only, sms_mail +
 * safe/email moved the login e-mail to the attacker's address (no password, no code to the old
 * address), user/forget_password through it then took the account, and the owner was never told.
 * docs/security.md lists each step with the test below that stops it.
 */

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;
const NOTICE_SUBJECT = 'The e-mail address of your account was changed';

/** A funded victim with a trade password and a bound withdrawal address. */
async function victim(): Promise<Trader> {
  const u = await trader(t, op, { USDT: '1000' });
  await setPayPassword(t, u);
  await bindAddress(t, u);
  return u;
}

function draw(token: string, lang?: string) {
  return t.call(
    CALLS.draw,
    {
      currency_id: USDT,
      currency_protocol_id: TRC20_USDT,
      address: TRON_ADDRESS,
      number: '100',
      pay_password: PAY_PASSWORD,
    },
    { token, ...(lang ? { lang } : {}) },
  );
}

async function messagesTo(to: string) {
  return t.app.ctx.notifier.latest(to, 20);
}

async function emailOf(userId: number) {
  const [row] = await t.store.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row?.email ?? null;
}

/** The stored moment of the last change, moved back as if `hours` had passed. */
async function changedHoursAgo(userId: number, hours: number) {
  await t.store.db
    .update(users)
    .set({ securityChangedAt: new Date(Date.now() - hours * HOUR_MS) })
    .where(eq(users.id, userId));
}

/** The owner's own change: password, the new address's code and the current address's code. */
async function rebind(u: Trader, to: string) {
  okData(
    await t.call(CALLS.bindEmailCode, { user_string: to, password: PASSWORD }, { token: u.token }),
  );
  const code = await t.lastCode(to);
  const old_code = await t.lastCode(u.email);
  return okData(
    await t.call(
      CALLS.bindEmail,
      { email: to, code, old_code, password: PASSWORD },
      { token: u.token },
    ),
  );
}

/** The freeze token of the latest change notice sent to an address. */
async function freezeToken(to: string): Promise<string> {
  const notice = (await messagesTo(to)).find((m) => m.subject === NOTICE_SUBJECT);
  const token = notice?.body.match(/\/freezeAccount\?token=([0-9a-f]{64})\b/)?.[1];
  if (!token) throw new Error(`no freeze link sent to ${to}`);
  return token;
}

describe('rebinding the e-mail with a stolen session', () => {
  it('a stolen token alone is refused: sms_mail and safe/email want the login password', async () => {
    const u = await victim();
    const attacker = uniqueEmail('attacker');
    const asThief = { token: u.token };

    expectError(
      await t.call(CALLS.bindEmailCode, { user_string: attacker }, asThief),
      422,
      'account.rebind_password',
    );
    expectError(
      await t.call(CALLS.bindEmailCode, { user_string: attacker, password: 'guess1234' }, asThief),
      422,
      'account.rebind_password',
    );
    // Nothing was sent anywhere.
    expect(await messagesTo(attacker)).toEqual([]);
    expect((await messagesTo(u.email)).some((m) => m.subject.includes('address change'))).toBe(
      false,
    );

    // A bind code for the attacker's own address is still easy to get (notify/send_email)…
    okData(await t.call(CALLS.sendEmail, { to: attacker, type: CODE_TYPE.bindEmail }, asThief));
    const code = await t.lastCode(attacker);
    // …but it binds nothing without the password.
    expectError(
      await t.call(CALLS.bindEmail, { email: attacker, code }, asThief),
      422,
      'account.rebind_password',
    );
    expectError(
      await t.call(CALLS.bindEmail, { email: attacker, code, password: 'guess1234' }, asThief),
      422,
      'account.rebind_password',
    );
    // The code to the old address is not for notify/send_email.
    expectError(
      await t.call(CALLS.sendEmail, { to: u.email, type: CODE_TYPE.rebindOld }, asThief),
      422,
      'common.invalid_param',
    );
    expect(await emailOf(u.id)).toBe(u.email);
    // So the reset through the attacker's address finds no account.
    expectError(
      await t.call(CALLS.sendEmail, { to: attacker, type: CODE_TYPE.forgot }),
      404,
      'auth.account_not_found',
    );
  });

  it('with the password but not the code sent to the current address, it is refused', async () => {
    const u = await victim();
    const attacker = uniqueEmail('attacker');
    okData(
      await t.call(
        CALLS.bindEmailCode,
        { user_string: attacker, password: PASSWORD },
        { token: u.token },
      ),
    );
    const code = await t.lastCode(attacker);
    // The owner's current address got a code of its own, saying what it is for.
    const [toOwner] = await messagesTo(u.email);
    expect(toOwner?.subject).toBe('Your address change code');
    expect(toOwner?.body).toContain(attacker);

    expectError(
      await t.call(
        CALLS.bindEmail,
        { email: attacker, code, password: PASSWORD },
        { token: u.token },
      ),
      422,
      'account.rebind_old_code',
    );
    const wrong = (await t.lastCode(u.email)) === '000000' ? '111111' : '000000';
    expectError(
      await t.call(
        CALLS.bindEmail,
        { email: attacker, code, old_code: wrong, password: PASSWORD },
        { token: u.token },
      ),
      422,
      'account.rebind_old_code',
    );
    expect(await emailOf(u.id)).toBe(u.email);
    // No notice of a change that did not happen.
    expect((await messagesTo(u.email)).some((m) => m.subject === NOTICE_SUBJECT)).toBe(false);
  });

  it('wrong rebinding passwords count against the account’s sign-in limit', async () => {
    const u = await victim();
    const attacker = uniqueEmail('attacker');
    for (let i = 0; i < LIMITS.loginFailuresPerAccount; i++) {
      expectError(
        await t.call(
          CALLS.bindEmailCode,
          { user_string: attacker, password: `guess${String(i)}x` },
          { token: u.token },
        ),
        422,
        'account.rebind_password',
      );
    }
    // Locked, the right password included, and so is the sign-in.
    expectError(
      await t.call(
        CALLS.bindEmailCode,
        { user_string: attacker, password: PASSWORD },
        { token: u.token },
      ),
      429,
      'auth.login_locked',
    );
    expectError(
      await t.call(CALLS.login, { login_type: 'email', account: u.email, password: PASSWORD }),
      429,
      'auth.login_locked',
    );
  });

  it('with both, the e-mail moves, the old address is told, and withdrawals wait 24 h', async () => {
    const u = await victim();
    const to = uniqueEmail('moved');
    expect(await rebind(u, to)).toEqual({ type: 'ok', message: to, email: to });
    expect(await emailOf(u.id)).toBe(to);

    const notice = (await messagesTo(u.email)).find((m) => m.subject === NOTICE_SUBJECT);
    expect(notice?.body).toContain(`from ${u.email} to ${to}`);
    expect(notice?.body).toMatch(/\/freezeAccount\?token=[0-9a-f]{64}\b/);
    expect(notice?.body).not.toMatch(/\b\d{6}\b/);

    const held = await draw(u.token);
    expectError(held, 403, 'withdraw.security_hold');
    expect(held.body.message).toContain('24');
    expectError(await draw(u.token, 'du'), 403, 'withdraw.security_hold');
    expect((await draw(u.token, 'du')).body.message).toContain('Auszahlungen');

    // 23 hours later: still held, 1 hour left.
    await changedHoursAgo(u.id, 23);
    const later = await draw(u.token);
    expectError(later, 403, 'withdraw.security_hold');
    expect(later.body.message).toContain(' 1 h');
    // A day later: allowed.
    await changedHoursAgo(u.id, SECURITY_HOLD_S / 3600 + 0.01);
    const ok = CALLS.draw.response.parse(okData(await draw(u.token)));
    expect(ok).toMatchObject({ number: '100', status: 0 });
  });

  it('the freeze link ends every session, takes the new address off, refuses sign-in and withdrawals until a reset', async () => {
    const u = await victim();
    const attacker = uniqueEmail('attacker');
    await rebind(u, attacker);
    // The attacker signs in with the new address and the password.
    const thief = okData(
      await t.call(CALLS.login, { login_type: 'email', account: attacker, password: PASSWORD }),
    ) as string;
    const token = await freezeToken(u.email);

    expect(okData(await t.call(CALLS.freezeAccount, { token }))).toMatchObject({
      frozen_at: expect.any(Number) as number,
    });
    for (const session of [u.token, thief]) {
      expectError(
        await t.call(CALLS.info, {}, { token: session }),
        401,
        'auth.session_expired',
        999,
      );
      expectError(await draw(session), 401, 'auth.session_expired', 999);
    }
    // The owner's address is bound again; the attacker's is off the account.
    expect(await emailOf(u.id)).toBe(u.email);
    expectError(
      await t.call(CALLS.login, { login_type: 'email', account: attacker, password: PASSWORD }),
      401,
      'auth.login_failed',
    );
    expectError(
      await t.call(CALLS.sendEmail, { to: attacker, type: CODE_TYPE.forgot }),
      404,
      'auth.account_not_found',
    );
    // Frozen: the right password does not sign in.
    expectError(
      await t.call(CALLS.login, { login_type: 'email', account: u.email, password: PASSWORD }),
      403,
      'account.frozen',
    );
    // The link works once; an unknown one does nothing.
    expectError(await t.call(CALLS.freezeAccount, { token }), 404, 'account.freeze_invalid');
    expectError(
      await t.call(CALLS.freezeAccount, { token: 'f'.repeat(64) }),
      404,
      'account.freeze_invalid',
    );
    expectError(await t.call(CALLS.freezeAccount, {}), 404, 'account.freeze_invalid');
    const [audit] = await t.store.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.freeze'), eq(auditLog.actorId, u.id)));
    expect(audit?.detail).toMatchObject({ email_before: attacker, email_after: u.email });

    // The owner resets the password through the address the notice went to.
    await pastResendWait(t, u.email);
    okData(await t.call(CALLS.sendEmail, { to: u.email, type: CODE_TYPE.forgot }));
    okData(
      await t.call(CALLS.forgetPassword, {
        type: 'email',
        account: u.email,
        auth_code: await t.lastCode(u.email),
        new_password: 'fresh12345',
        secondary_password: 'fresh12345',
      }),
    );
    const back = okData(
      await t.call(CALLS.login, { login_type: 'email', account: u.email, password: 'fresh12345' }),
    ) as string;
    // The reset is itself a change: withdrawals wait a day from it.
    expectError(await draw(back), 403, 'withdraw.security_hold');
    await changedHoursAgo(u.id, 25);
    okData(await draw(back));
  });

  it('an expired freeze link does nothing; an operator lifts a freeze (audited)', async () => {
    const u = await victim();
    await rebind(u, uniqueEmail('moved'));
    const stale = await freezeToken(u.email);
    await t.store.db
      .update(freezeLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(freezeLinks.userId, u.id));
    expectError(await t.call(CALLS.freezeAccount, { token: stale }), 404, 'account.freeze_invalid');
    okData(await t.call(CALLS.info, {}, { token: u.token }));

    const moved = await emailOf(u.id);
    const second = uniqueEmail('again');
    await pastResendWait(t, moved ?? '');
    okData(
      await t.call(
        CALLS.bindEmailCode,
        { user_string: second, password: PASSWORD },
        { token: u.token },
      ),
    );
    okData(
      await t.call(
        CALLS.bindEmail,
        {
          email: second,
          code: await t.lastCode(second),
          old_code: await t.lastCode(moved ?? ''),
          password: PASSWORD,
        },
        { token: u.token },
      ),
    );
    okData(await t.call(CALLS.freezeAccount, { token: await freezeToken(moved ?? '') }));
    expect(await emailOf(u.id)).toBe(moved);
    expectError(
      await t.call(CALLS.login, { login_type: 'email', account: moved, password: PASSWORD }),
      403,
      'account.frozen',
    );

    // Only operators lift it.
    const someone = await trader(t, op);
    expectError(
      await t.call(CALLS.adminUnfreeze, { user: String(u.id) }, { token: someone.token }),
      403,
      'auth.admin_only',
    );
    expect(
      okData(await t.call(CALLS.adminUnfreeze, { user: String(u.id) }, { token: op })),
    ).toEqual({ user_id: u.id, was_frozen: true });
    const [audit] = await t.store.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'account.unfreeze'), eq(auditLog.target, `user:${String(u.id)}`)),
      );
    expect(audit?.detail).toEqual({ was_frozen: true });
    okData(await t.call(CALLS.login, { login_type: 'email', account: moved, password: PASSWORD }));
  });

  it('a first binding (no e-mail yet) needs the password, no old code, and the phone is told', async () => {
    const u = await signUpMobile(t);
    const email = uniqueEmail('first');
    expectError(
      await t.call(CALLS.bindEmailCode, { user_string: email }, { token: u.token }),
      422,
      'account.rebind_password',
    );
    // There is no current address to send a second code to.
    expectError(
      await t.call(
        CALLS.bindEmailCode,
        { user_string: email, password: PASSWORD, target: 'old' },
        { token: u.token },
      ),
      422,
      'common.invalid_param',
    );
    okData(
      await t.call(
        CALLS.bindEmailCode,
        { user_string: email, password: PASSWORD },
        { token: u.token },
      ),
    );
    const code = await t.lastCode(email);
    expectError(
      await t.call(CALLS.bindEmail, { email, code }, { token: u.token }),
      422,
      'account.rebind_password',
    );
    okData(await t.call(CALLS.bindEmail, { email, code, password: PASSWORD }, { token: u.token }));
    const phone = `+84${u.mobile}`;
    const notice = (await messagesTo(phone)).find((m) => m.subject === NOTICE_SUBJECT);
    expect(notice?.channel).toBe('sms');
    expect(notice?.body).toContain(`${email} was bound`);
    // Its link takes the address off again and freezes the account.
    okData(await t.call(CALLS.freezeAccount, { token: await freezeToken(phone) }));
    expect(await emailOf(u.id)).toBeNull();
    expectError(
      await t.call(CALLS.login, {
        login_type: 'mobile',
        account: u.mobile,
        country_code: 84,
        password: PASSWORD,
      }),
      403,
      'account.frozen',
    );
  });
});

describe('login-password changes hold withdrawals for 24 h', () => {
  it('after user/amend_password', async () => {
    const u = await victim();
    okData(
      await t.call(
        CALLS.amendPassword,
        { old_password: PASSWORD, new_password: 'newpass123', secondary_password: 'newpass123' },
        { token: u.token },
      ),
    );
    const token = okData(
      await t.call(CALLS.login, { login_type: 'email', account: u.email, password: 'newpass123' }),
    ) as string;
    expectError(await draw(token), 403, 'withdraw.security_hold');
    await changedHoursAgo(u.id, 25);
    okData(await draw(token));
  });

  it('after user/forget_password', async () => {
    const u = await victim();
    okData(await t.call(CALLS.sendEmail, { to: u.email, type: CODE_TYPE.forgot }));
    okData(
      await t.call(CALLS.forgetPassword, {
        type: 'email',
        account: u.email,
        auth_code: await t.lastCode(u.email),
        new_password: 'newpass123',
        secondary_password: 'newpass123',
      }),
    );
    const token = okData(
      await t.call(CALLS.login, { login_type: 'email', account: u.email, password: 'newpass123' }),
    ) as string;
    expectError(await draw(token), 403, 'withdraw.security_hold');
    await changedHoursAgo(u.id, 25);
    okData(await draw(token));
  });
});
