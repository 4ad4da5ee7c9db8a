import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../../shared/store/session';

/**
 * The assets pages are for signed-in users only (spec 2 §6): a guest goes to /login with the page
 * as `page`, and comes back to it after signing in.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const signedIn = useSession((s) => s.token !== null);
  const location = useLocation();
  if (!signedIn) {
    const page = location.pathname + location.search;
    return <Navigate to={`/login?page=${encodeURIComponent(page)}`} replace />;
  }
  return children;
}
