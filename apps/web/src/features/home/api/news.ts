import { CALLS, NEWS_CATEGORY } from '@exchange/contract';
import { callQuery } from '../../../shared/api/query';

/** The announcement strip shows at most this many headlines. */
export const ANNOUNCEMENTS_SHOWN_MAX = 10;

/** news/list of the home banners. */
export const bannerQuery = () => callQuery(CALLS.newsList, { category_id: NEWS_CATEGORY.banner });

/** news/list of the headline announcements. */
export const announcementsQuery = () =>
  callQuery(CALLS.newsList, {
    category_id: NEWS_CATEGORY.announcement,
    limit: ANNOUNCEMENTS_SHOWN_MAX,
  });
