/** Records lists show a pager only when there is more than one page (spec 2 §9: above 15). */
export function showPager(total: number, pageSize: number): boolean {
  return total > pageSize;
}
