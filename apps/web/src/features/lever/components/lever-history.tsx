import { LEVER_STATUS, type CurrencyMatch, type LeverPosition } from '@exchange/contract';
import { Button, Popconfirm, Tabs } from 'antd';
import { useState } from 'react';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { Table, type TableColumn } from '../../../shared/ui/table/table';
import { toastSuccess } from '../../../shared/ui/toast';
import { useLeverCancel, useLeverClose, useLeverTrades } from '../api/lever';
import { LEVER_PAGE_SIZE, LEVER_TABS, leverTime, type LeverTab } from '../lib/lever-form';
import { CloseAllDialog } from './close-all-dialog';
import { StopDialog } from './stop-dialog';
import styles from './lever.module.css';

const TAB_KEY: Record<LeverTab, string> = {
  5: 'current',
  1: 'positions',
  0: 'entrusts',
  3: 'closed',
  6: 'delegation',
};

/** Columns each tab shows, in order. */
const TAB_COLUMNS: Record<LeverTab, string[]> = {
  5: [
    'time',
    'pair',
    'side',
    'hands',
    'entry',
    'mark',
    'margin',
    'fee',
    'stops',
    'profit',
    'action',
  ],
  1: ['time', 'pair', 'side', 'status', 'hands', 'entry', 'margin', 'profit', 'action'],
  0: ['time', 'pair', 'side', 'status', 'hands', 'target', 'margin', 'fee', 'action'],
  3: ['closedAt', 'pair', 'side', 'hands', 'entry', 'closePrice', 'reason', 'fee', 'profit'],
  6: ['time', 'pair', 'side', 'hands', 'target', 'margin', 'fee', 'action'],
};

/**
 * The history tabs (current positions, all positions, all entrusts, all closed, current
 * delegation), 10 rows a page; open positions set stops or close, waiting entrusts cancel.
 */
