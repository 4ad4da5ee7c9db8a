import type { QueryClient } from '@tanstack/react-query';
import { earnListQuery } from './api/earn-list';

/**
 * Starts the earning list's first read while its code is still loading (the route table calls
 * it as /deposit is entered), so that it does not wait for the page's chunk.
 */
export function prefetchEarn(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(earnListQuery(1));
}
