import { DEPOSIT_STATUS, type AdminDeposit } from '@exchange/contract';
import { Button } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { formatDateTime } from '../../../shared/format/date';
import { DepositScreenshot } from './deposit-screenshot';
import { AddressText, Amount, ReviewNote, UserCell } from './review-cells';
import styles from './review-cells.module.css';
import type { TableColumn } from '../../../shared/ui/table/table';
import { StatusTag } from './status-tag';
import { VndDepositCell } from './vnd-cells';

export type DepositAction = 'approve' | 'reject';

/** Columns of the deposit review list; pending rows offer approve and reject. */
export function useDepositColumns(
  onAction: (action: DepositAction, deposit: AdminDeposit) => void,
): TableColumn<AdminDeposit>[] {
  const { t } = useTranslation();
  return [
    { key: 'id', title: t('admin.col.id'), render: (d) => `#${String(d.id)}` },
    { key: 'user', title: t('admin.col.user'), render: (d) => <UserCell user={d.user} /> },
    {
      key: 'coin',
      title: t('admin.col.coin'),
      render: (d) => `${d.currency.code}${d.chain ? ` · ${d.chain}` : ''}`,
    },
    {
      key: 'amount',
      title: t('admin.col.amount'),
      align: 'right',
      render: (d) => <Amount value={d.number} coin={d.currency.code} />,
    },
    {
      key: 'from',
      title: t('admin.col.from'),
      render: (d) => <AddressText address={d.from_address} />,
    },
    {
      key: 'in',
      title: t('admin.col.in'),
      // A VND transfer: what to find on the bank statement instead of an address.
      render: (d) =>
        d.vnd ? (
          <VndDepositCell vnd={d.vnd} coin={d.currency.code} />
        ) : (
          <AddressText address={d.in_address} />
        ),
    },
    {
      key: 'screenshot',
      title: t('admin.col.screenshot'),
      render: (d) => <DepositScreenshot url={d.img_url} id={d.id} />,
    },
    { key: 'created', title: t('admin.col.created'), render: (d) => formatDateTime(d.created_at) },
    { key: 'status', title: t('admin.col.status'), render: (d) => <StatusTag status={d.status} /> },
    {
      key: 'review',
      title: t('admin.col.review'),
      render: (d) => <ReviewNote status={d.status} reviewedAt={d.reviewed_at} reason={d.reason} />,
    },
    {
      key: 'actions',
      title: t('admin.col.actions'),
      align: 'right',
      render: (d) =>
        d.status === DEPOSIT_STATUS.pending ? (
          <span className={styles.actions}>
            <Button
              size="small"
              type="primary"
              onClick={() => onAction('approve', d)}
              data-testid="deposit-approve"
            >
              {t('admin.action.approve')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() => onAction('reject', d)}
              data-testid="deposit-reject"
            >
              {t('admin.action.reject')}
            </Button>
          </span>
        ) : null,
    },
  ];
}
