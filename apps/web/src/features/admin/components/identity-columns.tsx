import { REVIEW, type IdentityRow } from '@exchange/contract';
import { Button, Tag } from 'antd';
import { formatDateTime } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/translation';
import type { TableColumn } from '../../../shared/ui/table/table';
import { identityTabOf, type IdentityTab } from '../lib/queue-view';
import { IdentityPhotos } from './identity-photos';
import { UserCell } from './review-cells';
import styles from './review-cells.module.css';
import own from './queue-cells.module.css';

export type IdentityAction = 'approve' | 'reject';

const COLORS = { pending: 'gold', approved: 'green', rejected: 'red' } as const;

/** The review state of a submission: when it was decided, and the reason the user was given. */
function IdentityState({ row }: { row: IdentityRow }) {
  const { t } = useTranslation();
  const tab = identityTabOf(row.review_status);
  return (
    <span className={styles.stack}>
      {tab && (
        <span>
          <Tag color={COLORS[tab]} data-testid="identity-status" data-status={tab}>
            {t(`admin.state.${tab}`)}
          </Tag>
        </span>
      )}
      {row.review_status === REVIEW.rejected && row.descript ? (
        <span className={styles.note} data-testid="identity-reason">
          {t('admin.note.reason', { reason: row.descript })}
        </span>
      ) : null}
      {row.reviewed_at !== null ? (
        <span className={styles.muted}>{formatDateTime(row.reviewed_at)}</span>
      ) : null}
    </span>
  );
}

/** Columns of the identity queue of a tab; pending submissions offer approve and reject. */
export function useIdentityColumns(
  tab: IdentityTab,
  onAction: (action: IdentityAction, row: IdentityRow) => void,
): TableColumn<IdentityRow>[] {
  const { t } = useTranslation();
  const columns: TableColumn<IdentityRow>[] = [
    { key: 'user', title: t('admin.col.user'), render: (r) => <UserCell user={r.user} /> },
    {
      key: 'name',
      title: t('admin.kyc.col.name'),
      render: (r) => (
        <span className={own.wrap} data-testid="identity-name">
          {r.name}
        </span>
      ),
    },
    {
      key: 'cardId',
      title: t('admin.kyc.col.cardId'),
      render: (r) => (
        <span className={styles.wrap} data-testid="identity-card-id">
          {r.card_id}
        </span>
      ),
    },
    {
      key: 'photos',
      title: t('admin.kyc.col.photos'),
      render: (r) => <IdentityPhotos photos={r} />,
    },
    {
      key: 'submitted',
      title: t('admin.kyc.col.submitted'),
      render: (r) => formatDateTime(r.created_at),
    },
    { key: 'state', title: t('admin.col.status'), render: (r) => <IdentityState row={r} /> },
    {
      key: 'actions',
      title: t('admin.col.actions'),
      align: 'right',
      card: 'foot',
      render: (r) =>
        r.review_status === REVIEW.pending ? (
          <span className={styles.actions}>
            <Button
              size="small"
              type="primary"
              onClick={() => onAction('approve', r)}
              data-testid="identity-approve"
            >
              {t('admin.action.approve')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() => onAction('reject', r)}
              data-testid="identity-reject"
            >
              {t('admin.action.reject')}
            </Button>
          </span>
        ) : null,
    },
  ];
  // Only pending submissions can be decided: the other tabs have no actions column.
  return tab === 'pending' ? columns : columns.filter((c) => c.key !== 'actions');
}
