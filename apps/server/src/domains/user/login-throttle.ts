import { LIMITS } from '@exchange/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { hitThrottle, KeyedQueue, readThrottle, secondsUntil } from '../security/index.js';

const WINDOW_MS = LIMITS.loginFailureWindowS * 1000;

/**
 * One password check per account at a time: the lock is read before the slow hash and a failure
 * counted after it, so parallel guesses from many addresses would otherwise all pass one read.
 */
const checks = new KeyedQueue();

/**
 * The throttle's key: the account as typed, normalised (e-mail lower-cased, `+{calling code}
 * {mobile}` as `addressOf` gives it). Not the user id: an account that does not exist is counted
 * and locked the same way, so the answers do not tell which accounts exist.
 */
function keyOf(account: string): string {
  return `login|${account}`;
}

/**
 * Runs a sign-in's password check for one account under its failure limit (addition of the
 * hardening review; not RATE_LIMIT_FACTOR-scaled: the factor is for addresses people share, and
 * an account is not shared). After LIMITS.loginFailuresPerAccount wrong answers within
 * LIMITS.loginFailureWindowS, from any addresses, the account's sign-ins answer 429
 * auth.login_locked until the window ends, a right password included. The count is in the
 * store, so a restart does not lift the lock.
 */
export function checkLoginPassword(
  db: Db,
  account: string,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const key = keyOf(account);
  return checks.run(key, async () => {
    const state = await readThrottle(db, key);
    if (state && state.count >= LIMITS.loginFailuresPerAccount) {
      throw new AppError('auth.login_locked', { retry_after_s: secondsUntil(state.windowEnd) });
    }
    if (await verify()) return true;
    await hitThrottle(db, key, WINDOW_MS);
    return false;
  });
}
