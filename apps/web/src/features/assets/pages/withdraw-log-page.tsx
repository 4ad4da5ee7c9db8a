import type { WithdrawRecord } from '@exchange/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useWithdrawLog, WITHDRAW_PAGE_SIZE } from '../api/withdraw-log';
import type { TableColumn } from '../../../shared/ui/table/table';
import { PagedRecords } from '../components/paged-records';
import styles from '../components/panel.module.css';
import { ReviewStatusTag } from '../components/review-status';
import tableStyles from '../components/table.module.css';

/** /assets/withdrawLog: the user's withdrawals with fee, receive amount and review. */
export function WithdrawLogPage() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [page, setPage] = useState(1);
  const log = useWithdrawLog(page);

  const columns: TableColumn<WithdrawRecord>[] = [
    { key: 'time', title: t('assets.records.time'), render: (r) => formatDateTime(r.created_at) },
    { key: 'currency', title: t('assets.records.currency'), render: (r) => r.currency.code },
    {
      key: 'amount',
      title: t('assets.records.amount'),
      align: 'right',
      render: (r) => format.amount(r.number, 0),
    },
    {
      key: 'fee',
      title: t('assets.records.fee'),
      align: 'right',
      render: (r) => format.amount(r.fee, 0),
    },
    {
      key: 'receive',
      title: t('assets.records.receive'),
      align: 'right',
      render: (r) => format.amount(r.receive, 0),
    },
    {
      key: 'address',
      title: t('assets.records.address'),
      render: (r) => (
        <span className={tableStyles.address} title={r.address}>
          {r.address}
          {r.memo && <span className={tableStyles.sub}>{r.memo}</span>}
        </span>
      ),
    },
    { key: 'chain', title: t('assets.records.chain'), render: (r) => r.chain || '—' },
    {
      key: 'status',
      title: t('assets.records.status'),
      render: (r) => <ReviewStatusTag status={r.status} reason={r.reason} txRef={r.tx_ref} />,
    },
  ];

  return (
    <section className={styles.panel} data-testid="withdraw-log-page">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('assets.menu.withdrawLog')}</h2>
        <Link to="/assets/withdraw">{t('assets.menu.withdraw')}</Link>
      </div>
      <PagedRecords
        label={t('assets.menu.withdrawLog')}
        query={log}
        page={page}
        pageSize={WITHDRAW_PAGE_SIZE}
        onPageChange={setPage}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t('assets.records.noWithdrawals')}
        loadingRows={6}
        testId="withdraw-log"
        recordTestId="withdraw"
        minWidth={900}
      />
    </section>
  );
}
