import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pagination, Skeleton, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link } from 'react-router';
import { noticeHref } from '../lib/links';
import { categoryPageQuery, NOTICE_PAGE_SIZE } from '../lib/news-queries';

interface NoticeListProps {
  categoryId: number;
  selectedId: number | undefined;
}

/** Titles of the selected item's category, under the heading notice.more (spec 1 §2). */
export function NoticeList({ categoryId, selectedId }: NoticeListProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [page, setPage] = useState(1);
  const { data, isPending } = useQuery({
    ...categoryPageQuery(categoryId, page),
    placeholderData: keepPreviousData,
  });

  return (
    <nav className="news-list" aria-labelledby="news-list-heading">
      <h2 id="news-list-heading" className="news-list-heading" style={{ color: token.colorText }}>
        {t('notice.more')}
      </h2>
      {isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      ) : (
        <ul data-testid="notice-list">
          {(data?.data ?? []).map((item) => {
            const current = item.id === selectedId;
            return (
              <li key={item.id}>
                <Link
                  to={noticeHref(categoryId, item.id)}
                  aria-current={current ? 'page' : undefined}
                  className="news-list-link"
                  style={{
                    color: current ? token.colorPrimary : token.colorTextSecondary,
                    borderColor: current ? token.colorPrimary : 'transparent',
                  }}
                >
                  {item.title}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {data && data.last_page > 1 ? (
        <Pagination
          simple
          size="small"
          current={page}
          pageSize={NOTICE_PAGE_SIZE}
          total={data.total}
          onChange={setPage}
        />
      ) : null}
    </nav>
  );
}
