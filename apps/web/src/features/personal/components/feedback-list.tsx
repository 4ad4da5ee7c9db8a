import { CustomerServiceOutlined } from '@ant-design/icons';
import type { FeedbackRow } from '@exchange/contract';
import { Empty, Pagination, Spin, Tag } from 'antd';
import { formatZoneDateTime } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useFeedbackList, useFeedbackTypes } from '../api/feedback-api';
import { ErrorBlock, LoadingBlock } from './load-state';
import styles from './feedback.module.css';

/** One feedback: its type, title, time and content, then the operator's reply or its wait. */
function FeedbackItem({ row, typeName }: { row: FeedbackRow; typeName: string }) {
  const { t } = useTranslation();
  const answered = row.reply !== null;
  return (
    <li
      className={styles.item}
      data-testid="feedback-row"
      data-id={row.id}
      data-state={answered ? 'answered' : 'awaiting'}
    >
      <div className={styles.itemHead}>
        <Tag className={styles.type} data-testid="feedback-row-type">
          {typeName}
        </Tag>
        <Tag color={answered ? 'success' : 'gold'} className={styles.state}>
          <span data-testid="feedback-row-state">
            {t(answered ? 'support.list.answered' : 'support.list.awaiting')}
          </span>
        </Tag>
      </div>
      <h3 className={styles.itemTitle} data-testid="feedback-row-title">
        {row.title}
      </h3>
      <time className={styles.time} dateTime={new Date(row.created_at).toISOString()}>
        {t('support.list.sentAt', { time: formatZoneDateTime(row.created_at) })}
      </time>
      <p className={styles.content} data-testid="feedback-row-content">
        {row.content}
      </p>
      {answered ? (
        <div className={styles.reply} data-testid="feedback-row-reply">
          <div className={styles.replyHead}>
            <CustomerServiceOutlined aria-hidden />
            <span className={styles.replyWho}>{t('support.list.reply')}</span>
            {row.replied_at !== null && (
              <time className={styles.time} dateTime={new Date(row.replied_at).toISOString()}>
                {t('support.list.utc7', { time: formatZoneDateTime(row.replied_at) })}
              </time>
            )}
          </div>
          <p className={styles.replyText} data-testid="feedback-reply-text">
            {row.reply}
          </p>
        </div>
      ) : (
        <p className={styles.waiting} data-testid="feedback-row-waiting">
          {t('support.list.waiting')}
        </p>
      )}
    </li>
  );
}

/** The user's feedback, newest first, 10 a page, with the replies. */
export function FeedbackList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const list = useFeedbackList(page);
  const types = useFeedbackTypes();
  const names = new Map((types.data ?? []).map((type) => [type.id, type.name]));
  const data = list.data;

  if (list.isError && !data) {
    return (
      <ErrorBlock
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="feedback-list-error"
      />
    );
  }
  if (!data) return <LoadingBlock rows={5} testId="feedback-list-loading" />;
  if (data.total === 0) {
    return (
      <Empty
        className={styles.empty}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="feedback-list-empty">{t('support.list.empty')}</span>}
      />
    );
  }
  return (
    <Spin spinning={list.isPlaceholderData && list.isFetching}>
      <ul
        className={styles.list}
        aria-label={t('support.list.heading')}
        data-testid="feedback-list"
      >
        {data.data.map((row) => (
          <FeedbackItem key={row.id} row={row} typeName={names.get(row.type) ?? row.type_code} />
        ))}
      </ul>
      {data.total > data.per_page && (
        <Pagination
          className={styles.pager}
          size="small"
          current={page}
          pageSize={data.per_page}
          total={data.total}
          showSizeChanger={false}
          showTotal={(total) => t('support.list.total', { count: total })}
          onChange={onPage}
          data-testid="feedback-pager"
        />
      )}
    </Spin>
  );
}
