import type { UserInfo } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../store/session';
import { queryClient } from './query-client';
import { userInfoQuery } from './user-info';

/** Fetches user/info into the session store (after login; is_seller, uid, account). */
export async function loadSessionUser(): Promise<UserInfo> {
  const user = await queryClient.fetchQuery(userInfoQuery());
  useSession.getState().setUser(user);
  return user;
}

/** Keeps the session store's user in step with user/info while a token is stored. */
export function useSessionUserSync(): void {
  const token = useSession((s) => s.token);
  const setUser = useSession((s) => s.setUser);
  const { data } = useQuery({ ...userInfoQuery(), enabled: token !== null });
  useEffect(() => {
    if (data && useSession.getState().token !== null) setUser(data);
  }, [data, setUser]);
}
