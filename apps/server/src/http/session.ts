/**
 * What the transport layer knows of a session: the user a request acts for, and where its token
 * travels. Resolving a token to a session is the user domain's work (domains/user/sessions.ts),
 * reached through `app.ctx.sessions`, so http depends on no domain.
 */
export interface SessionUser {
  sessionId: number;
  userId: number;
  role: 'user' | 'admin';
  /** Epoch ms. */
  expiresAt: number;
}

/** `Authorization` carries the token bare or as `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string {
  if (!header) return '';
  const value = header.trim();
  return value.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : value;
}
