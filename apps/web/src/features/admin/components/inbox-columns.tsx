import type { CallResponse, CALLS } from '@exchange/contract';
import { Button } from 'antd';
import { formatDateTime } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/translation';
import type { TableColumn } from '../../../shared/ui/table/table';
import type { InboxTab } from '../lib/queue-view';
import { UserCell } from './review-cells';
import styles from './review-cells.module.css';
import own from './queue-cells.module.css';

/** A feedback as the operator's inbox lists it: with the user who sent it. */
export type InboxRow = CallResponse<typeof CALLS.adminFeedback>['data'][number];

/** The type's name in the UI language, its code while the names load. */
export function typeName(names: Map<number, string> | undefined, row: InboxRow): string {
  return names?.get(row.type) ?? row.type_code;
}

/** The title and the content as the user wrote them; the list shows the first lines. */
export function FeedbackMessage({ row, full = false }: { row: InboxRow; full?: boolean }) {
  return (
    <span className={own.message}>
      <span className={own.title} data-testid="inbox-title">
        {row.title}
      </span>
      <span
        className={`${own.content} ${full ? own.full : own.clamp}`}
        data-testid="inbox-content"
        title={full ? undefined : row.content}
      >
        {row.content}
      </span>
    </span>
  );
}

/** Columns of the feedback inbox of a tab; unanswered rows offer a reply, answered ones show it. */
export function useInboxColumns(
  tab: InboxTab,
  names: Map<number, string> | undefined,
  onReply: (row: InboxRow) => void,
): TableColumn<InboxRow>[] {
  const { t } = useTranslation();
  const columns: TableColumn<InboxRow>[] = [
    { key: 'user', title: t('admin.col.user'), render: (r) => <UserCell user={r.user} /> },
    {
      key: 'type',
      title: t('admin.inbox.col.type'),
      render: (r) => <span data-testid="inbox-type">{typeName(names, r)}</span>,
    },
    {
      key: 'message',
      title: t('admin.inbox.col.message'),
      render: (r) => <FeedbackMessage row={r} />,
    },
    { key: 'sent', title: t('admin.inbox.col.sent'), render: (r) => formatDateTime(r.created_at) },
    {
      key: 'reply',
      title: t('admin.inbox.col.reply'),
      render: (r) =>
        r.reply === null ? (
          <span className={styles.muted}>{t('admin.inbox.awaiting')}</span>
        ) : (
          <span className={styles.stack}>
            <span className={own.reply} data-testid="inbox-reply">
              {r.reply}
            </span>
            {r.replied_at !== null && (
              <span className={styles.muted}>{formatDateTime(r.replied_at)}</span>
            )}
          </span>
        ),
    },
    {
      key: 'actions',
      title: t('admin.col.actions'),
      align: 'right',
      card: 'foot',
      render: (r) =>
        r.reply === null ? (
          <Button
            size="small"
            type="primary"
            onClick={() => onReply(r)}
            data-testid="inbox-reply-open"
          >
            {t('admin.inbox.reply')}
          </Button>
        ) : null,
    },
  ];
  // Unanswered feedback has no reply to show yet, answered feedback no action left.
  const hidden = tab === 'unanswered' ? 'reply' : 'actions';
  return columns.filter((c) => c.key !== hidden);
}
