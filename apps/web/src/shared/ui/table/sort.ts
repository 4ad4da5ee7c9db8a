export type SortOrder = 'ascend' | 'descend';

export interface SortState {
  key: string;
  order: SortOrder;
}

/** A header click: the column's first order, then the other one, then unsorted. */
export function nextSort(
  current: SortState | null,
  key: string,
  first: SortOrder,
): SortState | null {
  if (current?.key !== key) return { key, order: first };
  if (current.order !== first) return null;
  return { key, order: first === 'ascend' ? 'descend' : 'ascend' };
}
