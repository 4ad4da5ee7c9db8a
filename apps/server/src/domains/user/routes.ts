import { CALLS, CODE_TYPE, securityLevel, type UserInfo } from '@exchange/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { consumeCode } from '../notify/index.js';
import { readSetting } from '../settings/index.js';
import { addressOf, areaById, findUserByAccount, newInviteCode } from './accounts.js';
import { checkLoginPassword } from './login-throttle.js';
import { hashPassword, verifyPassword } from './password.js';
import { createSession } from './sessions.js';

/** A fixed hash to compare against when the account does not exist, so timing tells nothing. */
let dummyHash: Promise<string> | null = null;

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string; cause?: { code?: string } }).code;
  const causeCode = (err as { cause?: { code?: string } }).cause?.code;
  return code === '23505' || causeCode === '23505';
}

export async function userInfo(db: Db, userId: number): Promise<UserInfo> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new AppError('auth.session_expired');
  const reviewStatus =
    u.reviewStatus === 1 || u.reviewStatus === 2 || u.reviewStatus === 3 ? u.reviewStatus : 0;
  return {
    id: u.id,
    email: u.email,
    mobile: u.mobile,
    country_code: u.countryCode,
    area_id: u.areaId,
    is_seller: u.isSeller,
    invite_code: u.inviteCode,
    review_status: reviewStatus,
    security_level: securityLevel({
      mobile: u.mobile,
      email: u.email,
      review_status: reviewStatus,
    }),
    role: u.role,
    created_at: u.createdAt.getTime(),
  };
}

export function userRoutes(app: FastifyInstance) {
  route(app, CALLS.register, async ({ ctx, input }) => {
    const area = input.type === 'mobile' ? await areaById(ctx.db, input.area_id) : null;
    const countryCode = area?.globalCode ?? null;
    if (await findUserByAccount(ctx.db, input.type, input.account, countryCode)) {
      throw new AppError('auth.account_exists');
    }
    let referrerId: number | null = null;
    if (input.invite_code) {
      const [referrer] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.inviteCode, input.invite_code.toUpperCase()))
        .limit(1);
      if (!referrer) throw new AppError('auth.invite_invalid');
      referrerId = referrer.id;
    }
    const address = addressOf(input.type, input.account, countryCode);
    await consumeCode(ctx.db, address, CODE_TYPE.register, input.sms_code);
    const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
    try {
      const [created] = await ctx.db
        .insert(users)
        .values({
          email: input.type === 'email' ? address : null,
          mobile: input.type === 'mobile' ? input.account : null,
          countryCode,
          areaId: area?.id ?? null,
          passwordHash,
          inviteCode: newInviteCode(),
          referrerId,
        })
        .returning({ id: users.id });
      if (!created) throw new AppError('common.internal');
      return { id: created.id };
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('auth.account_exists');
      throw err;
    }
  });

  route(app, CALLS.login, async ({ ctx, input, request }) => {
    const countryCode = input.login_type === 'mobile' ? (input.country_code ?? null) : null;
    if (input.login_type === 'mobile' && !countryCode) throw new AppError('auth.area_invalid');
    const user = await findUserByAccount(ctx.db, input.login_type, input.account, countryCode);
    const account = addressOf(input.login_type, input.account, countryCode);
    // An unknown account is checked and counted like a known one: same answers, same lock-out.
    const right = await checkLoginPassword(ctx.db, account, async () => {
      if (user) return verifyPassword(input.password, user.passwordHash);
      dummyHash ??= hashPassword('not-a-password', ctx.config.passwordHashCost);
      await verifyPassword(input.password, await dummyHash);
      return false;
    });
    if (!user || !right) throw new AppError('auth.login_failed');
    if (user.disabled) throw new AppError('auth.account_disabled');
    // Frozen by its owner's freeze link: a password reset or an operator lifts it.
    if (user.frozenAt) throw new AppError('account.frozen');
    if ((await readSetting(ctx.db, 'login_use_sms')) === '1') {
      if (!input.sms_code) throw new AppError('register.emptyCode');
      await consumeCode(ctx.db, account, CODE_TYPE.login, input.sms_code);
    }
    return createSession(ctx.db, user.id, ctx.config.sessionTtlMs, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
  });

  route(app, CALLS.info, ({ ctx, session }) => userInfo(ctx.db, session.userId));

  route(app, CALLS.logout, async ({ ctx, session }) => {
    await ctx.sessions.revoke(session.sessionId);
    return null;
  });

  route(app, CALLS.forgetPassword, async ({ ctx, input }) => {
    const countryCode = input.type === 'mobile' ? (input.country_code ?? null) : null;
    if (input.type === 'mobile' && !countryCode) throw new AppError('auth.area_invalid');
    const user = await findUserByAccount(ctx.db, input.type, input.account, countryCode);
    if (!user) throw new AppError('auth.account_not_found');
    await consumeCode(
      ctx.db,
      addressOf(input.type, input.account, countryCode),
      CODE_TYPE.forgot,
      input.auth_code,
    );
    const passwordHash = await hashPassword(input.new_password, ctx.config.passwordHashCost);
    // The reset lifts a freeze (it took a code sent to the account's address); withdrawals wait
    // SECURITY_HOLD_S after it (withdraw.security_hold).
    await ctx.db
      .update(users)
      .set({ passwordHash, securityChangedAt: new Date(), frozenAt: null })
      .where(eq(users.id, user.id));
    // A reset password ends every session: whoever had the old one is signed out.
    await ctx.sessions.revokeAll(user.id);
    return null;
  });
}
