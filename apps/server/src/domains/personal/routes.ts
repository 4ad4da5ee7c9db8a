import { randomBytes } from 'node:crypto';
import {
  CALLS,
  CODE_TYPE,
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_TYPES,
  PAY_METHOD_TYPES,
  REVIEW,
  type PayMethodRaw,
} from '@exchange/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  authorizationCodes,
  feedback,
  identitySubmissions,
  payMethods,
  userBanks,
  users,
} from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { requestLang } from '../../http/lang.js';
import { pageResult } from '../../http/paging.js';
import { route } from '../../http/route.js';
import { consumeCode, deliverCode, sendCode } from '../notify/index.js';
import { ownUploadOf } from '../uploads/index.js';
import {
  checkRebindPassword,
  hashPassword,
  noticeEmailChange,
  userById,
  verifyPassword,
} from '../user/index.js';
import { feedbackView, typeName } from './views.js';

/** 12 characters of an alphabet without look-alikes: about 60 bits, never guessed. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newAuthorizationCode(): string {
  return Array.from(randomBytes(12), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** The user's authorization code, made (once) on first read. */
async function authorizationCode(db: Db, userId: number): Promise<string> {
  const [row] = await db
    .select({ code: authorizationCodes.code })
    .from(authorizationCodes)
    .where(eq(authorizationCodes.userId, userId));
  if (row) return row.code;
  await db
    .insert(authorizationCodes)
    .values({ userId, code: newAuthorizationCode() })
    .onConflictDoNothing();
  const [made] = await db
    .select({ code: authorizationCodes.code })
    .from(authorizationCodes)
    .where(eq(authorizationCodes.userId, userId));
  if (!made) throw new Error('authorization code not stored');
  return made.code;
}

/** Each photo url must be an upload of this user; answers the canonical url. */
async function ownPhoto(db: Db, userId: number, url: string): Promise<string> {
  const own = await ownUploadOf(db, userId, url);
  if (!own) throw new AppError('upload.not_own');
  return own;
}

/** The id number with all but its last 4 characters masked. */
export function maskCardId(cardId: string): string {
  return cardId.length <= 4 ? cardId : '*'.repeat(cardId.length - 4) + cardId.slice(-4);
}

/** A raw_data as stored for its type: only the type's fields, each required (spec 3 §5). */
async function rawDataOf(
  db: Db,
  userId: number,
  code: (typeof PAY_METHOD_TYPES)[number]['code'],
  raw: Partial<Record<string, string>>,
): Promise<PayMethodRaw> {
  const value = (k: string) => (raw[k] ?? '').trim();
  if (!value('real_name')) throw new AppError('collect.p_name');
  if (code === 'bank') {
    if (!value('bank_name')) throw new AppError('collect.pleaseenterthenameoftheopeningbank');
    if (!value('bank_address')) throw new AppError('collect.p_branch');
    if (!value('card_no')) throw new AppError('collect.p_card_no');
    if (!/^[0-9 -]{4,40}$/.test(value('card_no')))
      throw new AppError('collect.bank_account_format');
    return {
      real_name: value('real_name'),
      bank_name: value('bank_name'),
      bank_address: value('bank_address'),
      card_no: value('card_no'),
    };
  }
  if (!value('account'))
    throw new AppError(code === 'alipay' ? 'collect.p_alipay' : 'collect.p_wechat');
  if (!value('qrcode')) throw new AppError('collect.pleaseuploadthecollectioncode');
  return {
    real_name: value('real_name'),
    account: value('account'),
    qrcode: await ownPhoto(db, userId, value('qrcode')),
  };
}

function payMethodView(row: typeof payMethods.$inferSelect) {
  const type = PAY_METHOD_TYPES.find((t) => t.id === row.type);
  if (!type) throw new Error(`unknown pay method type ${String(row.type)}`);
  return {
    type: row.type,
    code: type.code,
    raw_data: row.rawData as PayMethodRaw,
    updated_at: row.updatedAt.getTime(),
  };
}

