import { CALLS } from '@exchange/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currencies, deposits, users, withdrawals } from '../../db/schema.js';
import { units } from '../../core/amounts.js';
import { AppError } from '../../http/errors.js';
import { pageResult } from '../../http/paging.js';
import { route } from '../../http/route.js';
import { depositView, withdrawView } from '../assets/catalogue.js';

const userAccount = sql<string>`coalesce(${users.email}, '+' || coalesce(${users.countryCode}, '') || coalesce(${users.mobile}, ''))`;

async function depositById(ctx: AppContext, id: number) {
  const [row] = await ctx.db
    .select({ d: deposits, code: currencies.code, account: userAccount })
    .from(deposits)
    .innerJoin(currencies, eq(currencies.id, deposits.currencyId))
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(eq(deposits.id, id));
  if (!row) throw new AppError('deposit.not_found');
  return { ...depositView(row.d, row.code), user: { id: row.d.userId, account: row.account } };
}

async function withdrawalById(ctx: AppContext, id: number) {
  const [row] = await ctx.db
    .select({ w: withdrawals, code: currencies.code, account: userAccount })
    .from(withdrawals)
    .innerJoin(currencies, eq(currencies.id, withdrawals.currencyId))
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  if (!row) throw new AppError('withdraw.not_found');
  return { ...withdrawView(row.w, row.code), user: { id: row.w.userId, account: row.account } };
}

/** Operator review of reported deposits and requested withdrawals (every decision audited). */
export function reviewRoutes(app: FastifyInstance) {
  route(app, CALLS.adminDeposits, async ({ ctx, input }) => {
    const where = input.status === undefined ? undefined : eq(deposits.status, input.status);
    const [total] = await ctx.db.select({ n: count() }).from(deposits).where(where);
    const rows = await ctx.db
      .select({ d: deposits, code: currencies.code, account: userAccount })
      .from(deposits)
      .innerJoin(currencies, eq(currencies.id, deposits.currencyId))
      .innerJoin(users, eq(users.id, deposits.userId))
      .where(where)
      // Pending first (oldest waiting first), then the reviewed ones, newest first.
      .orderBy(asc(sql`${deposits.status} <> 0`), desc(deposits.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit);
    return pageResult(
      rows.map((r) => ({
        ...depositView(r.d, r.code),
        user: { id: r.d.userId, account: r.account },
      })),
      total?.n ?? 0,
      input,
    );
  });

  route(app, CALLS.adminWithdrawals, async ({ ctx, input }) => {
    const where = input.status === undefined ? undefined : eq(withdrawals.status, input.status);
    const [total] = await ctx.db.select({ n: count() }).from(withdrawals).where(where);
    const rows = await ctx.db
      .select({ w: withdrawals, code: currencies.code, account: userAccount })
      .from(withdrawals)
      .innerJoin(currencies, eq(currencies.id, withdrawals.currencyId))
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(asc(sql`${withdrawals.status} <> 0`), desc(withdrawals.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit);
    return pageResult(
      rows.map((r) => ({
        ...withdrawView(r.w, r.code),
        user: { id: r.w.userId, account: r.account },
      })),
      total?.n ?? 0,
      input,
    );
  });

  const decideDeposit = async (
    ctx: AppContext,
    actorId: number,
    id: number,
    approve: boolean,
    reason: string,
  ) => {
    const [row] = await ctx.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.id, id)));
    if (!row) throw new AppError('deposit.not_found');
    if (row.status !== 0) throw new AppError('review.done');
    await ctx.core.reviewDeposit({
      id,
      userId: row.userId,
      currencyId: row.currencyId,
      amount: units(row.number),
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
    if (row.status !== 0) throw new AppError('review.done');
    await ctx.core.reviewWithdrawal({ id, actorId, ...decision });
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
