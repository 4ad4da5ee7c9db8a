/** News detail link: `/notice?id=…&category_id=…` (spec 1 §2). */
export function noticeHref(categoryId: number, id?: number): string {
  const query = new URLSearchParams();
  if (id !== undefined) query.set('id', String(id));
  query.set('category_id', String(categoryId));
  return `/notice?${query.toString()}`;
}

/** A positive integer query parameter, or undefined when absent or malformed. */
export function idFromQuery(value: string | null): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return undefined;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}
