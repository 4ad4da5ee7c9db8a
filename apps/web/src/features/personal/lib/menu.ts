/** The account area's left menu, in its order; each is a route under /personal. */
export const PERSONAL_MENU = [
  'accountSettings',
  'transactionLog',
  'collectionSettings',
  'authentication',
  'setBank',
  'feedback',
] as const;
export type PersonalMenuItem = (typeof PERSONAL_MENU)[number];

/** The menu entry of a path (`/personal/setBank` → setBank; any case), if any. */
export function personalMenuItemOf(pathname: string): PersonalMenuItem | undefined {
  const route = /^\/personal\/([^/?#]+)/i.exec(pathname)?.[1]?.toLowerCase();
  return route ? PERSONAL_MENU.find((item) => item.toLowerCase() === route) : undefined;
}

export function personalHref(item: PersonalMenuItem): string {
  return `/personal/${item}`;
}
