import type { TransferRecord } from '@exchange/contract';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/format/date';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { TRANSFER_PAGE_SIZE, useTransferLog } from '../api/transfer-log';
import type { TableColumn } from '../../../shared/ui/table/table';
import { PagedRecords } from '../components/paged-records';
import styles from '../components/panel.module.css';
import { usePage } from '../hooks/use-page';
import { accountLabelKey } from '../lib/menu';
import { queryId } from '../lib/query-id';

/** /assets/transferLog?currency_id=&currency_code=: transfers, of one currency when given. */
export function TransferLogPage() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [search] = useSearchParams();
  const currencyId = queryId(search.get('currency_id'));
  const code = currencyId === undefined ? null : search.get('currency_code');
  const [page, setPage] = usePage(currencyId);
  const log = useTransferLog(currencyId, page);

  const accountName = (id: number) => {
    const key = accountLabelKey(id);
    return key ? t(key) : String(id);
  };
  const columns: TableColumn<TransferRecord>[] = [
    { key: 'time', title: t('assets.records.time'), render: (r) => formatDateTime(r.created_at) },
    { key: 'currency', title: t('assets.records.currency'), render: (r) => r.currency_code },
    {
      key: 'amount',
      title: t('assets.records.amount'),
      align: 'right',
      render: (r) => format.amount(r.number, 0),
    },
    { key: 'from', title: t('assets.transfer.from'), render: (r) => accountName(r.from) },
    { key: 'to', title: t('assets.transfer.to'), render: (r) => accountName(r.to) },
  ];

  return (
    <section className={styles.panel} data-testid="transfer-log-page">
      <div className={styles.head}>
        <h2 className={styles.title}>
          {code ? t('assets.transfer.recordsOf', { coin: code }) : t('assets.transfer.allRecords')}
        </h2>
        <span style={{ display: 'inline-flex', gap: 16 }}>
          {currencyId !== undefined && (
            <Link to="/assets/transferLog">{t('assets.records.allCurrencies')}</Link>
          )}
          <Link
            to={
              currencyId ? `/assets/transfer?currency_id=${String(currencyId)}` : '/assets/transfer'
            }
          >
            {t('assets.menu.transfer')}
          </Link>
        </span>
      </div>
      <PagedRecords
        label={
          code ? t('assets.transfer.recordsOf', { coin: code }) : t('assets.transfer.allRecords')
        }
        query={log}
        page={page}
        pageSize={TRANSFER_PAGE_SIZE}
        onPageChange={setPage}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t('assets.records.noTransfers')}
        loadingRows={6}
        testId="transfer-log"
        recordTestId="transfer"
        minWidth={600}
      />
    </section>
  );
}
