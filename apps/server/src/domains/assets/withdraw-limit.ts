import { REVIEW, REVIEW_STATUS } from '@exchange/contract';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { scaled, units, wireAmount } from '../../core/amounts.js';
import { currencies, users, withdrawals } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { KeyedQueue } from '../security/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Withdrawal requests of one user run one at a time (their 24 h sum is then exact). */
export const withdrawals24h = new KeyedQueue();

/**
 * The daily withdrawal limit of the user's identity level (operator settings): the USD value of
 * the user's withdrawals of the last 24 hours that were not rejected, plus this one (`usd`,
 * ledger units), must stay within it. An approved identity has the higher limit.
 */
export async function checkDailyLimit(ctx: AppContext, userId: number, usd: bigint) {
  const [user] = await ctx.db
    .select({ reviewStatus: users.reviewStatus })
    .from(users)
    .where(eq(users.id, userId));
  const verified = user?.reviewStatus === REVIEW.approved;
  const limit = scaled(
    ctx.operatorSettings.get(
      verified ? 'withdraw_daily_usd_verified' : 'withdraw_daily_usd_unverified',
    ),
    0,
  );
  const [sum] = await ctx.db
    .select({
      usd: sql<string>`round(coalesce(sum(${withdrawals.number} * ${currencies.usdPrice}), 0), 18)::text`,
    })
    .from(withdrawals)
    .innerJoin(currencies, eq(currencies.id, withdrawals.currencyId))
    .where(
      and(
        eq(withdrawals.userId, userId),
        // A rejected withdrawal's amount went back: it does not count.
        ne(withdrawals.status, REVIEW_STATUS.rejected),
        gt(withdrawals.createdAt, new Date(Date.now() - DAY_MS)),
      ),
    );
  const total = units(sum?.usd ?? '0') + usd;
  if (total > limit) {
    throw new AppError(verified ? 'withdraw.daily_limit' : 'withdraw.daily_limit_verify', {
      total: wireAmount(total - (total % 10n ** 16n)),
      limit: wireAmount(limit),
    });
  }
}
