import { ACCOUNT_TYPE_IDS, type AccountLogEntry } from '@exchange/contract';
import { Select } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { formatZoneDateTime } from '../../../shared/format/date';
import { parseDecimal } from '../../../shared/format/number';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import {
  TRANSACTION_LOG_PAGE_SIZE,
  useAccountList,
  useTransactionLog,
} from '../api/transaction-log';
import { ErrorBlock, LoadingBlock } from '../components/load-state';
import panel from '../components/panel.module.css';
import {
  accountFilterOf,
  accountLabelKey,
  kindKey,
  typesParam,
  type AccountFilter,
} from '../lib/transaction-log';

/** A signed amount, green when it adds and red when it takes, with its sign. */
function SignedAmount({ value }: { value: string }) {
  const format = useNumberFormat();
  const units = parseDecimal(value)?.units ?? 0n;
  const text = format.amount(value, 0, { sign: units > 0n });
  const tone = units > 0n ? 'up' : units < 0n ? 'down' : undefined;
  return (
    <span className={tone} data-testid="log-amount">
      {text}
    </span>
  );
}

const ALL_CURRENCIES = 0;

/**
 * /personal/transactionLog: the user's ledger entries across accounts (account_log/list with
 * types=all), newest first, 15 a page; filtered by account and currency (?account=, ?currency=).
 */
export function TransactionLogPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const account = accountFilterOf(search.get('account'));
  const currencyId = Number(search.get('currency')) || undefined;
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  const log = useTransactionLog(typesParam(account), currencyId, page);
  const accounts = useAccountList();

  // Every currency the user has an account of, once, in the list's order.
  const currencies = new Map<number, string>();
  for (const a of (accounts.data ?? []).flatMap((g) => g.accounts)) {
    if (!currencies.has(a.currency_id)) currencies.set(a.currency_id, a.currency_code);
  }

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next, { replace: true });
  };
  const accountName = (id: number) => {
    const key = accountLabelKey(id);
    return key ? t(key) : String(id);
  };

  const columns: TableColumn<AccountLogEntry>[] = [
    {
      key: 'time',
      title: t('personal.log.time'),
      render: (e) => <span className="num">{formatZoneDateTime(e.created_at)}</span>,
    },
    {
      key: 'account',
      title: t('personal.log.account'),
      render: (e) => <span data-testid="log-account">{accountName(e.account_type_id)}</span>,
    },
    { key: 'currency', title: t('personal.log.currency'), render: (e) => e.currency_code },
    {
      key: 'kind',
      title: t('personal.log.kind'),
      render: (e) => {
        const key = kindKey(e.kind);
        const bucket = e.bucket === 1 ? ` · ${t('personal.log.locked')}` : '';
        return (
          <span data-testid="log-kind">
            {key ? t(key) : e.kind}
            {bucket && <span className="text-secondary">{bucket}</span>}
          </span>
        );
      },
    },
    {
      key: 'amount',
      title: t('personal.log.amount'),
      align: 'right',
      render: (e) => <SignedAmount value={e.amount} />,
    },
  ];

  let body: ReactNode;
  if (log.isError && !log.data) {
    body = (
      <ErrorBlock
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
        testId="transaction-log-error"
      />
    );
  } else if (!log.data) {
    body = <LoadingBlock testId="transaction-log-loading" />;
  } else {
    body = (
      <Table
        layout="cards"
        label={t('personal.menu.transactionLog')}
        columns={columns}
        rows={log.data.data}
        rowKey={(e) => e.id}
        rowProps={() => ({ 'data-testid': 'transaction-log-row' })}
        loading={log.isPlaceholderData}
        empty={t('personal.log.empty')}
        testId="transaction-log-table"
        minWidth={680}
        paging={{
          page,
          pageSize: TRANSACTION_LOG_PAGE_SIZE,
          total: log.data.total,
          onChange: (p) => update({ page: p === 1 ? null : String(p) }),
          testId: 'transaction-log-pager',
        }}
      />
    );
  }

  return (
    <section className={panel.panel} data-testid="transaction-log-page">
      <div className={panel.head}>
        <h1 className={panel.title}>{t('personal.menu.transactionLog')}</h1>
      </div>
      <div className={panel.filters}>
        <Select<AccountFilter>
          value={account}
          onChange={(v) => update({ account: v === 'all' ? null : String(v), page: null })}
          options={[
            { value: 'all', label: t('personal.log.allAccounts') },
            ...ACCOUNT_TYPE_IDS.map((id) => ({ value: id, label: accountName(id) })),
          ]}
          aria-label={t('personal.log.account')}
          style={{ minWidth: 170 }}
          data-testid="log-account-filter"
        />
        <Select<number>
          value={currencyId ?? ALL_CURRENCIES}
          onChange={(id) =>
            update({ currency: id === ALL_CURRENCIES ? null : String(id), page: null })
          }
          options={[
            { value: ALL_CURRENCIES, label: t('personal.log.allCurrencies') },
            ...[...currencies].map(([id, code]) => ({ value: id, label: code })),
          ]}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('personal.log.currency')}
          style={{ minWidth: 140 }}
          data-testid="log-currency-filter"
        />
      </div>
      {body}
    </section>
  );
}
