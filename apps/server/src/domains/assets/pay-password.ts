import { PAY_PASSWORD_MAX_FAILURES, PAY_PASSWORD_WINDOW_S } from '@exchange/contract';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { verifyPassword } from '../user/password.js';

/**
 * Checks a user's trade password. Wrong answers count per user: after PAY_PASSWORD_MAX_FAILURES
 * within PAY_PASSWORD_WINDOW_S the check refuses (even a right password) until the window ends.
 */
export async function checkPayPassword(db: Db, userId: number, password: string, now = Date.now()) {
  const [user] = await db
    .select({ hash: users.payPasswordHash, since: users.payFailSince })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.hash) throw new AppError('paypass.not_set');
  // Claim an attempt atomically before the (slow) hash check, so parallel guesses cannot slip
  // past the limit; a right password clears the count.
  const windowStart = new Date(now - PAY_PASSWORD_WINDOW_S * 1000);
  const fresh = sql`(${users.payFailSince} is null or ${users.payFailSince} <= ${windowStart})`;
  const claimed = await db
    .update(users)
    .set({
      payFailCount: sql`case when ${fresh} then 1 else ${users.payFailCount} + 1 end`,
      payFailSince: sql`case when ${fresh} then ${new Date(now)} else ${users.payFailSince} end`,
    })
    .where(and(eq(users.id, userId), or(fresh, lt(users.payFailCount, PAY_PASSWORD_MAX_FAILURES))))
    .returning({ id: users.id });
  if (!claimed.length) {
    const since = user.since?.getTime() ?? now;
    const wait = Math.max(1, Math.ceil((since + PAY_PASSWORD_WINDOW_S * 1000 - now) / 1000));
    throw new AppError('paypass.locked', { retry_after_s: wait });
  }
  if (await verifyPassword(password, user.hash)) {
    await db.update(users).set({ payFailCount: 0, payFailSince: null }).where(eq(users.id, userId));
    return;
  }
  throw new AppError('paypass.wrong');
}
