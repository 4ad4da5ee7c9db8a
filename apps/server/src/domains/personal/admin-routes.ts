import {
  CALLS,
  FEEDBACK_PAGE_SIZE,
  IDENTITY_PAGE_SIZE,
  REVIEW,
  type IdentityRow,
} from '@exchange/contract';
import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditLog, feedback, identitySubmissions, users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { pageResult } from '../../http/paging.js';
import { route } from '../../http/route.js';
import { userAccount } from '../user/index.js';
import { reviewOf } from './routes.js';
import { feedbackView } from './views.js';

type Submission = typeof identitySubmissions.$inferSelect;

function identityView(row: Submission, account: string): IdentityRow {
  return {
    id: row.id,
    user: { id: row.userId, account },
    name: row.name,
    card_id: row.cardId,
    front_pic: row.frontPic,
    reverse_pic: row.reversePic,
    hand_pic: row.handPic,
    review_status: reviewOf(row.status),
    descript: row.descript,
    created_at: row.createdAt.getTime(),
    reviewed_at: row.reviewedAt ? row.reviewedAt.getTime() : null,
  };
}

/**
 * Decides a pending submission once: the row and the user's review_status change together with
 * the audit entry; a decided (or unknown) submission is refused and nothing changes.
 */
async function decide(
  db: Db,
  id: number,
  actorId: number,
  decision: { status: 2 | 3; reason: string },
): Promise<IdentityRow> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(identitySubmissions)
      .where(eq(identitySubmissions.id, id))
      .for('update');
    if (!current) throw new AppError('identity.not_found');
    if (current.status !== REVIEW.pending) throw new AppError('review.done');
    const now = new Date();
    const [updated] = await tx
      .update(identitySubmissions)
      .set({
        status: decision.status,
        descript: decision.reason,
        reviewerId: actorId,
        reviewedAt: now,
      })
      .where(eq(identitySubmissions.id, id))
      .returning();
    await tx
      .update(users)
      .set({ reviewStatus: decision.status })
      .where(eq(users.id, current.userId));
    await tx.insert(auditLog).values({
      actorId,
      action: decision.status === REVIEW.approved ? 'identity.approve' : 'identity.reject',
      target: `user:${String(current.userId)}`,
      detail: { submission_id: id, reason: decision.reason },
    });
    if (!updated) throw new Error('identity submission not updated');
    return updated;
  });
  const [user] = await db
    .select({ account: userAccount })
    .from(users)
    .where(eq(users.id, row.userId));
  return identityView(row, user?.account ?? '');
}

/** The operator's identity queue and feedback inbox. */
export function personalAdminRoutes(app: FastifyInstance) {
  route(app, CALLS.adminIdentities, async ({ ctx, input }) => {
    const where = eq(identitySubmissions.status, input.status);
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({ row: identitySubmissions, account: userAccount })
        .from(identitySubmissions)
        .innerJoin(users, eq(users.id, identitySubmissions.userId))
        .where(where)
        // The queue oldest first; decided ones newest first.
        .orderBy(
          input.status === REVIEW.pending
            ? asc(identitySubmissions.id)
            : desc(identitySubmissions.id),
        )
        .limit(IDENTITY_PAGE_SIZE)
        .offset((input.page - 1) * IDENTITY_PAGE_SIZE),
      ctx.db.select({ n: count() }).from(identitySubmissions).where(where),
    ]);
    return pageResult(
      rows.map((r) => identityView(r.row, r.account)),
      total?.n ?? 0,
      { page: input.page, limit: IDENTITY_PAGE_SIZE },
    );
  });

  route(app, CALLS.adminIdentityApprove, ({ ctx, session, input }) =>
    decide(ctx.db, input.id, session.userId, { status: REVIEW.approved, reason: '' }),
  );

  route(app, CALLS.adminIdentityReject, ({ ctx, session, input }) =>
    decide(ctx.db, input.id, session.userId, { status: REVIEW.rejected, reason: input.reason }),
  );

  route(app, CALLS.adminFeedback, async ({ ctx, input }) => {
    const where = input.status === 0 ? isNull(feedback.repliedAt) : isNotNull(feedback.repliedAt);
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({ row: feedback, account: userAccount })
        .from(feedback)
        .innerJoin(users, eq(users.id, feedback.userId))
        .where(where)
        .orderBy(input.status === 0 ? asc(feedback.id) : desc(feedback.id))
        .limit(FEEDBACK_PAGE_SIZE)
        .offset((input.page - 1) * FEEDBACK_PAGE_SIZE),
      ctx.db.select({ n: count() }).from(feedback).where(where),
    ]);
    return pageResult(
      rows.map((r) => ({
        ...feedbackView(r.row),
        user: { id: r.row.userId, account: r.account },
      })),
      total?.n ?? 0,
      { page: input.page, limit: FEEDBACK_PAGE_SIZE },
    );
  });

  route(app, CALLS.adminFeedbackReply, async ({ ctx, session, input }) => {
    const row = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(feedback)
        .set({ reply: input.reply, replierId: session.userId, repliedAt: new Date() })
        .where(and(eq(feedback.id, input.id), isNull(feedback.repliedAt)))
        .returning();
      if (!updated) {
        const [exists] = await tx
          .select({ id: feedback.id })
          .from(feedback)
          .where(eq(feedback.id, input.id));
        throw new AppError(exists ? 'feedback.replied' : 'feedback.not_found');
      }
      await tx.insert(auditLog).values({
        actorId: session.userId,
        action: 'feedback.reply',
        target: `user:${String(updated.userId)}`,
        detail: { feedback_id: updated.id },
      });
      return updated;
    });
    return feedbackView(row);
  });
}
