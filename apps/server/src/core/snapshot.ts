/**
 * A handler's memory as plain data for `Handler.snapshot`: bigints as decimal strings, dates as
 * ISO texts, maps as entries and sets as arrays, sorted by key, object keys sorted. Two snapshots
 * are equal exactly when their JSON is.
 */
export function plainData(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Map) {
    const entries = [...value.entries()].map(([k, v]) => [plainData(k), plainData(v)] as const);
    return entries.sort((a, b) => compare(a[0], b[0]));
  }
  if (value instanceof Set) return [...value].map(plainData).sort(compare);
  if (Array.isArray(value)) return value.map(plainData);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      out[key] = plainData((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
