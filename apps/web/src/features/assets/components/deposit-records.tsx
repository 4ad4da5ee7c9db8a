import { DEPOSIT_PAGE_SIZE, type DepositRecord } from '@exchange/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { formatDateTime } from '../../../shared/format/date';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { formatVnd } from '../../../shared/format/vnd';
import { useRechargeLog } from '../api/recharge-log';
import { CurrencyFilter, type CurrencyOption } from './currency-filter';
import type { TableColumn } from '../../../shared/ui/table/table';
import { PagedRecords } from './paged-records';
import styles from './panel.module.css';
import { ReviewStatusTag } from './review-status';
import tableStyles from './table.module.css';

interface Props {
  /** Offered in the currency filter (All or one, spec 2 §2); without them the list is fixed. */
  currencies?: readonly CurrencyOption[];
  /** A fixed currency (the charge panel's) or the filter's first choice. */
  currencyId?: number;
  title: string;
  /** The title as a heading above the list (off where a tab already names it). */
  heading?: boolean;
}

/** Deposit records (spec 2 §2): currency, amount, deposit address, status, time; 15 a page. */
export function DepositRecords({ currencies, currencyId: initial, title, heading = true }: Props) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [currencyId, setCurrencyId] = useState(initial);
  const [page, setPage] = useState(1);
  const log = useRechargeLog(currencyId, page);

  const choose = (id: number | undefined) => {
    setCurrencyId(id);
    setPage(1);
  };

  // In the charge panel the currency is fixed (its title names it): the column would repeat it,
  // and the panel is narrow, so the address is cut shorter and the time takes two lines.
  const fixed = !currencies;
  const columns: TableColumn<DepositRecord>[] = [
    ...(fixed
      ? []
      : [
          {
            key: 'currency',
            title: t('assets.records.currency'),
            render: (r: DepositRecord) => r.currency.code,
          },
        ]),
    {
      key: 'amount',
      title: t('assets.records.amount'),
      align: 'right',
      render: (r) => format.amount(r.number, 0),
    },
    {
      key: 'address',
      title: t('assets.records.depositAddress'),
      render: (r) => (
        <span
          className={
            fixed ? `${tableStyles.address} ${tableStyles.addressNarrow}` : tableStyles.address
          }
          title={r.in_address}
        >
          {r.in_address || '—'}
          {r.chain && <span className={tableStyles.sub}>{r.chain}</span>}
          {r.vnd && (
            <span className={tableStyles.sub} data-testid="deposit-vnd">
              {t('recharge.vndRecord', {
                code: r.vnd.reference_code,
                amount: formatVnd(r.vnd.amount_vnd),
              })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('assets.records.status'),
      render: (r) => <ReviewStatusTag status={r.status} reason={r.reason} />,
    },
    {
      key: 'time',
      title: t('assets.records.time'),
      render: (r) => {
        const [date, time] = formatDateTime(r.created_at).split(' ');
        return fixed ? (
          <span className={tableStyles.stacked}>
            {date}
            <span className={tableStyles.sub}>{time}</span>
          </span>
        ) : (
          `${date ?? ''} ${time ?? ''}`
        );
      },
    },
  ];

  return (
    <section data-testid="deposit-records" aria-label={title}>
      <div className={heading ? styles.toolbar : styles.filters}>
        {heading && <h3 className={styles.subtitle}>{title}</h3>}
        {currencies && (
          <CurrencyFilter
            currencies={currencies}
            value={currencyId}
            onChange={choose}
            testId="deposit-records-currency"
          />
        )}
      </div>
      <PagedRecords
        label={title}
        query={log}
        page={page}
        pageSize={DEPOSIT_PAGE_SIZE}
        onPageChange={setPage}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t('assets.records.noDeposits')}
        testId="deposit-records"
        recordTestId="deposit"
        // The charge panel is about 510 px inside: its four columns fit without a scroll bar.
        minWidth={fixed ? 0 : undefined}
      />
    </section>
  );
}
