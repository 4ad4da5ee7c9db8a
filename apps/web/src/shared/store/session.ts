import type { UserInfo } from '@exchange/contract';
import { create } from 'zustand';
import { readKey, removeKey, writeKey } from './storage';
import { STORAGE_KEYS } from './storage-keys';

export interface SessionState {
  /** Signed in exactly when a token is stored (spec 1 §4). */
  token: string | null;
  /** The signed-in user, once user/info has answered in this visit. */
  user: UserInfo | null;
  /** Stored user id, account and seller flag: known before user/info answers. */
  uid: number | null;
  account: string | null;
  isSeller: boolean;
  setToken: (token: string) => void;
  setUser: (user: UserInfo) => void;
  clear: () => void;
}

function storedUid(): number | null {
  const raw = readKey(STORAGE_KEYS.uid);
  const n = raw ? Number(raw) : NaN;
  return Number.isInteger(n) ? n : null;
}

/** The account shown for a user: e-mail first, else the mobile number. */
export function accountOf(user: UserInfo): string {
  return user.email ?? user.mobile ?? String(user.id);
}

export const useSession = create<SessionState>()((set) => ({
  token: readKey(STORAGE_KEYS.token),
  user: null,
  uid: storedUid(),
  account: readKey(STORAGE_KEYS.account),
  isSeller: readKey(STORAGE_KEYS.isSeller) === 'true',
  setToken: (token) => {
    writeKey(STORAGE_KEYS.token, token);
    set({ token });
  },
  setUser: (user) => {
    const account = accountOf(user);
    writeKey(STORAGE_KEYS.uid, String(user.id));
    writeKey(STORAGE_KEYS.account, account);
    writeKey(STORAGE_KEYS.isSeller, String(user.is_seller));
    set({ user, uid: user.id, account, isSeller: user.is_seller });
  },
  clear: () => {
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.uid,
      STORAGE_KEYS.account,
      STORAGE_KEYS.isSeller,
      STORAGE_KEYS.vndOrder,
    ]) {
      removeKey(key);
    }
    set({ token: null, user: null, uid: null, account: null, isSeller: false });
  },
}));

/** The stored token, for code outside React (api client, socket). */
export function currentToken(): string | null {
  return useSession.getState().token;
}
