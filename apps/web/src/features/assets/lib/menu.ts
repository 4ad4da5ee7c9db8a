import {
  ACCOUNT_CODES,
  ACCOUNT_ROUTES,
  ACCOUNT_TYPES,
  type AccountTypeId,
} from '@exchange/contract';

/** The assets area's left menu (spec 2 §2), in its order; each is a route under /assets. */
export const MENU_ITEMS = [
  'tradeAccount',
  'leverAccount',
  'secondAccount',
  'legalAccount',
  'financialAccount',
  'transfer',
  'withdraw',
  'bindAddr',
  'dealRecords',
  'withdrawLog',
] as const;
export type MenuItem = (typeof MENU_ITEMS)[number];

/** Pages reached from a menu entry that keep it highlighted. */
const BELONGS_TO: Record<string, MenuItem> = { transferLog: 'transfer' };

/** The menu entry of a path (`/assets/transferLog` → transfer), if any. */
export function menuItemOf(pathname: string): MenuItem | undefined {
  const route = /^\/assets\/([^/?#]+)/i.exec(pathname)?.[1];
  if (!route) return undefined;
  const known = MENU_ITEMS.find((item) => item.toLowerCase() === route.toLowerCase());
  return known ?? BELONGS_TO[route];
}

/** Where a menu entry leads; the deal records open on the trade account's journal. */
export function menuHref(item: MenuItem): string {
  if (item === 'dealRecords') {
    return `/assets/dealRecords?types=${ACCOUNT_CODES[ACCOUNT_TYPES.trade]}`;
  }
  return `/assets/${item}`;
}

const ROUTE_TYPES = new Map<string, AccountTypeId>(
  Object.entries(ACCOUNT_ROUTES).map(([id, route]) => [route, Number(id) as AccountTypeId]),
);

/** The account type an account page shows (`leverAccount` → 3). */
export function accountTypeOfRoute(route: string): AccountTypeId | undefined {
  return ROUTE_TYPES.get(route);
}

/** The translation key naming an account type (its menu entry); null for an unknown type. */
export function accountLabelKey(accountTypeId: number): string | null {
  const route = (ACCOUNT_ROUTES as Record<number, string | undefined>)[accountTypeId];
  return route ? `assets.menu.${route}` : null;
}

/** The account type of a deal-records `types` value: an account code or a type id. */
export function accountTypeOfCode(types: string | null): AccountTypeId {
  const entry = Object.entries(ACCOUNT_CODES).find(
    ([id, code]) => code === types || id === types?.trim(),
  );
  return entry ? (Number(entry[0]) as AccountTypeId) : ACCOUNT_TYPES.trade;
}
