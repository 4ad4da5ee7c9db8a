/**
 * VND withdrawals: USDT from the trade account, locked until an operator pays its VND (amount ×
 * `usd_vnd_withdraw`, rounded down to whole VND) to the user's bank account and approves with the
 * transfer's reference, or rejects (unlocked). Needs an approved identity, bank info and the trade
 * password. The record is a withdrawal of the wallet (same id in the operator's queue).
 */
import {
  REVIEW,
  VND_WITHDRAW_STATUS,
  WITHDRAW_STATUS,
  type VndWithdrawal,
} from '@exchange/contract';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { plain, units, wireAmount } from '../../core/amounts.js';
import { parseMoney } from '../../core/parse.js';
import { Rejected } from '../../core/result.js';
import { userBanks, users, withdrawals } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { pageResult } from '../../http/paging.js';
import { AMOUNT_DECIMALS, checkPayPassword, USDT_ID } from '../assets/index.js';
import { assertWithdrawalsAllowed } from '../user/index.js';
import { rateSetting, vndDown } from './orders.js';

type Row = typeof withdrawals.$inferSelect;

/** The wallet's review status as the documents' withdrawal statuses: 1 pending, 2 success, 5 rejected. */
function statusOf(status: number): VndWithdrawal['status'] {
  if (status === WITHDRAW_STATUS.approved) return VND_WITHDRAW_STATUS.success;
  if (status === WITHDRAW_STATUS.rejected) return VND_WITHDRAW_STATUS.rejected;
  return VND_WITHDRAW_STATUS.pending;
}

export function vndWithdrawalView(w: Row): VndWithdrawal {
  return {
    id: w.id,
    amount: plain(w.number),
    currency_code: 'USDT',
    rate: plain(w.vndRate ?? '0'),
    total_amount: plain(w.vndTotal ?? '0'),
    status: statusOf(w.status),
    bank_name: w.bankName ?? '',
    account_number: w.address,
    account_name: w.accountName ?? '',
    tx_ref: w.txRef,
    reason: w.reason,
    created_at: w.createdAt.getTime(),
  };
}

export interface VndWithdrawInput {
  amount: string;
  rate?: string | undefined;
  total_amount?: string | undefined;
  pay_password: string;
}

/** account/withdrawalPost: checks, in the order a user can act on them, then the wallet's lock. */
export async function withdrawVnd(
  ctx: AppContext,
  userId: number,
  input: VndWithdrawInput,
): Promise<VndWithdrawal> {
  await assertWithdrawalsAllowed(ctx.db, userId);
  if (!input.amount) throw new AppError('withdraw.p_number');
  const amount = parseMoney(input.amount, AMOUNT_DECIMALS);
  const [user] = await ctx.db
    .select({ reviewStatus: users.reviewStatus })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.reviewStatus !== REVIEW.approved) throw new AppError('withdraw.identity_required');
  const [bank] = await ctx.db.select().from(userBanks).where(eq(userBanks.userId, userId));
  if (!bank) throw new AppError('withdraw.bank_required');
  const rate = await rateSetting(ctx.db, 'usd_vnd_withdraw');
  if (rate === null) throw new AppError('withdraw.closed');
  // The rate the user saw: a change since is said before anything is locked.
  if (input.rate !== undefined && input.rate.trim() && units(input.rate.trim()) !== rate)
    throw new AppError('withdraw.rate_changed', { rate: wireAmount(rate) });
  const total = vndDown(amount, rate);
  if (!input.pay_password) throw new AppError('withdraw.p_password');
  await checkPayPassword(ctx.db, userId, input.pay_password);
  const { id } = await ctx
    .send({
      kind: 'wallet.requestWithdrawal',
      userId,
      currencyId: USDT_ID,
      protocolId: null,
      chain: 'VND',
      address: bank.accountNumber,
      memo: '',
      number: wireAmount(amount),
      fee: '0',
      vnd: {
        rate: wireAmount(rate),
        total: wireAmount(total),
        bankName: bank.bankName,
        accountName: bank.accountName,
      },
    })
    .catch((err: unknown) => {
      // More than the free trade balance: the documents' own message for it.
      if (err instanceof Rejected && err.code === 'INSUFFICIENT_FUNDS')
        throw new AppError('withdraw.num_error');
      throw err;
    });
  const [row] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) throw new Error(`withdrawal ${String(id)} was not stored`);
  return vndWithdrawalView(row);
}

/** account/withdraw_list: the user's VND withdrawals, newest first. */
export async function vndWithdrawals(
  ctx: AppContext,
  userId: number,
  input: { page: number; limit: number },
) {
  const where = and(eq(withdrawals.userId, userId), isNotNull(withdrawals.vndTotal));
  const [total] = await ctx.db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await ctx.db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  return pageResult(rows.map(vndWithdrawalView), total?.n ?? 0, input);
}
