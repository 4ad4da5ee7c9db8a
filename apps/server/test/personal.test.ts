import { CALLS, WS_CLOSE_SESSION_ENDED } from '@exchange/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLog } from '../src/db/schema.js';
import {
  createTestApp,
  expectError,
  okData,
  PASSWORD,
  signUpEmail,
  signUpMobile,
  type Member,
  type TestApp,
} from './helpers.js';
import { operatorToken } from './spot-helpers.js';
import { png, postForm, uploadImage } from './upload-helpers.js';

let t: TestApp;
let op: string;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

const info = async (u: Member) =>
  CALLS.info.response.parse(okData(await t.call(CALLS.info, {}, { token: u.token })));

describe('security settings', () => {
  it('shows the security level: 50, +25 phone, +25 e-mail, +25 approved identity', async () => {
    const byEmail = await signUpEmail(t);
    expect((await info(byEmail)).security_level).toBe(75);
    const byMobile = await signUpMobile(t);
    expect((await info(byMobile)).security_level).toBe(75);
  });

  it('keeps the authorization code until it is replaced', async () => {
    const u = await signUpEmail(t);
    const first = CALLS.authorizationCode.response.parse(
      okData(await t.call(CALLS.authorizationCode, {}, { token: u.token })),
    );
    expect(first.code).toMatch(/^[A-Z2-9]{12}$/);
    const again = okData(await t.call(CALLS.authorizationCode, {}, { token: u.token }));
    expect(again).toEqual(first);
    const fresh = CALLS.newAuthorizationCode.response.parse(
      okData(await t.call(CALLS.newAuthorizationCode, {}, { token: u.token })),
    );
    expect(fresh.code).not.toBe(first.code);
    expect(okData(await t.call(CALLS.authorizationCode, {}, { token: u.token }))).toEqual(fresh);
    const other = await signUpEmail(t);
    expect(
      (
        okData(await t.call(CALLS.authorizationCode, {}, { token: other.token })) as {
          code: string;
        }
      ).code,
    ).not.toBe(fresh.code);
    expectError(await t.call(CALLS.authorizationCode, {}), 401, 'auth.session_expired', 999);
  });

  it('changes the login password: every session and socket ends, the old password stops', async () => {
    const u = await signUpEmail(t);
    const second = okData(
      await t.call(CALLS.login, { login_type: 'email', account: u.email, password: PASSWORD }),
    ) as string;
    const cases: [Record<string, unknown>, string][] = [
      [
        { old_password: '', new_password: 'newpass123', secondary_password: 'newpass123' },
        'login.enterOld',
      ],
      [{ old_password: PASSWORD, new_password: '', secondary_password: '' }, 'login.p_pwd'],
      [
        { old_password: PASSWORD, new_password: 'ab1', secondary_password: 'ab1' },
        'login.p_simple',
      ],
      [
        { old_password: PASSWORD, new_password: 'newpass123', secondary_password: 'newpass124' },
        'login.p_t_notpwd',
      ],
      [
        { old_password: 'wrong1234', new_password: 'newpass123', secondary_password: 'newpass123' },
        'password.wrong_old',
      ],
      [
        { old_password: PASSWORD, new_password: PASSWORD, secondary_password: PASSWORD },
        'password.same',
      ],
    ];
    for (const [params, key] of cases)
      expectError(await t.call(CALLS.amendPassword, params, { token: u.token }), 422, key);
    // Nothing changed: both sessions still work.
    okData(await t.call(CALLS.info, {}, { token: second }));

    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const frames: string[] = [];
    socket.on('message', (d: Buffer) => frames.push(d.toString('utf8')));
    socket.send(JSON.stringify({ type: 'login', params: second }));
    for (let i = 0; i < 40 && !frames.length; i++) await new Promise((r) => setTimeout(r, 25));
    expect(JSON.parse(frames[0] ?? '{}')).toEqual({ type: 'login', code: 1 });
    const closed = new Promise<number>((resolve) =>
      socket.once('close', (code: number) => resolve(code)),
    );

    const changedAt = Date.now();
    expect(
      okData(
        await t.call(
          CALLS.amendPassword,
          { old_password: PASSWORD, new_password: 'newpass123', secondary_password: 'newpass123' },
          { token: u.token },
        ),
      ),
    ).toBeNull();
    expect(await closed).toBe(WS_CLOSE_SESSION_ENDED);
    expect(Date.now() - changedAt).toBeLessThan(2000);
    expectError(await t.call(CALLS.info, {}, { token: u.token }), 401, 'auth.session_expired', 999);
    expectError(await t.call(CALLS.info, {}, { token: second }), 401, 'auth.session_expired', 999);
    expectError(
      await t.call(CALLS.login, { login_type: 'email', account: u.email, password: PASSWORD }),
      401,
      'auth.login_failed',
    );
    okData(
      await t.call(CALLS.login, { login_type: 'email', account: u.email, password: 'newpass123' }),
    );
  });

  it('binds an e-mail with the code sent to it; a taken address or a wrong code changes nothing', async () => {
    const u = await signUpMobile(t);
    const taken = await signUpEmail(t);
    const email = `bind${String(Date.now())}@example.com`;
    expectError(
      await t.call(
        CALLS.bindEmailCode,
        { user_string: 'not-an-email', password: PASSWORD },
        { token: u.token },
      ),
      422,
      'register.pRightEmail',
    );
    expectError(
      await t.call(
        CALLS.bindEmailCode,
        { user_string: taken.email, password: PASSWORD },
        { token: u.token },
      ),
      409,
      'email.taken',
    );
    expectError(
      await t.call(CALLS.bindEmailCode, { user_string: email, password: PASSWORD }),
      401,
      'auth.session_expired',
      999,
    );
    okData(
      await t.call(
        CALLS.bindEmailCode,
        { user_string: email, password: PASSWORD },
        { token: u.token },
      ),
    );
    const code = await t.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(
      await t.call(CALLS.bindEmail, { email, code: wrong, password: PASSWORD }, { token: u.token }),
      422,
      'code.invalid',
    );
    expectError(
      await t.call(CALLS.bindEmail, { email: '', code, password: PASSWORD }, { token: u.token }),
      422,
      'register.emptyEmail',
    );
    expect((await info(u)).email).toBeNull();
    expect(
      okData(
        await t.call(CALLS.bindEmail, { email, code, password: PASSWORD }, { token: u.token }),
      ),
    ).toEqual({
      type: 'ok',
      message: email,
      email,
    });
    const after = await info(u);
    expect(after.email).toBe(email);
    expect(after.security_level).toBe(100);
    // The same code cannot be used twice; the address is now bound.
    expectError(
      await t.call(CALLS.bindEmail, { email, code, password: PASSWORD }, { token: u.token }),
      422,
      'email.same',
    );
  });
});

