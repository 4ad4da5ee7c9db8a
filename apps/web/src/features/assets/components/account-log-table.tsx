import type { AccountLogEntry } from '@exchange/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { formatDateTime } from '../../../shared/format/date';
import { parseDecimal } from '../../../shared/format/number';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { ACCOUNT_LOG_PAGE_SIZE, useAccountLog } from '../api/account-log';
import { usePage } from '../hooks/use-page';
import { kindKey } from '../lib/journal-kind';
import { CurrencyFilter, type CurrencyOption } from './currency-filter';
import type { TableColumn } from '../../../shared/ui/table/table';
import { PagedRecords } from './paged-records';
import styles from './panel.module.css';

/** A signed amount, green when it adds and red when it takes, with its sign. */
function SignedAmount({ value }: { value: string }) {
  const format = useNumberFormat();
  const units = parseDecimal(value)?.units ?? 0n;
  const text = format.amount(value, 0, { sign: units > 0n });
  if (units > 0n) return <span className="up">{text}</span>;
  if (units < 0n) return <span className="down">{text}</span>;
  return <span>{text}</span>;
}

interface Props {
  /** The account code (`change_account`, …) whose journal is shown. */
  types: string;
  currencies: readonly CurrencyOption[];
  /** More filters shown before the currency filter (the account choice). */
  filters?: ReactNode;
}

/** Deal records of one account (addition): time, currency, kind, bucket, signed amount. */
export function AccountLogTable({ types, currencies, filters }: Props) {
  const { t } = useTranslation();
  const [currencyId, setCurrencyId] = useState<number | undefined>(undefined);
  const [page, setPage] = usePage(types);
  const log = useAccountLog(types, currencyId, page);

  const choose = (id: number | undefined) => {
    setCurrencyId(id);
    setPage(1);
  };

  const columns: TableColumn<AccountLogEntry>[] = [
    { key: 'time', title: t('assets.records.time'), render: (e) => formatDateTime(e.created_at) },
    { key: 'currency', title: t('assets.records.currency'), render: (e) => e.currency_code },
    {
      key: 'kind',
      title: t('assets.records.kind'),
      render: (e) => {
        const key = kindKey(e.kind);
        return <span data-testid="log-kind">{key ? t(key) : e.kind}</span>;
      },
    },
    {
      key: 'bucket',
      title: t('assets.records.bucket'),
      render: (e) => t(e.bucket === 1 ? 'assets.records.locked' : 'assets.records.available'),
    },
    {
      key: 'amount',
      title: t('assets.records.change'),
      align: 'right',
      render: (e) => <SignedAmount value={e.amount} />,
    },
  ];

  return (
    <section data-testid="account-log">
      <div className={styles.filters}>
        {filters}
        <CurrencyFilter
          currencies={currencies}
          value={currencyId}
          onChange={choose}
          testId="account-log-currency"
        />
      </div>
      <PagedRecords
        label={t('assets.table.log')}
        query={log}
        page={page}
        pageSize={ACCOUNT_LOG_PAGE_SIZE}
        onPageChange={setPage}
        columns={columns}
        rowKey={(e) => e.id}
        empty={t('assets.records.noMovements')}
        loadingRows={6}
        testId="account-log"
        recordTestId="account-log"
        minWidth={600}
      />
    </section>
  );
}
