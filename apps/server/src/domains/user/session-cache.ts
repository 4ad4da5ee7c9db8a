import { SESSION_REVOKED, type Bus, type SessionRevoked } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { resolveSession, revokeAllSessions, revokeSession, type SessionUser } from './sessions.js';

const MAX_ENTRIES = 100_000;

/**
 * Sessions are read on every authenticated request; a short-lived cache keeps that off the
 * store. A revocation through this class is announced on the bus: every node then drops the
 * session from its cache and closes the WebSockets logged in with it. One made directly in the
 * store is seen here after at most `ttlMs` (and by the WebSocket hub's own check within a second).
 *
 * Entries are keyed by the token itself, which every request carries in memory anyway: only the
 * store must never hold a token (it keeps the SHA-256), and a hit then costs no hashing.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: SessionUser; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly bus?: Bus,
  ) {
    bus?.subscribe(SESSION_REVOKED, (event) => this.evict(event as SessionRevoked));
  }

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
    this.announce({ kind: 'session', sessionId });
  }

  async revokeAll(userId: number) {
    await revokeAllSessions(this.db, userId);
    this.announce({ kind: 'user', userId });
  }

  private announce(event: SessionRevoked) {
    // Dropped here first: a request on this node right after the revocation must not see it.
    this.evict(event);
    this.bus?.publish(SESSION_REVOKED, event);
  }

  private evict(event: SessionRevoked) {
    for (const [token, entry] of this.entries) {
      const match =
        event.kind === 'session'
          ? entry.session.sessionId === event.sessionId
          : entry.session.userId === event.userId;
      if (match) this.entries.delete(token);
    }
  }
}
