import type { Db } from '../../db/client.js';
import { resolveSession, revokeAllSessions, revokeSession, type SessionUser } from './sessions.js';

const MAX_ENTRIES = 100_000;

/**
 * Sessions are read on every authenticated request; a short-lived cache keeps that off the
 * store. Logout and password resets on this node take effect at once; a revocation made on
 * another node, or directly in the store, is seen here after at most `ttlMs`.
 *
 * Entries are keyed by the token itself, which every request carries in memory anyway: only the
 * store must never hold a token (it keeps the SHA-256), and a hit then costs no hashing.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: SessionUser; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  /** The session of a token resolved within `ttlMs`, at once; undefined if it must be read. */
  cached(token: string): SessionUser | undefined {
    const hit = this.entries.get(token);
    return hit && hit.until > Date.now() ? hit.session : undefined;
  }

  async resolve(token: string): Promise<SessionUser | null> {
    if (this.ttlMs <= 0) return resolveSession(this.db, token);
    const hit = this.cached(token);
    if (hit) return hit;
    const session = await resolveSession(this.db, token);
    if (!session) {
      this.entries.delete(token);
      return null;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(token, {
      session,
      until: Math.min(Date.now() + this.ttlMs, session.expiresAt),
    });
    return session;
  }

  async revoke(sessionId: number) {
    await revokeSession(this.db, sessionId);
    for (const [token, entry] of this.entries) {
      if (entry.session.sessionId === sessionId) this.entries.delete(token);
    }
  }

  async revokeAll(userId: number) {
    await revokeAllSessions(this.db, userId);
    for (const [token, entry] of this.entries) {
      if (entry.session.userId === userId) this.entries.delete(token);
    }
  }
}
