import type { UserInfo } from '@exchange/contract';

/** Who may open a page: any signed-in user, or operators only (ARCHITECTURE §6: role `admin`). */
export type AccessNeed = 'user' | 'admin';
/** guest: no token (→ login); pending: user/info not answered yet; denied: signed in, not allowed. */
export type Access = 'guest' | 'pending' | 'denied' | 'granted';

export function isAdmin(user: UserInfo | null | undefined): boolean {
  return user?.role === 'admin';
}

/**
 * The gate of a protected page. A stored token is enough for user pages (the server still
 * answers 999 for a dead one); operator pages wait for user/info, since only it carries the role.
 */
export function accessOf(
  token: string | null,
  user: UserInfo | null | undefined,
  need: AccessNeed,
): Access {
  if (token === null) return 'guest';
  if (need === 'user') return 'granted';
  if (!user) return 'pending';
  return isAdmin(user) ? 'granted' : 'denied';
}

/** The login page that comes back to `page` afterwards (spec 1 §8: the current page as query). */
export function loginHref(page: string): string {
  return `/login?page=${encodeURIComponent(page)}`;
}
