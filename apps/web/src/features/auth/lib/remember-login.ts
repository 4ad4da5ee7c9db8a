import type { KeyValueStorage } from '../../../shared/store/storage';
import { STORAGE_KEYS } from '../../../shared/store/storage-keys';

/** Login tabs of spec 1 §2: 0 e-mail, 1 phone. */
export type LoginTab = 0 | 1;

export interface RememberedLogin {
  /** The tab of the last login (`actives`). */
  tab: LoginTab;
  remember: boolean;
  account: string;
  areaId: number | null;
}

export function parseTab(value: string | null): LoginTab {
  return value === '1' ? 1 : 0;
}

export function readRememberedLogin(storage: KeyValueStorage): RememberedLogin {
  const remember = storage.getItem(STORAGE_KEYS.remember) === '1';
  const area = Number(storage.getItem(STORAGE_KEYS.rememberedArea));
  return {
    tab: parseTab(storage.getItem(STORAGE_KEYS.loginTab)),
    remember,
    account: remember ? (storage.getItem(STORAGE_KEYS.rememberedAccount) ?? '') : '',
    areaId: remember && Number.isInteger(area) && area > 0 ? area : null,
  };
}

/**
 * What a tab shows when opened (spec 1 §4): with remember on and the tab of the saved login, the
 * saved account (and area); otherwise empty fields. The password is never remembered: a
 * deliberate deviation from the documents, which kept it in local storage.
 */
export function initialFields(
  saved: RememberedLogin,
  tab: LoginTab,
): { account: string; areaId: number | null } {
  if (saved.remember && saved.tab === tab) {
    return { account: saved.account, areaId: tab === 1 ? saved.areaId : null };
  }
  return { account: '', areaId: null };
}

/** After a successful login: remember the tab, and the account only when asked to. */
export function saveLogin(
  storage: KeyValueStorage,
  login: { tab: LoginTab; remember: boolean; account: string; areaId: number | null },
): void {
  storage.setItem(STORAGE_KEYS.loginTab, String(login.tab));
  storage.removeItem(STORAGE_KEYS.legacyPassword);
  if (!login.remember) {
    storage.removeItem(STORAGE_KEYS.remember);
    storage.removeItem(STORAGE_KEYS.rememberedAccount);
    storage.removeItem(STORAGE_KEYS.rememberedArea);
    return;
  }
  storage.setItem(STORAGE_KEYS.remember, '1');
  storage.setItem(STORAGE_KEYS.rememberedAccount, login.account);
  if (login.tab === 1 && login.areaId !== null) {
    storage.setItem(STORAGE_KEYS.rememberedArea, String(login.areaId));
  } else {
    storage.removeItem(STORAGE_KEYS.rememberedArea);
  }
}
