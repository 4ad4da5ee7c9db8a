import type { Page } from '@exchange/contract';

/** Lists: `{ total, per_page, current_page, last_page, data }` (ARCHITECTURE §3). */
export function pageResult<T>(
  data: T[],
  total: number,
  input: { page: number; limit: number },
): Page<T> {
  return {
    total,
    per_page: input.limit,
    current_page: input.page,
    last_page: Math.max(1, Math.ceil(total / input.limit)),
    data,
  };
}
