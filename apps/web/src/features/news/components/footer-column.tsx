import { CALLS, FOOTER_MAX_ITEMS } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, theme } from 'antd';
import { Link } from 'react-router';
import { request } from '../../../shared/api/client';
import { callQuery } from '../../../shared/api/query';
import { noticeHref } from '../lib/links';

interface FooterColumnProps {
  categoryId: number;
  heading: string;
}

/** At most three titles of one category (spec 1 §9); hidden when the category is empty. */
export function FooterColumn({ categoryId, heading }: FooterColumnProps) {
  const { token } = theme.useToken();
  const params = { category_id: categoryId, limit: FOOTER_MAX_ITEMS };
  // The footer is on every page: a failure here stays silent rather than toasting everywhere.
  const { data, isPending } = useQuery({
    ...callQuery(CALLS.newsList, params),
    queryFn: () => request(CALLS.newsList, params, { silent: true }),
  });

  if (isPending) {
    return (
      <div className="news-footer-column">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  const items = (data?.data ?? []).slice(0, FOOTER_MAX_ITEMS);
  if (items.length === 0) return null;

  return (
    <nav className="news-footer-column" aria-label={heading}>
      <h3 className="news-footer-heading" style={{ color: token.colorText }}>
        {heading}
      </h3>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={noticeHref(categoryId, item.id)} style={{ color: token.colorTextSecondary }}>
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
