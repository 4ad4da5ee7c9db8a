import { WITHDRAW_STATUS, type AdminWithdrawal } from '@exchange/contract';
import { Button } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { formatDateTime } from '../../../shared/format/date';
import { AddressText, Amount, ReviewNote, UserCell } from './review-cells';
import styles from './review-cells.module.css';
import type { TableColumn } from '../../../shared/ui/table/table';
import { StatusTag } from './status-tag';
import { VndAccountCell, VndPayoutCell } from './vnd-cells';

export type WithdrawalAction = 'approve' | 'reject';

/** Columns of the withdrawal review list; pending rows offer approve and reject. */
export function useWithdrawalColumns(
  onAction: (action: WithdrawalAction, withdrawal: AdminWithdrawal) => void,
): TableColumn<AdminWithdrawal>[] {
  const { t } = useTranslation();
  return [
    { key: 'id', title: t('admin.col.id'), render: (w) => `#${String(w.id)}` },
    { key: 'user', title: t('admin.col.user'), render: (w) => <UserCell user={w.user} /> },
    {
      key: 'coin',
      title: t('admin.col.coin'),
      render: (w) => `${w.currency.code}${w.chain ? ` · ${w.chain}` : ''}`,
    },
    {
      key: 'amount',
      title: t('admin.col.amount'),
      align: 'right',
      render: (w) => <Amount value={w.number} coin={w.currency.code} />,
    },
    {
      key: 'fee',
      title: t('admin.col.fee'),
      align: 'right',
      render: (w) => <Amount value={w.fee} coin={w.currency.code} />,
    },
    {
      key: 'receive',
      title: t('admin.col.receive'),
      align: 'right',
      // A VND withdrawal also says the đồng to pay and its rate.
      render: (w) =>
        w.vnd ? (
          <VndPayoutCell vnd={w.vnd} receive={w.receive} coin={w.currency.code} />
        ) : (
          <Amount value={w.receive} coin={w.currency.code} />
        ),
    },
    {
      key: 'address',
      title: t('admin.col.address'),
      render: (w) =>
        w.vnd ? (
          <VndAccountCell vnd={w.vnd} number={w.address} />
        ) : (
          <AddressText address={w.address} memo={w.memo} />
        ),
    },
    { key: 'created', title: t('admin.col.created'), render: (w) => formatDateTime(w.created_at) },
    { key: 'status', title: t('admin.col.status'), render: (w) => <StatusTag status={w.status} /> },
    {
      key: 'review',
      title: t('admin.col.review'),
      render: (w) => (
        <ReviewNote
          status={w.status}
          reviewedAt={w.reviewed_at}
          reason={w.reason}
          txRef={w.tx_ref}
        />
      ),
    },
    {
      key: 'actions',
      title: t('admin.col.actions'),
      align: 'right',
      render: (w) =>
        w.status === WITHDRAW_STATUS.pending ? (
          <span className={styles.actions}>
            <Button
              size="small"
              type="primary"
              onClick={() => onAction('approve', w)}
              data-testid="withdrawal-approve"
            >
              {t('admin.action.approve')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() => onAction('reject', w)}
              data-testid="withdrawal-reject"
            >
              {t('admin.action.reject')}
            </Button>
          </span>
        ) : null,
    },
  ];
}
