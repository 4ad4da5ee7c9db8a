import { CALLS } from '@exchange/contract';
import { eq, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { wireAmount } from '../../core/amounts.js';
import { parseSignedMoney } from '../../core/parse.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { findCurrency } from '../assets/index.js';
import { auditLedger as runAudit } from '../../products.js';

/** `user` is an e-mail address, a mobile number or a user id. */
async function findUser(db: Db, user: string) {
  const conditions: SQL[] = [];
  if (user.includes('@')) conditions.push(eq(users.email, user.toLowerCase()));
  else {
    if (/^\d{1,9}$/.test(user)) conditions.push(eq(users.id, Number(user)));
    conditions.push(eq(users.mobile, user.replace(/^\+/, '')));
  }
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(...conditions))
    .limit(2);
  // An id and somebody's mobile number could both match: refuse to guess.
  if (rows.length !== 1 || !rows[0]) throw new AppError('admin.user_not_found', { user });
  return rows[0].id;
}

/** An adjustment's answer: the account's balances after it (a system account's user id is 0). */
function adjustView(
  result: { journalId: number; available: string; locked: string },
  userId: number,
  currency: string,
) {
  return {
    journal_id: result.journalId,
    user_id: userId,
    currency,
    balance: result.available,
    lock_balance: result.locked,
  };
}

export function adminRoutes(app: FastifyInstance) {
  route(app, CALLS.ledgerAdjust, async ({ ctx, session, input }) => {
    const currency = await findCurrency(ctx.db, input.currency);
    // Checked against the currency's decimals here; the command takes it as a decimal string.
    const amount = wireAmount(parseSignedMoney(input.amount, currency.decimals));
    const reason = input.reason;
    // The leverage product's system accounts, addressed by name.
    if (input.user === 'lever-house' || input.user === 'lever-insurance') {
      const result = await ctx.send({
        kind: 'wallet.adjustSystem',
        actorId: session.userId,
        code: input.user,
        currencyId: currency.id,
        amount,
        reason,
      });
      return adjustView(result, 0, currency.code);
    }
    const userId = await findUser(ctx.db, input.user);
    const result = await ctx.send({
      kind: 'wallet.adjust',
      actorId: session.userId,
      userId,
      accountType: input.account_type,
      currencyId: currency.id,
      amount,
      reason,
    });
    return adjustView(result, userId, currency.code);
  });

  route(app, CALLS.audit, async ({ ctx, session }) => {
    const report = await runAudit(ctx.db);
    // Every operator call is in the audit log, reads included.
    await ctx.db.insert(auditLog).values({
      actorId: session.userId,
      action: 'ledger.audit',
      target: 'ledger',
      detail: { ok: report.ok },
    });
    return report;
  });

  // Lifts the freeze a user's freeze link set (user/freeze); a password reset lifts it as well.
  route(app, CALLS.adminUnfreeze, async ({ ctx, session, input }) => {
    const userId = await findUser(ctx.db, input.user);
    const [user] = await ctx.db
      .select({ frozenAt: users.frozenAt })
      .from(users)
      .where(eq(users.id, userId));
    const wasFrozen = Boolean(user?.frozenAt);
    await ctx.db.update(users).set({ frozenAt: null }).where(eq(users.id, userId));
    await ctx.db.insert(auditLog).values({
      actorId: session.userId,
      action: 'account.unfreeze',
      target: `user:${String(userId)}`,
      detail: { was_frozen: wasFrozen },
    });
    return { user_id: userId, was_frozen: wasFrozen };
  });
}
