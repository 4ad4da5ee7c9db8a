import {
  ACCOUNT_ROUTES,
  ACCOUNT_TYPE_IDS,
  isJournalKind,
  type AccountTypeId,
} from '@exchange/contract';

/** The account filter: every account (`all`) or one account type. */
export type AccountFilter = 'all' | AccountTypeId;

/** account_log/list's `types`: `all`, or the account type id. */
export function typesParam(filter: AccountFilter): string {
  return filter === 'all' ? 'all' : String(filter);
}

/** The filter a `?account=` value asks for; anything unknown is every account. */
export function accountFilterOf(value: string | null): AccountFilter {
  const id = Number(value);
  return ACCOUNT_TYPE_IDS.includes(id as AccountTypeId) ? (id as AccountTypeId) : 'all';
}

/** The translation key naming an account type (the assets menu's), or null for an unknown one. */
export function accountLabelKey(accountTypeId: number): string | null {
  const route = (ACCOUNT_ROUTES as Record<number, string | undefined>)[accountTypeId];
  return route ? `assets.menu.${route}` : null;
}

/**
 * The translation key of a journal kind (`order.lock` → `assets.kind.order_lock`), or null for a
 * kind the contract does not list (shown as it comes). As the assets records name them.
 */
export function kindKey(kind: string): string | null {
  return isJournalKind(kind) ? `assets.kind.${kind.replace(/\./g, '_')}` : null;
}
