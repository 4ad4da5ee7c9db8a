import type { Db } from '../../db/client.js';
import {
  hashToken,
  resolveSession,
  revokeAllSessions,
  revokeSession,
  type SessionUser,
} from './sessions.js';

const MAX_ENTRIES = 100_000;

/**
 * Sessions are read on every authenticated request; a short-lived cache keeps that off the
 * store. Logout and password resets on this node take effect at once; a revocation made on
 * another node, or directly in the store, is seen here after at most `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: SessionUser; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async resolve(token: string): Promise<SessionUser | null> {
    if (this.ttlMs <= 0) return resolveSession(this.db, token);
    const key = hashToken(token);
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.session;
    const session = await resolveSession(this.db, token);
    if (!session) {
      this.entries.delete(key);
      return null;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { session, until: Math.min(now + this.ttlMs, session.expiresAt) });
    return session;
  }

  async revoke(sessionId: number) {
    await revokeSession(this.db, sessionId);
    for (const [key, entry] of this.entries) {
      if (entry.session.sessionId === sessionId) this.entries.delete(key);
    }
  }

  async revokeAll(userId: number) {
    await revokeAllSessions(this.db, userId);
    for (const [key, entry] of this.entries) {
      if (entry.session.userId === userId) this.entries.delete(key);
    }
  }
}
