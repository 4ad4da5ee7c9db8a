import type { QueryClient } from '@tanstack/react-query';
import { announcementsQuery, bannerQuery } from './api/news';

/**
 * Starts the home page's own reads while its code is still loading (the route table calls it as
 * the page is entered), so they do not wait for the page's chunk.
 */
export function prefetchHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(bannerQuery());
  void queryClient.prefetchQuery(announcementsQuery());
}
