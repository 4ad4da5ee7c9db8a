import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { readView, writeView, type ReviewView } from '../lib/review-view';

/** The tab and page of a review list, kept in the URL so a reload or a shared link shows the same. */
export function useReviewView(): [ReviewView, (view: ReviewView) => void] {
  const [search, setSearch] = useSearchParams();
  const view = readView(search);
  const setView = useCallback(
    (next: ReviewView) => setSearch(writeView(next), { replace: true }),
    [setSearch],
  );
  return [view, setView];
}
