import { MICRO_STATUS, type CurrencyMatch } from '@exchange/contract';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { bangkokClock } from '../../../shared/market-ui/chart-time';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import { useMicroList, type MicroStatus } from '../api/micro';
import { useNow } from '../../../shared/ui/use-now';
import { decimalsOf, formatRemain, ratioPercent } from '../lib/micro-form';
import type { MicroRow } from '../lib/micro-list';
import { EvidenceDialog } from './evidence-dialog';
import styles from './micro.module.css';

type Tab = 'open' | 'closed';

const TAB_STATUS: Record<Tab, MicroStatus> = {
  open: MICRO_STATUS.open,
  closed: MICRO_STATUS.closed,
};

const TAB_COLUMNS: Record<Tab, string[]> = {
  open: [
    'pair',
    'direction',
    'seconds',
    'stake',
    'open',
    'end',
    'ratio',
    'fee',
    'result',
    'remain',
  ],
  closed: [
    'pair',
    'direction',
    'seconds',
    'stake',
    'open',
    'end',
    'ratio',
    'fee',
    'result',
    'settled',
    'action',
  ],
};

/**
 * The user's micro orders (spec 3 §4): in progress with a countdown to the end, and closed with
 * the result and how it was settled; 10 a page, every pair.
 */
export function MicroHistory({ pairs }: { pairs: CurrencyMatch[] }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [tab, setTab] = useState<Tab>('open');
  const [pages, setPages] = useState<Record<Tab, number>>({ open: 1, closed: 1 });
  const [evidenceFor, setEvidenceFor] = useState<MicroRow | null>(null);
  const page = pages[tab];
  const list = useMicroList(TAB_STATUS[tab], page);
  const rows = list.data?.data ?? [];
  const counting = tab === 'open' && rows.some((r) => r.status === MICRO_STATUS.open);
  const now = useNow(counting);

  const decimalsOfPair = (matchId: number) => pairs.find((p) => p.id === matchId)?.price_decimals;
  const price = (row: MicroRow, value: string | null) => {
    if (value === null) return '—';
    const decimals = decimalsOfPair(row.match_id);
    return decimals === undefined ? format.amount(value) : format.price(value, decimals);
  };
  const money = (value: string) => format.amount(value, 2);
  const id = (row: MicroRow) => String(row.id);
  const percent = (ratio: string) => {
    const pct = ratioPercent(ratio);
    return format.percent(pct, { decimals: decimalsOf(pct) });
  };

  const all: Record<string, TableColumn<MicroRow>> = {
    pair: {
      key: 'pair',
      title: t('second.history.pair'),
      render: (r) => <span className={styles.rowSymbol}>{r.symbol_name}</span>,
    },
    direction: {
      key: 'direction',
      title: t('second.history.direction'),
      render: (r) => (
        <span className={r.type === 1 ? 'up' : 'down'} data-testid={`micro-direction-${id(r)}`}>
          {t(r.type === 1 ? 'second.up' : 'second.down')}
        </span>
      ),
    },
    seconds: {
      key: 'seconds',
      title: t('second.history.seconds'),
      align: 'right',
      render: (r) => <span className="num">{t('second.seconds', { n: r.seconds })}</span>,
    },
    stake: {
      key: 'stake',
      title: t('second.history.stake'),
      align: 'right',
      render: (r) => (
        <span className="num" data-testid={`micro-stake-${id(r)}`}>
          {money(r.number)} {r.currency_name}
        </span>
      ),
    },
    open: {
      key: 'open',
      title: t('second.history.openPrice'),
      align: 'right',
      render: (r) => (
        <span className="num" data-testid={`micro-open-${id(r)}`}>
          {price(r, r.open_price)}
        </span>
      ),
    },
    end: {
      key: 'end',
      title: t('second.history.endPrice'),
      align: 'right',
      render: (r) => (
        <span className="num" data-testid={`micro-end-${id(r)}`}>
          {price(r, r.end_price)}
        </span>
      ),
    },
    ratio: {
      key: 'ratio',
      title: t('second.history.ratio'),
      align: 'right',
      render: (r) => <span className="num">{percent(r.profit_ratio)}</span>,
    },
    fee: {
      key: 'fee',
      title: t('second.history.fee'),
      align: 'right',
      render: (r) => (
        <span className="num" data-testid={`micro-fee-${id(r)}`}>
          {money(r.fee)}
        </span>
      ),
    },
    result: {
      key: 'result',
      title: t('second.history.result'),
      align: 'right',
      render: (r) => {
        if (r.fact_profits === null || r.status !== MICRO_STATUS.closed) return '—';
        const tone = r.fact_profits.startsWith('-') ? 'down' : r.outcome === 'win' ? 'up' : '';
        return (
          <span
            className={`num ${tone}`}
            data-testid={`micro-result-${id(r)}`}
            data-value={r.fact_profits}
            data-outcome={r.outcome ?? ''}
          >
            {format.amount(r.fact_profits, 2, { sign: true })}
            {r.outcome && (
              <small className={styles.outcome}>{t(`second.outcome.${r.outcome}`)}</small>
            )}
          </span>
        );
      },
    },
    remain: {
      key: 'remain',
      title: t('second.history.remain'),
      align: 'right',
      render: (r) => {
        if (r.status === MICRO_STATUS.closed) {
          return <span data-testid={`micro-remain-${id(r)}`}>{t('second.history.done')}</span>;
        }
        const left = r.deadline - now;
        return (
          <span className="num" data-testid={`micro-remain-${id(r)}`}>
            {left > 0 ? formatRemain(left) : t('second.history.settling')}
          </span>
        );
      },
    },
    settled: {
      key: 'settled',
      title: `${t('second.history.settled')} (${t('second.zone')})`,
      render: (r) => <span className="num">{bangkokClock(r.settled_at ?? r.end_at)}</span>,
    },
    action: {
      key: 'action',
      title: t('second.history.action'),
      align: 'right',
      card: 'foot',
      render: (r) =>
        r.status === MICRO_STATUS.closed ? (
          <Button
            size="small"
            onClick={() => setEvidenceFor(r)}
            data-testid={`micro-evidence-${id(r)}`}
          >
            {t('second.history.how')}
          </Button>
        ) : null,
    },
  };
  const columns = TAB_COLUMNS[tab].flatMap((key) => (all[key] ? [all[key]] : []));
  const data = list.data;

  return (
    <section
      className={styles.history}
      aria-label={t('second.history.title')}
      data-testid="micro-history"
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'closed' ? 'closed' : 'open')}
        items={(['open', 'closed'] as const).map((key) => ({
          key,
          label: <span data-testid={`micro-tab-${key}`}>{t(`second.history.${key}`)}</span>,
        }))}
      />
      {list.isError && !data ? (
        <div className={styles.listError} data-testid="micro-history-error">
          {t('second.history.error')}{' '}
          <Button size="small" onClick={() => void list.refetch()}>
            {t('second.retry')}
          </Button>
        </div>
      ) : (
        <Table
          layout="cards"
          minWidth={1040}
          label={t(`second.history.${tab}`)}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          rowProps={(row) => ({
            'data-testid': `micro-row-${id(row)}`,
            'data-status': row.status,
          })}
          loading={list.isFetching && (list.isLoading || list.isPlaceholderData)}
          empty={t(`second.history.empty.${tab}`)}
          testId={`micro-list-${tab}`}
          paging={{
            page,
            pageSize: data?.per_page ?? 10,
            total: data?.total ?? 0,
            onChange: (next) => setPages((p) => ({ ...p, [tab]: next })),
            testId: `micro-pager-${tab}`,
          }}
        />
      )}
      <EvidenceDialog order={evidenceFor} pairs={pairs} onClose={() => setEvidenceFor(null)} />
    </section>
  );
}
