import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import type { SessionUser } from '../../http/session.js';

export type { SessionUser };

/** Tokens are 32 random bytes; only their SHA-256 is stored (ARCHITECTURE §6). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  userId: number,
  ttlMs: number,
  meta: { ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** The live session of a token: unknown, expired, revoked or of a disabled user gives null. */
export async function resolveSession(db: Db, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      role: users.role,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.disabled, false),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { ...row, expiresAt: row.expiresAt.getTime() } : null;
}

const LIVE_CHUNK = 1000;

/**
 * Which of these sessions are still live (not revoked, not expired, user not disabled): one
 * statement per thousand ids, read from the store and never from a cache.
 */
export async function liveSessionIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const live = new Set<number>();
  for (let i = 0; i < ids.length; i += LIVE_CHUNK) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.id, ids.slice(i, i + LIVE_CHUNK)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          eq(users.disabled, false),
        ),
      );
    for (const row of rows) live.add(row.id);
  }
  return live;
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Db, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
