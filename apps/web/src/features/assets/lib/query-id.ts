/** A positive id from a query-string value (`?currency_id=3`); anything else reads as absent. */
export function queryId(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
