import type { CurrencyMatch } from '@exchange/contract';
import { Empty, Segmented, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link } from 'react-router';
import { useSession } from '../../../shared/store/session';
import { ORDERS_PAGE_SIZE, useOrders } from '../api/orders';
import { useOrderPushes } from '../hooks/use-order-pushes';
import type { HistoryTab, OrdersView, Way } from '../lib/order-push';
import styles from './history.module.css';
import { useOrderColumns } from './order-columns';
import { Table } from '../../../shared/ui/table/table';

interface Props {
  pair: CurrencyMatch;
  /** Decimals of every pair, for the all-pairs lists. */
  decimalsOf: (pairId: number) => { price: number; qty: number };
  returnTo: string;
}

const TABS: HistoryTab[] = ['current', 'all', 'history'];

/**
 * The user's spot orders (spec 2 §2): open orders of this pair, open orders of all pairs (each
 * with buy/sell sub-tabs) and finished orders; 10 a page; live by `TX_SUBMIT` and `TX_MATCHED`.
 */
export function HistoryPanel({ pair, decimalsOf, returnTo }: Props) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.token !== null);
  const [tab, setTab] = useState<HistoryTab>('current');
  const [way, setWay] = useState<Way>(1);
  const [page, setPage] = useState(1);
  const view: OrdersView = { tab, way, page, pairId: pair.id };
  const orders = useOrders(view);
  const columns = useOrderColumns(tab, decimalsOf);
  useOrderPushes(view);

  // A new pair, tab or side starts again at page 1.
  const [shownPair, setShownPair] = useState(pair.id);
  if (shownPair !== pair.id) {
    setShownPair(pair.id);
    setPage(1);
  }

  const chooseTab = (key: string) => {
    setTab(TABS.find((known) => known === key) ?? 'current');
    setPage(1);
  };
  const chooseWay = (value: Way) => {
    setWay(value);
    setPage(1);
  };

  const data = orders.data;
  return (
    <section
      className={styles.panel}
      aria-label={t('trade.history.title')}
      data-testid="history-panel"
    >
      <div className={styles.bar}>
        <Tabs
          activeKey={tab}
          onChange={chooseTab}
          items={TABS.map((key) => ({
            key,
            label: <span data-testid={`history-tab-${key}`}>{t(`trade.history.${key}`)}</span>,
          }))}
        />
        {tab !== 'history' && signedIn && (
          <Segmented<Way>
            size="small"
            value={way}
            onChange={chooseWay}
            options={[
              {
                value: 1,
                label: <span data-testid="history-way-buy">{t('trade.history.buy')}</span>,
              },
              {
                value: 2,
                label: <span data-testid="history-way-sell">{t('trade.history.sell')}</span>,
              },
            ]}
          />
        )}
      </div>
      {signedIn ? (
        <>
          <Table
            layout="scroll"
            minWidth={760}
            className={styles.orders}
            label={t(`trade.history.${tab}`)}
            columns={columns}
            rows={data?.data ?? []}
            rowKey={(order) => order.id}
            rowProps={() => ({ 'data-testid': 'order-row' })}
            loading={orders.isLoading}
            empty={t('trade.history.empty')}
            testId={`orders-${tab}`}
            paging={{
              page,
              pageSize: ORDERS_PAGE_SIZE,
              total: data?.total ?? 0,
              onChange: setPage,
              testId: 'orders-pager',
            }}
          />
        </>
      ) : (
        <Empty
          className={styles.guest}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span data-testid="history-guest">
              <Link to={`/login?page=${encodeURIComponent(returnTo)}`}>
                {t('trade.form.login')}
              </Link>{' '}
              {t('trade.form.or')} <Link to="/register">{t('trade.form.register')}</Link>{' '}
              {t('trade.history.guest')}
            </span>
          }
        />
      )}
    </section>
  );
}
