import { CALLS, EARN_LIST_LIMIT } from '@exchange/contract';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/**
 * ieo/list: the products on sale or paused, 30 a page, with the signed-in user's holding.
 * Silent: the page shows a failure in place, with a retry.
 */
export function earnListQuery(page: number) {
  const params = { page, limit: EARN_LIST_LIMIT };
  return queryOptions({
    queryKey: [CALLS.ieoList.path, params] as const,
    queryFn: () => request(CALLS.ieoList, params, { silent: true }),
  });
}
