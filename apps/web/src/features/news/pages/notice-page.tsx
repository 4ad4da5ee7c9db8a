import { CALLS, NEWS_CATEGORY } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError, request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';
import { NoticeArticle, NoticeArticleSkeleton } from '../components/notice-article';
import { NoticeList } from '../components/notice-list';
import { NoticeMissing } from '../components/notice-missing';
import { idFromQuery } from '../lib/links';
import { categoryPageQuery } from '../lib/news-queries';
import '../news.css';

/** Without any query, /notice opens the announcements. */
const DEFAULT_CATEGORY = NEWS_CATEGORY.announcement;

/**
 * News detail (spec 1 §2): `id` picks the item, `category_id` the list on the left; without
 * `category_id` the item's own category is listed; without `id` the newest item of the category.
 */
export function NoticePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idFromQuery(rawId);
  const malformedId = rawId !== null && id === undefined;
  const categoryParam = idFromQuery(searchParams.get('category_id'));

  const info = useQuery({
    ...callQuery(CALLS.newsInfo, { id: id ?? 0 }),
    // A missing item is explained in the page itself, not with a toast.
    queryFn: () => request(CALLS.newsInfo, { id: id ?? 0 }, { silent: true }),
    enabled: id !== undefined,
  });
  const categoryId = categoryParam ?? (rawId === null ? DEFAULT_CATEGORY : info.data?.category_id);

  // Without an id, show the newest item of the category and make the URL say which one it is.
  const first = useQuery({
    ...categoryPageQuery(categoryId ?? 0),
    enabled: rawId === null && categoryId !== undefined,
  });
  const firstId = first.data?.data[0]?.id;
  useEffect(() => {
    if (rawId === null && firstId !== undefined && categoryId !== undefined) {
      setSearchParams({ id: String(firstId), category_id: String(categoryId) }, { replace: true });
    }
  }, [rawId, firstId, categoryId, setSearchParams]);

  const notFound =
    malformedId ||
    (isApiError(info.error) && info.error.status === 404) ||
    (rawId === null && first.isSuccess && firstId === undefined);

  let article;
  if (notFound) article = <NoticeMissing />;
  else if (info.isError) article = <NoticeMissing failed onRetry={() => void info.refetch()} />;
  else if (info.data) article = <NoticeArticle item={info.data} />;
  else article = <NoticeArticleSkeleton />;

  return (
    <div className="news-notice">
      <div className="news-notice-article">{article}</div>
      {categoryId !== undefined ? (
        <aside className="news-notice-aside">
          <NoticeList key={categoryId} categoryId={categoryId} selectedId={id} />
        </aside>
      ) : null}
    </div>
  );
}
