import { PAY_PASSWORD_MAX_FAILURES, PAY_PASSWORD_WINDOW_S } from '@exchange/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { KeyedQueue } from '../security/index.js';
import { verifyPassword } from '../user/index.js';

/**
 * One check per user at a time: the lock is read before the (slow) hash check and a wrong answer
 * counted after it, so parallel guesses would otherwise all pass the same read. Queuing instead of
 * claiming an attempt up front means right answers never count against the limit.
 */
const checks = new KeyedQueue();

/**
 * Checks a user's trade password. Wrong answers count per user: after PAY_PASSWORD_MAX_FAILURES
 * within PAY_PASSWORD_WINDOW_S the check refuses (even a right password) until the window ends.
 */
export function checkPayPassword(
  db: Db,
  userId: number,
  password: string,
  now?: number,
): Promise<void> {
  return checks.run(String(userId), () => check(db, userId, password, now ?? Date.now()));
}

async function check(db: Db, userId: number, password: string, now: number) {
  const [user] = await db
    .select({ hash: users.payPasswordHash, count: users.payFailCount, since: users.payFailSince })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.hash) throw new AppError('paypass.not_set');
  const windowMs = PAY_PASSWORD_WINDOW_S * 1000;
  const since = user.since?.getTime() ?? null;
  const inWindow = since !== null && since > now - windowMs;
  if (inWindow && user.count >= PAY_PASSWORD_MAX_FAILURES) {
    const wait = Math.max(1, Math.ceil((since + windowMs - now) / 1000));
    throw new AppError('paypass.locked', { retry_after_s: wait });
  }
  if (await verifyPassword(password, user.hash)) {
    if (user.count > 0 || user.since) {
      await db
        .update(users)
        .set({ payFailCount: 0, payFailSince: null })
        .where(eq(users.id, userId));
    }
    return;
  }
  // Counted in the statement, not from the row read above, so a second process on the same
  // database adds to the count instead of overwriting it.
  const windowStart = new Date(now - windowMs);
  const fresh = sql`(${users.payFailSince} is null or ${users.payFailSince} <= ${windowStart})`;
  await db
    .update(users)
    .set({
      payFailCount: sql`case when ${fresh} then 1 else ${users.payFailCount} + 1 end`,
      payFailSince: sql`case when ${fresh} then ${new Date(now)} else ${users.payFailSince} end`,
    })
    .where(eq(users.id, userId));
  throw new AppError('paypass.wrong');
}
