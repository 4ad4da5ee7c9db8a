import { useState } from 'react';

/**
 * The page shown of a records list, back to page 1 when `filter` changes: another account or
 * currency starts again at the top.
 */
export function usePage<F>(filter: F): [number, (page: number) => void] {
  const [page, setPage] = useState(1);
  const [shownFor, setShownFor] = useState(filter);
  if (shownFor !== filter) {
    setShownFor(filter);
    setPage(1);
  }
  return [page, setPage];
}