export function LeverHistory({ pair }: { pair: CurrencyMatch }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [tab, setTab] = useState<LeverTab>(5);
  const [page, setPage] = useState(1);
  const [stopFor, setStopFor] = useState<LeverPosition | null>(null);
  const [closeAll, setCloseAll] = useState(false);
  const trades = useLeverTrades(tab, pair.id, page);
  const close = useLeverClose();
  const cancel = useLeverCancel();

  const [shownPair, setShownPair] = useState(pair.id);
  if (shownPair !== pair.id) {
    setShownPair(pair.id);
    setPage(1);
  }

  // Prices at the pair's decimals; other pairs' rows (the "all" tabs) at their own, when known.
  const pd = pair.price_decimals;
  const price = (value: string | null) => (value === null ? '—' : format.price(value, pd));
  const money = (value: string) => format.amount(value, 2);
  const signed = (value: string) => (
    <span className={`num ${value.startsWith('-') ? 'down' : 'up'}`}>
      {format.amount(value, 2, { sign: true })}
    </span>
  );
  const id = (row: LeverPosition) => String(row.id);

  const all: Record<string, TableColumn<LeverPosition>> = {
    time: {
      key: 'time',
      title: `${t('leverage.history.time')} (${t('leverage.zone')})`,
      render: (r) => <span className="num">{leverTime(r.time)}</span>,
    },
    closedAt: {
      key: 'closedAt',
      title: `${t('leverage.history.closedAt')} (${t('leverage.zone')})`,
      render: (r) => <span className="num">{leverTime(r.handle_time ?? r.time)}</span>,
    },
    pair: { key: 'pair', title: t('leverage.history.pair'), render: (r) => r.symbol },
    side: {
      key: 'side',
      title: t('leverage.history.side'),
      render: (r) => (
        <span className={r.type === 1 ? 'up' : 'down'}>
          {t(r.type === 1 ? 'leverage.form.long' : 'leverage.form.short')} ×{r.multiple}
        </span>
      ),
    },
    status: {
      key: 'status',
      title: t('leverage.history.status'),
      render: (r) => t(`leverage.status.${String(r.status)}`),
    },
    hands: {
      key: 'hands',
      title: t('leverage.history.hands'),
      align: 'right',
      render: (r) => <span className="num">{r.share}</span>,
    },
    entry: {
      key: 'entry',
      title: t('leverage.history.entry'),
      align: 'right',
      render: (r) => <span className="num">{price(r.price)}</span>,
    },
    target: {
      key: 'target',
      title: t('leverage.history.target'),
      align: 'right',
      render: (r) => <span className="num">{price(r.target_price)}</span>,
    },
    mark: {
      key: 'mark',
      title: t('leverage.history.mark'),
      align: 'right',
      render: (r) => <span className="num">{price(r.update_price)}</span>,
    },
    closePrice: {
      key: 'closePrice',
      title: t('leverage.history.closePrice'),
      align: 'right',
      render: (r) => (
        <span className="num" data-testid={`lever-close-price-${id(r)}`}>
          {price(r.close_price)}
        </span>
      ),
    },
    margin: {
      key: 'margin',
      title: t('leverage.history.margin'),
      align: 'right',
      render: (r) => (
        <span className="num" data-testid={`lever-margin-${id(r)}`}>
          {money(r.caution_money)}
        </span>
      ),
    },
    fee: {
      key: 'fee',
      title: t('leverage.history.fee'),
      align: 'right',
      render: (r) => <span className="num">{money(r.trade_fee)}</span>,
    },
    stops: {
      key: 'stops',
      title: t('leverage.history.stops'),
      align: 'right',
      render: (r) => (
        <span className="num" data-testid={`lever-stops-${id(r)}`}>
          <span className="up">{price(r.target_profit_price)}</span> /{' '}
          <span className="down">{price(r.stop_loss_price)}</span>
        </span>
      ),
    },
    reason: {
      key: 'reason',
      title: t('leverage.history.reason'),
      render: (r) => (
        <span data-testid={`lever-reason-${id(r)}`}>
          {r.close_reason === null ? '—' : t(`leverage.reason.${r.close_reason}`)}
        </span>
      ),
    },
    profit: {
      key: 'profit',
      title: t('leverage.history.profit'),
      align: 'right',
      render: (r) =>
        r.status === LEVER_STATUS.trading || r.status === LEVER_STATUS.closed ? (
          <span data-testid={`lever-profit-${id(r)}`}>{signed(r.profits)}</span>
        ) : (
          '—'
        ),
    },
    action: {
      key: 'action',
      title: t('leverage.history.action'),
      align: 'right',
      card: 'foot',
      render: (r) => {
        if (r.status === LEVER_STATUS.trading) {
          return (
            <span className={styles.actions}>
              <Button
                size="small"
                onClick={() => setStopFor(r)}
                data-testid={`lever-stop-${id(r)}`}
              >
                {t('leverage.history.setStops')}
              </Button>
              <Popconfirm
                title={t('leverage.history.closeConfirm')}
                okText={t('leverage.confirm.ok')}
                cancelText={t('leverage.confirm.cancel')}
                okButtonProps={{ 'data-testid': 'lever-close-ok' }}
                onConfirm={() =>
                  close.mutateAsync(r.id).then(() => toastSuccess(t('leverage.history.closedDone')))
                }
              >
                <Button size="small" danger data-testid={`lever-close-${id(r)}`}>
                  {t('leverage.history.close')}
                </Button>
              </Popconfirm>
            </span>
          );
        }
        if (r.status === LEVER_STATUS.entrust) {
          return (
            <Button
              size="small"
              danger
              loading={cancel.isPending && cancel.variables === r.id}
              onClick={() =>
                cancel.mutate(r.id, {
                  onSuccess: () => toastSuccess(t('leverage.history.cancelled')),
                })
              }
              data-testid={`lever-cancel-${id(r)}`}
            >
              {t('leverage.history.cancel')}
            </Button>
          );
        }
        return null;
      },
    },
  };
  const columns = TAB_COLUMNS[tab].flatMap((key) => (all[key] ? [all[key]] : []));
  const data = trades.data;

  return (
    <section
      className={styles.history}
      aria-label={t('leverage.history.title')}
      data-testid="lever-history"
    >
      <div className={styles.historyBar}>
        <Tabs
          activeKey={String(tab)}
          onChange={(key) => {
            setTab(LEVER_TABS.find((known) => String(known) === key) ?? 5);
            setPage(1);
          }}
          items={LEVER_TABS.map((key) => ({
            key: String(key),
            label: (
              <span data-testid={`lever-history-${TAB_KEY[key]}`}>
                {t(`leverage.history.${TAB_KEY[key]}`)}
              </span>
            ),
          }))}
        />
        <Button danger onClick={() => setCloseAll(true)} data-testid="lever-close-all">
          {t('leverage.closeAll.button')}
        </Button>
      </div>
      {trades.isError && !data ? (
        <div className={styles.listError} data-testid="lever-history-error">
          {t('leverage.history.error')}{' '}
          <Button size="small" onClick={() => void trades.refetch()}>
            {t('leverage.retry')}
          </Button>
        </div>
      ) : (
        <Table
          layout="cards"
          minWidth={960}
          label={t(`leverage.history.${TAB_KEY[tab]}`)}
          columns={columns}
          rows={data?.data ?? []}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ 'data-testid': `lever-row-${id(row)}` })}
          loading={trades.isLoading}
          empty={t('leverage.history.empty')}
          testId={`lever-list-${TAB_KEY[tab]}`}
          paging={{
            page,
            pageSize: LEVER_PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: setPage,
            testId: 'lever-pager',
          }}
        />
      )}
      <StopDialog position={stopFor} pair={pair} onClose={() => setStopFor(null)} />
      <CloseAllDialog pair={pair} open={closeAll} onClose={() => setCloseAll(false)} />
    </section>
  );
}
