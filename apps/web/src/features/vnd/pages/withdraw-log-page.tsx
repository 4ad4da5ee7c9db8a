import { VND_WITHDRAW_PAGE_SIZE } from '@exchange/contract';
import { Button, Empty, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { formatVnd } from '../../../shared/format/vnd';
import { useTranslation } from '../../../shared/i18n/translation';
import { LinkButton } from '../../../shared/ui/link-button';
import { Result } from '../../../shared/ui/result';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import { useVndWithdrawals, type VndWithdrawal } from '../api/withdrawal';
import styles from '../components/vnd.module.css';
import { VndHeader } from '../components/vnd-header';
import { WITHDRAW_STATUS_VIEW, withdrawNote } from '../lib/vnd-form';

/**
 * /withdrawLog (spec 3 §2): the user's VND withdrawals, newest first, 15 a page: the USDT, the
 * rate, the đồng paid, the bank account, the status with the payout's reference or the reason.
 */
export function VndWithdrawLogPage() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [page, setPage] = useState(1);
  const list = useVndWithdrawals(page);
  const data = list.data;

  const columns: TableColumn<VndWithdrawal>[] = [
    {
      key: 'time',
      title: t('vnd.withdrawLog.col.time'),
      render: (r) => <span className="num">{formatDateTime(r.created_at)}</span>,
    },
    {
      key: 'amount',
      title: t('vnd.withdrawLog.col.amount'),
      align: 'right',
      render: (r) => (
        <span className="num" data-testid="vnd-log-amount" data-value={r.amount}>
          {format.amount(r.amount)} {r.currency_code}
        </span>
      ),
    },
    {
      key: 'rate',
      title: t('vnd.withdrawLog.col.rate'),
      align: 'right',
      render: (r) => (
        <span className="num" data-testid="vnd-log-rate">
          {formatVnd(r.rate)}
        </span>
      ),
    },
    {
      key: 'total',
      title: t('vnd.withdrawLog.col.total'),
      align: 'right',
      render: (r) => (
        <strong className="num" data-testid="vnd-log-total" data-value={r.total_amount}>
          {formatVnd(r.total_amount)}
        </strong>
      ),
    },
    {
      key: 'bank',
      title: t('vnd.withdrawLog.col.bank'),
      render: (r) => (
        <span className={styles.stack} data-testid="vnd-log-bank">
          <span>{r.bank_name}</span>
          <span className="num">{r.account_number}</span>
          <span className={styles.sub}>{r.account_name}</span>
        </span>
      ),
    },
    {
      key: 'status',
      title: t('vnd.withdrawLog.col.status'),
      render: (r) => {
        const view = WITHDRAW_STATUS_VIEW[r.status];
        const note = withdrawNote(r);
        return (
          <span className={styles.stack} data-testid="vnd-log-status" data-status={r.status}>
            <span>
              <Tag className={styles.tag} color={view.color}>
                {t(view.key)}
              </Tag>
            </span>
            {note && (
              <span className={styles.note} title={note.text} data-testid={`vnd-log-${note.kind}`}>
                {note.kind === 'txRef'
                  ? t('vnd.withdrawLog.txRef', { ref: note.text })
                  : t('vnd.withdrawLog.reason', { reason: note.text })}
              </span>
            )}
          </span>
        );
      },
    },
  ];

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t('vnd.withdrawLog.empty')}
      data-testid="vnd-log-empty"
    >
      <LinkButton type="primary" to="/withdraw" data-testid="vnd-log-empty-link">
        {t('vnd.withdrawLog.withdraw')}
      </LinkButton>
    </Empty>
  );

  return (
    <div className={styles.page} data-testid="vnd-withdraw-log-page">
      <VndHeader title={t('vnd.withdrawLog.title')} subtitle={t('vnd.withdrawLog.subtitle')}>
        <Link to="/withdraw" data-testid="vnd-log-withdraw-link">
          {t('vnd.withdrawLog.withdraw')}
        </Link>
      </VndHeader>
      <section className={styles.panel} aria-label={t('vnd.withdrawLog.title')}>
        {list.isError && !data ? (
          <div data-testid="vnd-log-error">
            <Result
              status="warning"
              title={t('vnd.withdrawLog.error')}
              subTitle={list.error.message}
              extra={
                <Button type="primary" onClick={() => void list.refetch()}>
                  {t('vnd.retry')}
                </Button>
              }
            />
          </div>
        ) : (
          <Table
            layout="cards"
            minWidth={880}
            label={t('vnd.withdrawLog.title')}
            columns={columns}
            rows={data?.data ?? []}
            rowKey={(row) => row.id}
            rowProps={(row) => ({ 'data-testid': 'vnd-log-row', 'data-id': row.id })}
            loading={list.isFetching && (list.isLoading || list.isPlaceholderData)}
            empty={empty}
            testId="vnd-log"
            paging={{
              page,
              pageSize: data?.per_page ?? VND_WITHDRAW_PAGE_SIZE,
              total: data?.total ?? 0,
              onChange: setPage,
              testId: 'vnd-log-pager',
            }}
          />
        )}
      </section>
    </div>
  );
}