export function personalRoutes(app: FastifyInstance) {
  route(app, CALLS.authorizationCode, async ({ ctx, session }) => ({
    code: await authorizationCode(ctx.db, session.userId),
  }));

  route(app, CALLS.newAuthorizationCode, async ({ ctx, session }) => {
    const code = newAuthorizationCode();
    await ctx.db
      .insert(authorizationCodes)
      .values({ userId: session.userId, code })
      .onConflictDoUpdate({
        target: authorizationCodes.userId,
        set: { code, updatedAt: new Date() },
      });
    return { code };
  });

  route(app, CALLS.amendPassword, async ({ ctx, session, input }) => {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, session.userId));
    if (!user) throw new AppError('auth.session_expired');
    if (!(await verifyPassword(input.old_password, user.passwordHash)))
      throw new AppError('password.wrong_old');
    if (input.new_password === input.old_password) throw new AppError('password.same');
    const passwordHash = await hashPassword(input.new_password, ctx.config.passwordHashCost);
    // Withdrawals wait SECURITY_HOLD_S after a password change (withdraw.security_hold).
    await ctx.db
      .update(users)
      .set({ passwordHash, securityChangedAt: new Date() })
      .where(eq(users.id, user.id));
    // Every session ends, this one too, and every socket signed in with one of them closes.
    await ctx.sessions.revokeAll(user.id);
    return null;
  });

  // Changing the bound e-mail (docs/security.md, account takeover): the login password first,
  // then a code to the new address and, when the account has one, another to the current one.
  route(app, CALLS.bindEmailCode, async ({ ctx, session, input }) => {
    const user = await userById(ctx.db, session.userId);
    await checkRebindPassword(ctx.db, user, input.password);
    const email = input.user_string.toLowerCase();
    if (input.target === 'old' && !user.email) {
      throw new AppError('common.invalid_param', { field: 'target' });
    }
    if (input.target !== 'old') {
      await sendCode(ctx, session, 'email', { to: email, type: CODE_TYPE.bindEmail });
    } else {
      // Only the current address's code again: the new one must still be free.
      const [taken] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email));
      if (taken) throw new AppError(taken.id === user.id ? 'email.same' : 'email.taken');
    }
    if (input.target !== 'new' && user.email) {
      await deliverCode(
        ctx,
        'email',
        user.email,
        CODE_TYPE.rebindOld,
        `Someone signed in to your account asked to replace this address with ${email}. Give this code only if that was you. If it was not, change your login password now: whoever asked knows it.`,
      );
    }
    return null;
  });

  route(app, CALLS.bindEmail, async ({ ctx, session, input, request }) => {
    const email = input.email.toLowerCase();
    const user = await userById(ctx.db, session.userId);
    await checkRebindPassword(ctx.db, user, input.password);
    const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw new AppError(taken.id === session.userId ? 'email.same' : 'email.taken');
    // A bound address is replaced only with a code sent to it (none on a first binding).
    if (user.email && !input.old_code) throw new AppError('account.rebind_old_code');
    await consumeCode(ctx.db, email, CODE_TYPE.bindEmail, input.code);
    if (user.email) {
      try {
        await consumeCode(ctx.db, user.email, CODE_TYPE.rebindOld, input.old_code);
      } catch (err) {
        // Which of the two codes was wrong.
        if (err instanceof AppError && err.key === 'code.invalid') {
          throw new AppError('account.rebind_old_code');
        }
        throw err;
      }
    }
    try {
      await ctx.db
        .update(users)
        .set({ email, securityChangedAt: new Date() })
        .where(eq(users.id, session.userId));
    } catch {
      // Bound by someone else between the check and the write (the unique index refuses it).
      throw new AppError('email.taken');
    }
    await noticeEmailChange(ctx, request.log, user, { oldEmail: user.email, newEmail: email });
    return { type: 'ok' as const, message: email, email };
  });

  route(app, CALLS.payMethodTypes, ({ request }) => {
    const lang = requestLang(request);
    return Promise.resolve(
      PAY_METHOD_TYPES.map((t) => ({ id: t.id, code: t.code, name: typeName(t.code, lang) })),
    );
  });

  route(app, CALLS.payMethodOfType, async ({ ctx, session, input }) => {
    if (!PAY_METHOD_TYPES.some((t) => t.id === input.type)) throw new AppError('paymethod.type');
    const [row] = await ctx.db
      .select()
      .from(payMethods)
      .where(and(eq(payMethods.userId, session.userId), eq(payMethods.type, input.type)));
    return row ? payMethodView(row) : null;
  });

  route(app, CALLS.payMethodSave, async ({ ctx, session, input }) => {
    const type = PAY_METHOD_TYPES.find((t) => t.id === input.type);
    if (!type) throw new AppError('paymethod.type');
    const rawData = await rawDataOf(ctx.db, session.userId, type.code, input.raw_data);
    const now = new Date();
    const [row] = await ctx.db
      .insert(payMethods)
      .values({ userId: session.userId, type: type.id, rawData, updatedAt: now })
      .onConflictDoUpdate({
        target: [payMethods.userId, payMethods.type],
        set: { rawData, updatedAt: now },
      })
      .returning();
    if (!row) throw new Error('pay method not stored');
    return payMethodView(row);
  });

  route(app, CALLS.identityCenter, async ({ ctx, session }) => {
    const [latest] = await ctx.db
      .select()
      .from(identitySubmissions)
      .where(eq(identitySubmissions.userId, session.userId))
      .orderBy(desc(identitySubmissions.id))
      .limit(1);
    if (!latest)
      return {
        review_status: 0 as const,
        descript: '',
        name: null,
        card_id: null,
        submitted_at: null,
      };
    return {
      review_status: reviewOf(latest.status),
      descript: latest.descript,
      name: latest.name,
      card_id: maskCardId(latest.cardId),
      submitted_at: latest.createdAt.getTime(),
    };
  });

  route(app, CALLS.identitySubmit, async ({ ctx, session, input }) => {
    const [front, reverse, hand] = [
      await ownPhoto(ctx.db, session.userId, input.front_pic),
      await ownPhoto(ctx.db, session.userId, input.reverse_pic),
      await ownPhoto(ctx.db, session.userId, input.hand_pic),
    ];
    await ctx.db.transaction(async (tx) => {
      // One decision at a time: a pending or approved submission refuses a new one.
      const [user] = await tx
        .select({ reviewStatus: users.reviewStatus })
        .from(users)
        .where(eq(users.id, session.userId))
        .for('update');
      if (user?.reviewStatus === REVIEW.pending) throw new AppError('identity.pending');
      if (user?.reviewStatus === REVIEW.approved) throw new AppError('identity.approved');
      await tx.insert(identitySubmissions).values({
        userId: session.userId,
        name: input.name,
        cardId: input.card_id,
        frontPic: front,
        reversePic: reverse,
        handPic: hand,
        status: REVIEW.pending,
      });
      await tx
        .update(users)
        .set({ reviewStatus: REVIEW.pending })
        .where(eq(users.id, session.userId));
    });
    return { review_status: REVIEW.pending };
  });

  route(app, CALLS.bankInfo, async ({ ctx, session }) => {
    const [row] = await ctx.db.select().from(userBanks).where(eq(userBanks.userId, session.userId));
    return row
      ? {
          bank_name: row.bankName,
          account_number: row.accountNumber,
          account_name: row.accountName,
          updated_at: row.updatedAt.getTime(),
        }
      : null;
  });

  route(app, CALLS.bankUpdate, async ({ ctx, session, input }) => {
    const now = new Date();
    const values = {
      bankName: input.bank_name,
      accountNumber: input.account_number,
      accountName: input.account_name,
      updatedAt: now,
    };
    await ctx.db
      .insert(userBanks)
      .values({ userId: session.userId, ...values })
      .onConflictDoUpdate({ target: userBanks.userId, set: values });
    return {
      bank_name: input.bank_name,
      account_number: input.account_number,
      account_name: input.account_name,
      updated_at: now.getTime(),
    };
  });

  route(app, CALLS.feedbackTypes, ({ request }) => {
    const lang = requestLang(request);
    return Promise.resolve(
      FEEDBACK_TYPES.map((t) => ({ id: t.id, code: t.code, name: typeName(t.code, lang) })),
    );
  });

  route(app, CALLS.feedbackSubmit, async ({ ctx, session, input }) => {
    if (!FEEDBACK_TYPES.some((t) => t.id === input.type)) throw new AppError('feedback.type');
    const [row] = await ctx.db
      .insert(feedback)
      .values({
        userId: session.userId,
        type: input.type,
        title: input.title,
        content: input.content,
      })
      .returning();
    if (!row) throw new Error('feedback not stored');
    return feedbackView(row);
  });

  route(app, CALLS.feedbackList, async ({ ctx, session, input }) => {
    const where = eq(feedback.userId, session.userId);
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select()
        .from(feedback)
        .where(where)
        .orderBy(desc(feedback.id))
        .limit(FEEDBACK_PAGE_SIZE)
        .offset((input.page - 1) * FEEDBACK_PAGE_SIZE),
      ctx.db.select({ n: count() }).from(feedback).where(where),
    ]);
    return pageResult(rows.map(feedbackView), total?.n ?? 0, {
      page: input.page,
      limit: FEEDBACK_PAGE_SIZE,
    });
  });
}

export function reviewOf(status: number): 0 | 1 | 2 | 3 {
  return status === 1 || status === 2 || status === 3 ? status : 0;
}
