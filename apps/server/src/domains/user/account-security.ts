import { createHash, randomBytes } from 'node:crypto';
import { FREEZE_LINK_TTL_S, SECURITY_HOLD_S } from '@exchange/contract';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { auditLog, freezeLinks, users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { addressOf } from './accounts.js';
import { checkLoginPassword } from './login-throttle.js';
import { verifyPassword } from './password.js';

/*
 * What protects an account whose session was stolen (docs/security.md, "Account takeover"):
 * changing a bound address needs the login password and a code sent to the address bound now;
 * the replaced address is told, with a one-time link that freezes the account; withdrawals wait
 * SECURITY_HOLD_S after any such change or a change of the login password.
 */

export type UserRow = typeof users.$inferSelect;

/** The web client's page a freeze link opens (it asks before it calls user/freeze). */
export const FREEZE_PAGE = '/freezeAccount';

export async function userById(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('auth.session_expired');
  return user;
}

/**
 * The account a user's wrong passwords are counted under, as sign-in counts them: the e-mail
 * address, else +{calling code}{mobile}. Guesses through a rebinding and through sign-in share
 * one limit.
 */
function loginAccountOf(user: UserRow): string {
  if (user.email) return addressOf('email', user.email, null);
  return addressOf('mobile', user.mobile ?? '', user.countryCode);
}

/**
 * The login password, asked before a bound address changes (sms_mail, safe/email): a wrong one
 * answers account.rebind_password and counts against the account's sign-in failures, so a
 * stolen session cannot guess it (429 auth.login_locked past the limit).
 */
export async function checkRebindPassword(db: Db, user: UserRow, password: string) {
  if (!password) throw new AppError('account.rebind_password');
  const right = await checkLoginPassword(db, loginAccountOf(user), () =>
    verifyPassword(password, user.passwordHash),
  );
  if (!right) throw new AppError('account.rebind_password');
}

/**
 * Before a withdrawal: refused while the account is frozen (account.frozen) and for
 * SECURITY_HOLD_S after its last change of a bound address or of the login password
 * (withdraw.security_hold, with the hours left).
 */
export async function assertWithdrawalsAllowed(db: Db, userId: number, now = Date.now()) {
  const [row] = await db
    .select({ frozenAt: users.frozenAt, changedAt: users.securityChangedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('auth.session_expired');
  if (row.frozenAt) throw new AppError('account.frozen');
  if (!row.changedAt) return;
  const left = row.changedAt.getTime() + SECURITY_HOLD_S * 1000 - now;
  if (left > 0) {
    throw new AppError('withdraw.security_hold', {
      hours: Math.ceil(left / 3_600_000),
      retry_after_s: Math.ceil(left / 1000),
    });
  }
}

export function hashFreezeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `2026-05-01 09:30 UTC`: no run of six digits, so a notice is never read as a code. */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Tells the account's owner that its e-mail address changed: at the address replaced, or on a
 * first binding at the account's phone (an account always has one of the two). The message
 * carries a one-time freeze link (FREEZE_LINK_TTL_S). A notice that cannot be delivered stays
 * in the outbox with its error (the change itself is done) and is logged.
 */
export async function noticeEmailChange(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: UserRow,
  change: { oldEmail: string | null; newEmail: string },
  now = new Date(),
) {
  const target: { channel: 'email' | 'sms'; to: string } | null = change.oldEmail
    ? { channel: 'email', to: change.oldEmail }
    : user.mobile
      ? { channel: 'sms', to: addressOf('mobile', user.mobile, user.countryCode) }
      : null;
  if (!target) return;
  // Hex: 64 word characters, so no six-digit run of it can pass for a code.
  const token = randomBytes(32).toString('hex');
  await ctx.db.insert(freezeLinks).values({
    userId: user.id,
    tokenHash: hashFreezeToken(token),
    kind: 'email',
    oldValue: change.oldEmail,
    newValue: change.newEmail,
    createdAt: now,
    expiresAt: new Date(now.getTime() + FREEZE_LINK_TTL_S * 1000),
  });
  const link = `${ctx.config.publicUrl}${FREEZE_PAGE}?token=${token}`;
  const what = change.oldEmail
    ? `The e-mail address of your account was changed from ${change.oldEmail} to ${change.newEmail}`
    : `The e-mail address ${change.newEmail} was bound to your account`;
  const days = FREEZE_LINK_TTL_S / 86_400;
  const holdHours = SECURITY_HOLD_S / 3600;
  try {
    await ctx.notifier.send({
      channel: target.channel,
      to: target.to,
      subject: 'The e-mail address of your account was changed',
      body:
        `${what} on ${utcMinute(now)}. Withdrawals are paused for ${String(holdHours)} hours. ` +
        `If this was not you, freeze your account now: ${link} (works once, for ${String(days)} days). ` +
        'Freezing ends every session, takes the new address off the account (the one this message ' +
        'went to is bound again when still free), and refuses sign-in and withdrawals until you ' +
        'reset your password or support lifts it.',
    });
  } catch (err) {
    log.error({ err, userId: user.id }, 'address-change notice not delivered');
  }
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  const causeCode = (err as { cause?: { code?: string } }).cause?.code;
  return code === '23505' || causeCode === '23505';
}

/**
 * user/freeze: uses a freeze link once. The change it was sent for is undone while still in
 * place (the e-mail is the one it was changed to: the replaced address comes back when nobody
 * else has bound it since, else none), the account is frozen, and every session ends (sockets
 * included). Audited as the user's own action.
 */
export async function freezeByToken(ctx: AppContext, token: string, now = new Date()) {
  const [link] = await ctx.db
    .update(freezeLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(freezeLinks.tokenHash, hashFreezeToken(token)),
        isNull(freezeLinks.usedAt),
        gt(freezeLinks.expiresAt, now),
      ),
    )
    .returning();
  if (!link) throw new AppError('account.freeze_invalid');
  const user = await userById(ctx.db, link.userId);
  let email = user.email;
  if (link.kind === 'email' && user.email === link.newValue) {
    email = link.oldValue;
    if (email) {
      const [other] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, user.id)));
      if (other) email = null;
    }
  }
  try {
    await ctx.db.update(users).set({ frozenAt: now, email }).where(eq(users.id, user.id));
  } catch (err) {
    // Bound by someone else between the check and the write: the account keeps no e-mail.
    if (!isUniqueViolation(err)) throw err;
    email = null;
    await ctx.db.update(users).set({ frozenAt: now, email }).where(eq(users.id, user.id));
  }
  await ctx.sessions.revokeAll(user.id);
  await ctx.db.insert(auditLog).values({
    actorId: user.id,
    action: 'account.freeze',
    target: `user:${String(user.id)}`,
    detail: { link: link.id, email_before: user.email, email_after: email },
  });
  return { frozen_at: now.getTime() };
}
