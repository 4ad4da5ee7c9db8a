/** Quick-register target (spec 1 §2 Home): the register page pre-fills the account from `haccount`. */
export function registerHref(account: string): string {
  const value = account.trim();
  if (!value) return '/register';
  return `/register?${new URLSearchParams({ haccount: value }).toString()}`;
}

/** News detail link used by the carousel and the announcement strip. */
export function noticeHref(categoryId: number, id?: number): string {
  const query = new URLSearchParams();
  if (id !== undefined) query.set('id', String(id));
  query.set('category_id', String(categoryId));
  return `/notice?${query.toString()}`;
}
