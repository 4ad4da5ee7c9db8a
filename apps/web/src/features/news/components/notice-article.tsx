import type { NewsItem } from '@exchange/contract';
import { Skeleton, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize-html';

/** Title, date and sanitized HTML body of one news item (spec 1 §2 News detail). */
export function NoticeArticle({ item }: { item: NewsItem }) {
  const { token } = theme.useToken();
  const body = useMemo(() => sanitizeHtml(item.content), [item.content]);
  return (
    <article>
      <Typography.Title level={1} className="news-article-title" data-testid="notice-title">
        {item.title}
      </Typography.Title>
      <time
        className="news-article-date news-tabular"
        dateTime={new Date(item.created_at).toISOString()}
        style={{ color: token.colorTextTertiary }}
      >
        {dayjs(item.created_at).format('YYYY-MM-DD HH:mm')}
      </time>
      <div
        className="news-body"
        data-testid="notice-body"
        style={{ color: token.colorText }}
        // Sanitized with an allow-list just above (lib/sanitize-html.ts).
        dangerouslySetInnerHTML={{ __html: body }}
      />
    </article>
  );
}

export function NoticeArticleSkeleton() {
  return <Skeleton active title paragraph={{ rows: 8 }} />;
}
