import { CALLS, type AuthLevel } from '@exchange/contract';
import { QueryClient, type Query } from '@tanstack/react-query';
import { useSession } from '../store/session';
import { isApiError } from './api-error';

const STALE_MS = 30_000;

/** The app's one query cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: STALE_MS,
      refetchOnWindowFocus: false,
      // An answered failure will answer the same again; a network failure is retried once.
      retry: (failures, error) => !(isApiError(error) && error.code !== null) && failures < 1,
    },
    mutations: { retry: false },
  },
});

const AUTH_BY_PATH = new Map<unknown, AuthLevel>(
  Object.values(CALLS).map((call) => [call.path, call.auth]),
);

/** Queries whose answer depends on who is signed in (keys start with the call's path). */
function authOf(query: Query): AuthLevel {
  return AUTH_BY_PATH.get(query.queryKey[0]) ?? 'public';
}
const isPrivate = (query: Query) => ['user', 'admin'].includes(authOf(query));
const dependsOnUser = (query: Query) => authOf(query) !== 'public';

// Signing out drops every private answer (nothing refetches them without a token); signing in
// refetches what is on screen. Public answers (news, settings) stay cached either way.
useSession.subscribe((state, previous) => {
  if (state.token === previous.token) return;
  if (state.token === null) {
    queryClient.removeQueries({ predicate: isPrivate });
    void queryClient.invalidateQueries({ predicate: dependsOnUser });
  } else {
    void queryClient.invalidateQueries({ predicate: dependsOnUser });
  }
});
