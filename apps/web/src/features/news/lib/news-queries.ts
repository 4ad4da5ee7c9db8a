import { CALLS } from '@exchange/contract';
import { callQuery } from '../../../shared/api/query';

export const NOTICE_PAGE_SIZE = 20;

/** One page of a category's titles; the notice page and its list share these cache entries. */
export function categoryPageQuery(categoryId: number, page = 1) {
  return callQuery(CALLS.newsList, { category_id: categoryId, page, limit: NOTICE_PAGE_SIZE });
}
