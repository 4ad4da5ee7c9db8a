import { CALLS, DEPOSIT_STATUS, WITHDRAW_STATUS } from '@exchange/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { deposits, withdrawals } from '../../db/schema.js';
import { plain } from '../../core/amounts.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { depositPage, withdrawalPage } from '../assets/index.js';

async function depositById(ctx: AppContext, id: number) {
  const found = await depositPage(ctx.db, { id }, { page: 1, limit: 1 });
  const row = found.data[0];
  if (!row) throw new AppError('deposit.not_found');
  return row;
}

async function withdrawalById(ctx: AppContext, id: number) {
  const found = await withdrawalPage(ctx.db, { id }, { page: 1, limit: 1 });
  const row = found.data[0];
  if (!row) throw new AppError('withdraw.not_found');
  return row;
}

/** Operator review of reported deposits and requested withdrawals (every decision audited). */
export function reviewRoutes(app: FastifyInstance) {
  route(app, CALLS.adminDeposits, ({ ctx, input }) =>
    depositPage(ctx.db, { status: input.status, pendingFirst: true }, input),
  );
  route(app, CALLS.adminWithdrawals, ({ ctx, input }) =>
    withdrawalPage(ctx.db, { status: input.status, pendingFirst: true }, input),
  );

  const decideDeposit = async (
    ctx: AppContext,
    actorId: number,
    id: number,
    approve: boolean,
    reason: string,
  ) => {
    const [row] = await ctx.db.select().from(deposits).where(eq(deposits.id, id));
    if (!row) throw new AppError('deposit.not_found');
    if (row.status !== DEPOSIT_STATUS.pending) throw new AppError('review.done');
    await ctx.send({
      kind: 'wallet.reviewDeposit',
      id,
      userId: row.userId,
      currencyId: row.currencyId,
      amount: plain(row.number),
      actorId,
      approve,
      reason,
    });
    return depositById(ctx, id);
  };

  route(app, CALLS.adminDepositApprove, ({ ctx, session, input }) =>
    decideDeposit(ctx, session.userId, input.id, true, ''),
  );
  route(app, CALLS.adminDepositReject, ({ ctx, session, input }) =>
    decideDeposit(ctx, session.userId, input.id, false, input.reason),
  );

  const decideWithdrawal = async (
    ctx: AppContext,
    actorId: number,
    id: number,
    decision: { approve: boolean; txRef: string; reason: string },
  ) => {
    const [row] = await ctx.db
      .select({ status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    if (!row) throw new AppError('withdraw.not_found');
    if (row.status !== WITHDRAW_STATUS.pending) throw new AppError('review.done');
    await ctx.send({ kind: 'wallet.reviewWithdrawal', id, actorId, ...decision });
    return withdrawalById(ctx, id);
  };

  route(app, CALLS.adminWithdrawalApprove, ({ ctx, session, input }) =>
    decideWithdrawal(ctx, session.userId, input.id, {
      approve: true,
      txRef: input.tx_ref,
      reason: '',
    }),
  );
  route(app, CALLS.adminWithdrawalReject, ({ ctx, session, input }) =>
    decideWithdrawal(ctx, session.userId, input.id, {
      approve: false,
      txRef: '',
      reason: input.reason,
    }),
  );
}
