import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { readQueueView, writeQueueView, type QueueView } from '../lib/queue-view';

/** The tab and page of an operator queue, kept in the URL so a reload shows the same. */
export function useQueueView<Tab extends string>(
  tabs: readonly [Tab, ...Tab[]],
): [QueueView<Tab>, (view: QueueView<Tab>) => void] {
  const [search, setSearch] = useSearchParams();
  const view = readQueueView(search, tabs);
  const setView = useCallback(
    (next: QueueView<Tab>) => setSearch(writeQueueView(next), { replace: true }),
    [setSearch],
  );
  return [view, setView];
}