describe('identity verification', () => {
  async function photos(u: Member) {
    return {
      front_pic: await uploadImage(t, u.token),
      reverse_pic: await uploadImage(t, u.token, png({ rgb: [1, 2, 3] })),
      hand_pic: await uploadImage(t, u.token, png({ rgb: [9, 9, 9] })),
    };
  }

  it('refuses bad photos: another user’s upload, a renamed non-image, an oversize file', async () => {
    const u = await signUpEmail(t);
    const other = await signUpEmail(t);
    const mine = await photos(u);
    const theirs = await uploadImage(t, other.token);
    expectError(
      await t.call(
        CALLS.identitySubmit,
        { name: 'Ann Lee', card_id: 'A1234567', ...mine, hand_pic: theirs },
        { token: u.token },
      ),
      422,
      'upload.not_own',
    );
    expectError(
      await t.call(
        CALLS.identitySubmit,
        {
          name: 'Ann Lee',
          card_id: 'A1234567',
          ...mine,
          front_pic: '/api/upload/../../etc/passwd',
        },
        { token: u.token },
      ),
      422,
      'upload.not_own',
    );
    const renamed = await postForm(
      t,
      [
        {
          name: 'file',
          data: Buffer.from('%PDF-1.4 not an image'),
          filename: 'id.jpg',
          type: 'image/jpeg',
        },
      ],
      { token: u.token },
    );
    expect(renamed.status).toBe(415);
    expect(renamed.body.error).toBe('upload.type');
    const big = await postForm(
      t,
      [
        {
          name: 'file',
          data: Buffer.alloc(6 * 1024 * 1024, 1),
          filename: 'id.png',
          type: 'image/png',
        },
      ],
      { token: u.token },
    );
    expect(big.status).toBe(413);
    for (const [params, key] of [
      [{ card_id: 'A1234567', ...mine }, 'collect.p_name'],
      [{ name: 'Ann Lee', ...mine }, 'collect.p_cardno'],
      [{ name: 'Ann Lee', card_id: 'A1234567', ...mine, front_pic: '' }, 'collect.up_cardz'],
      [{ name: 'Ann Lee', card_id: 'A1234567', ...mine, reverse_pic: '' }, 'collect.up_cardf'],
      [{ name: 'Ann Lee', card_id: 'A1234567', ...mine, hand_pic: '' }, 'collect.up_cardhand'],
      [{ name: 'Ann Lee', card_id: 'A1 <b>', ...mine }, 'identity.card_id'],
    ] as const) {
      expectError(await t.call(CALLS.identitySubmit, params, { token: u.token }), 422, key);
    }
    expect(okData(await t.call(CALLS.identityCenter, {}, { token: u.token }))).toMatchObject({
      review_status: 0,
    });
  });

  it('goes pending → rejected with the reason → resubmitted → approved, each decision audited once', async () => {
    const u = await signUpEmail(t);
    const first = await photos(u);
    expect(
      okData(
        await t.call(
          CALLS.identitySubmit,
          { name: 'Ann Lee', card_id: 'A1234567', ...first },
          { token: u.token },
        ),
      ),
    ).toEqual({ review_status: 1 });
    expect((await info(u)).review_status).toBe(1);
    expectError(
      await t.call(
        CALLS.identitySubmit,
        { name: 'Ann Lee', card_id: 'A1234567', ...first },
        { token: u.token },
      ),
      409,
      'identity.pending',
    );
    const queue = CALLS.adminIdentities.response.parse(
      okData(await t.call(CALLS.adminIdentities, { status: 1 }, { token: op })),
    );
    const mine = queue.data.find((r) => r.user.id === u.id);
    if (!mine) throw new Error('not in the queue');
    expect(mine).toMatchObject({
      name: 'Ann Lee',
      card_id: 'A1234567',
      review_status: 1,
      ...first,
    });
    expect(mine.user.account).toBe(u.email);
    // The operator reads the photos; another user may not.
    const photo = await t.app.inject({
      method: 'GET',
      url: mine.front_pic,
      headers: { authorization: op },
    });
    expect(photo.statusCode).toBe(200);
    const stranger = await signUpEmail(t);
    const hidden = await t.app.inject({
      method: 'GET',
      url: mine.front_pic,
      headers: { authorization: stranger.token },
    });
    expect(hidden.statusCode).toBe(403);

    expectError(
      await t.call(CALLS.adminIdentityApprove, { id: mine.id }, { token: u.token }),
      403,
      'auth.admin_only',
    );
    expectError(
      await t.call(CALLS.adminIdentityReject, { id: mine.id, reason: '' }, { token: op }),
      422,
      'identity.p_reason',
    );
    const rejected = CALLS.adminIdentityReject.response.parse(
      okData(
        await t.call(
          CALLS.adminIdentityReject,
          { id: mine.id, reason: 'The photo is blurred' },
          { token: op },
        ),
      ),
    );
    expect(rejected).toMatchObject({ review_status: 3, descript: 'The photo is blurred' });
    expectError(
      await t.call(CALLS.adminIdentityApprove, { id: mine.id }, { token: op }),
      409,
      'review.done',
    );
    expect(okData(await t.call(CALLS.identityCenter, {}, { token: u.token }))).toMatchObject({
      review_status: 3,
      descript: 'The photo is blurred',
      name: 'Ann Lee',
      card_id: '****4567',
    });

    const second = await photos(u);
    okData(
      await t.call(
        CALLS.identitySubmit,
        { name: 'Ann Lee', card_id: 'A1234567', ...second },
        { token: u.token },
      ),
    );
    const again = CALLS.adminIdentities.response
      .parse(okData(await t.call(CALLS.adminIdentities, { status: 1 }, { token: op })))
      .data.find((r) => r.user.id === u.id);
    if (!again) throw new Error('resubmission not in the queue');
    expect(again.id).not.toBe(mine.id);
    okData(await t.call(CALLS.adminIdentityApprove, { id: again.id }, { token: op }));
    expect(await info(u)).toMatchObject({ review_status: 2, security_level: 100 });
    expectError(
      await t.call(
        CALLS.identitySubmit,
        { name: 'Ann Lee', card_id: 'A1234567', ...second },
        { token: u.token },
      ),
      409,
      'identity.approved',
    );
    const audits = await t.store.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${String(u.id)}`));
    expect(audits.map((a) => a.action).sort()).toEqual(['identity.approve', 'identity.reject']);
    expect(
      CALLS.adminIdentities.response
        .parse(okData(await t.call(CALLS.adminIdentities, { status: 2 }, { token: op })))
        .data.some((r) => r.id === again.id),
    ).toBe(true);
  });
});

describe('receiving methods and bank', () => {
  it('saves one method per type, each with its required fields and the user’s own QR code', async () => {
    const u = await signUpEmail(t);
    const other = await signUpEmail(t);
    const types = CALLS.payMethodTypes.response.parse(
      okData(await t.call(CALLS.payMethodTypes, {}, { token: u.token })),
    );
    expect(types.map((x) => [x.id, x.code])).toEqual([
      [1, 'alipay'],
      [2, 'wxpay'],
      [3, 'bank'],
    ]);
    expect(okData(await t.call(CALLS.payMethodOfType, { type: 1 }, { token: u.token }))).toBeNull();
    const qr = await uploadImage(t, u.token);
    const theirs = await uploadImage(t, other.token);
    for (const [params, status, key] of [
      [{ type: 9, raw_data: {} }, 422, 'paymethod.type'],
      [{ type: 1, raw_data: { account: 'a@b.cn', qrcode: qr } }, 422, 'collect.p_name'],
      [{ type: 1, raw_data: { real_name: 'Ann', qrcode: qr } }, 422, 'collect.p_alipay'],
      [{ type: 2, raw_data: { real_name: 'Ann', qrcode: qr } }, 422, 'collect.p_wechat'],
      [
        { type: 1, raw_data: { real_name: 'Ann', account: 'a@b.cn' } },
        422,
        'collect.pleaseuploadthecollectioncode',
      ],
      [
        { type: 1, raw_data: { real_name: 'Ann', account: 'a@b.cn', qrcode: theirs } },
        422,
        'upload.not_own',
      ],
      [
        { type: 3, raw_data: { real_name: 'Ann', bank_address: 'Main St', card_no: '1234 5678' } },
        422,
        'collect.pleaseenterthenameoftheopeningbank',
      ],
      [
        { type: 3, raw_data: { real_name: 'Ann', bank_name: 'VCB', card_no: '1234 5678' } },
        422,
        'collect.p_branch',
      ],
      [
        { type: 3, raw_data: { real_name: 'Ann', bank_name: 'VCB', bank_address: 'Main St' } },
        422,
        'collect.p_card_no',
      ],
    ] as const) {
      expectError(await t.call(CALLS.payMethodSave, params, { token: u.token }), status, key);
    }
    const saved = CALLS.payMethodSave.response.parse(
      okData(
        await t.call(
          CALLS.payMethodSave,
          {
            type: 1,
            raw_data: { real_name: 'Ann', account: 'a@b.cn', qrcode: qr, card_no: 'ignored' },
          },
          { token: u.token },
        ),
      ),
    );
    expect(saved).toMatchObject({
      type: 1,
      code: 'alipay',
      raw_data: { real_name: 'Ann', account: 'a@b.cn', qrcode: qr },
    });
    expect(saved.raw_data).not.toHaveProperty('card_no');
    okData(
      await t.call(
        CALLS.payMethodSave,
        { type: 1, raw_data: { real_name: 'Ann Lee', account: 'c@d.cn', qrcode: qr } },
        { token: u.token },
      ),
    );
    okData(
      await t.call(
        CALLS.payMethodSave,
        {
          type: 3,
          raw_data: {
            real_name: 'Ann',
            bank_name: 'VCB',
            bank_address: 'Main St',
            card_no: '1234 5678',
          },
        },
        { token: u.token },
      ),
    );
    expect(
      okData(await t.call(CALLS.payMethodOfType, { type: 1 }, { token: u.token })),
    ).toMatchObject({
      raw_data: { real_name: 'Ann Lee', account: 'c@d.cn' },
    });
    expect(
      okData(await t.call(CALLS.payMethodOfType, { type: 3 }, { token: u.token })),
    ).toMatchObject({
      code: 'bank',
      raw_data: { bank_name: 'VCB', card_no: '1234 5678' },
    });
    // Another user's are their own.
    expect(
      okData(await t.call(CALLS.payMethodOfType, { type: 1 }, { token: other.token })),
    ).toBeNull();
  });

  it('keeps the bank account for withdrawals', async () => {
    const u = await signUpEmail(t);
    expect(okData(await t.call(CALLS.bankInfo, {}, { token: u.token }))).toBeNull();
    for (const [params, key] of [
      [{ account_number: '123456', account_name: 'Ann' }, 'collect.bank_name'],
      [{ bank_name: 'VCB', account_name: 'Ann' }, 'collect.bank_account'],
      [
        { bank_name: 'VCB', account_number: '12ab', account_name: 'Ann' },
        'collect.bank_account_format',
      ],
      [{ bank_name: 'VCB', account_number: '123456' }, 'collect.p_name'],
    ] as const) {
      expectError(await t.call(CALLS.bankUpdate, params, { token: u.token }), 422, key);
    }
    okData(
      await t.call(
        CALLS.bankUpdate,
        { bank_name: 'VCB', account_number: '0123 456 789', account_name: 'Ann Lee' },
        { token: u.token },
      ),
    );
    expect(okData(await t.call(CALLS.bankInfo, {}, { token: u.token }))).toMatchObject({
      bank_name: 'VCB',
      account_number: '0123 456 789',
      account_name: 'Ann Lee',
    });
  });
});

describe('feedback', () => {
  it('is sent, listed, answered once by an operator, and the answer shows to its author', async () => {
    const u = await signUpEmail(t);
    const types = CALLS.feedbackTypes.response.parse(
      okData(await t.call(CALLS.feedbackTypes, {}, { token: u.token, lang: 'vi' })),
    );
    expect(types.length).toBeGreaterThanOrEqual(3);
    expect(types[0]?.name).toBe('Tài khoản và bảo mật');
    for (const [params, key] of [
      [{ title: 'Hi', content: 'long enough text here' }, 'feedback.p_type'],
      [{ type: 99, title: 'Hi', content: 'long enough text here' }, 'feedback.type'],
      [{ type: 1, content: 'long enough text here' }, 'feedback.p_title'],
      [{ type: 1, title: 'Hi' }, 'feedback.p_content'],
      [{ type: 1, title: 'Hi', content: 'too short' }, 'feedback.content_short'],
    ] as const) {
      expectError(await t.call(CALLS.feedbackSubmit, params, { token: u.token }), 422, key);
    }
    const sent = CALLS.feedbackSubmit.response.parse(
      okData(
        await t.call(
          CALLS.feedbackSubmit,
          { type: 3, title: 'Slow chart', content: 'The chart takes long to load.' },
          { token: u.token },
        ),
      ),
    );
    expect(sent).toMatchObject({ type: 3, type_code: 'trading', reply: null });
    const inbox = CALLS.adminFeedback.response.parse(
      okData(await t.call(CALLS.adminFeedback, { status: 0 }, { token: op })),
    );
    expect(inbox.data.find((f) => f.id === sent.id)?.user.account).toBe(u.email);
    expectError(
      await t.call(CALLS.adminFeedbackReply, { id: sent.id, reply: 'ok' }, { token: u.token }),
      403,
      'auth.admin_only',
    );
    expectError(
      await t.call(CALLS.adminFeedbackReply, { id: sent.id, reply: '' }, { token: op }),
      422,
      'feedback.p_reply',
    );
    okData(
      await t.call(
        CALLS.adminFeedbackReply,
        { id: sent.id, reply: 'Fixed, thank you.' },
        { token: op },
      ),
    );
    expectError(
      await t.call(CALLS.adminFeedbackReply, { id: sent.id, reply: 'Again' }, { token: op }),
      409,
      'feedback.replied',
    );
    expectError(
      await t.call(CALLS.adminFeedbackReply, { id: 999999, reply: 'x' }, { token: op }),
      404,
      'feedback.not_found',
    );
    const list = CALLS.feedbackList.response.parse(
      okData(await t.call(CALLS.feedbackList, {}, { token: u.token })),
    );
    expect(list.data[0]).toMatchObject({
      id: sent.id,
      content: 'The chart takes long to load.',
      reply: 'Fixed, thank you.',
    });
    expect(list.data[0]?.replied_at).not.toBeNull();
    const other = await signUpEmail(t);
    expect(
      CALLS.feedbackList.response.parse(
        okData(await t.call(CALLS.feedbackList, {}, { token: other.token })),
      ).total,
    ).toBe(0);
  });
});

describe('transaction log', () => {
  it('lists the user’s entries across accounts, filterable by account and currency', async () => {
    const u = await signUpEmail(t);
    for (const [type, amount] of [
      [1, '100'],
      [3, '50'],
      [4, '25'],
    ] as const) {
      okData(
        await t.call(
          CALLS.ledgerAdjust,
          {
            user: u.email,
            currency: 'USDT',
            amount,
            reason: 'log test',
            ...(type === 1 ? {} : { account_type: type }),
          },
          { token: op },
        ),
      );
    }
    const all = CALLS.accountLog.response.parse(
      okData(await t.call(CALLS.accountLog, { types: 'all' }, { token: u.token })),
    );
    expect(all.total).toBe(3);
    expect(all.data.map((e) => e.account_type_id).sort()).toEqual([1, 3, 4]);
    const lever = CALLS.accountLog.response.parse(
      okData(await t.call(CALLS.accountLog, { types: '3' }, { token: u.token })),
    );
    expect(lever.data.map((e) => e.amount)).toEqual(['50']);
    const btc = CALLS.accountLog.response.parse(
      okData(await t.call(CALLS.accountLog, { types: 'all', currency_id: 2 }, { token: u.token })),
    );
    expect(btc.total).toBe(0);
  });
});
