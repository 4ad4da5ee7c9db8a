import type { CurrencyMatch, QuoteGroup } from '@exchange/contract';
import { Drawer, Tabs } from 'antd';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { cleanDecimalInput } from '../../../shared/format/number';
import { NARROW_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { useDeal } from '../../../shared/market-ui/deal';
import { HistoryPanel } from '../components/history-panel';
import { KlineChart } from '../../../shared/market-ui/kline-chart';
import { OrderBook } from '../../../shared/market-ui/order-book';
import { OrderForm } from '../components/order-form';
import { PairList } from '../components/pair-list';
import { RecentTrades } from '../components/recent-trades';
import { TickerHeader } from '../components/ticker-header';
import { useMarketFeed } from '../../../shared/market-ui/use-market-feed';
import { useBalancePushes } from '../hooks/use-order-pushes';
import { formReducer, INITIAL_FORM } from '../lib/form-state';
import { priceDecimals } from '../lib/order-math';
import { recentTrades } from '../../../shared/market-ui/recent-trades';
import styles from './trade-page.module.css';

interface Props {
  groups: QuoteGroup[];
  pair: CurrencyMatch;
  index: number;
  onSelectPair: (pairId: number) => void;
}

const BOOK_LEVELS = { wide: 10, narrow: 9 };

/** The trade screen of one pair: its layout on wide and narrow windows. */
export function TradeScreen({ groups, pair, index, onSelectPair }: Props) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW_QUERY);
  const [pairsOpen, setPairsOpen] = useState(false);
  const deal = useDeal(pair.id);
  useMarketFeed(pair);
  useBalancePushes();

  // Both order forms start empty for a new pair (keeping limit or market).
  const [form, dispatch] = useReducer(formReducer, INITIAL_FORM);
  const [formPair, setFormPair] = useState(pair.id);
  if (formPair !== pair.id) {
    setFormPair(pair.id);
    dispatch({ type: 'reset' });
  }

  const txCompletes = deal.data?.tx_completes;
  const trades = useMemo(() => recentTrades(txCompletes ?? []), [txCompletes]);
  const depth = deal.data?.depth;
  const returnTo = `/trade?id=${String(index)}`;

  const decimalsOf = useCallback(
    (pairId: number) => {
      const match = groups.flatMap((g) => g.matches).find((m) => m.id === pairId);
      return { price: match?.price_decimals ?? 4, qty: match?.qty_decimals ?? 6 };
    },
    [groups],
  );

  const pickPrice = (price: string) =>
    dispatch({
      type: 'fillPrice',
      price: cleanDecimalInput(price, priceDecimals(pair.price_decimals)),
    });

  const selectPair = (pairId: number) => {
    setPairsOpen(false);
    onSelectPair(pairId);
  };

  const pairList = <PairList groups={groups} activeId={pair.id} onSelect={selectPair} />;
  const ticker = <TickerHeader pair={pair} onOpenPairs={() => setPairsOpen(true)} />;
  const chart = <KlineChart pair={pair} />;
  const book = (levels: number) => (
    <OrderBook
      pair={pair}
      depth={depth}
      loading={deal.isLoading}
      levels={levels}
      onPickPrice={pickPrice}
    />
  );
  const tradeList = <RecentTrades pair={pair} trades={trades} loading={deal.isLoading} />;
  const orderForm = (
    <OrderForm
      pair={pair}
      depth={depth}
      form={form}
      dispatch={dispatch}
      narrow={narrow}
      returnTo={returnTo}
    />
  );
  const history = <HistoryPanel pair={pair} decimalsOf={decimalsOf} returnTo={returnTo} />;
  const drawer = (
    <Drawer
      className={styles.drawer}
      placement="left"
      size={300}
      open={pairsOpen}
      onClose={() => setPairsOpen(false)}
      title={t('trade.pairs.title')}
    >
      <PairList groups={groups} activeId={pair.id} onSelect={selectPair} titled={false} />
    </Drawer>
  );

  if (narrow) {
    return (
      <div className={styles.narrow} data-testid="trade-page">
        {ticker}
        <Tabs
          className={styles.tabs}
          items={[
            { key: 'chart', label: t('trade.layout.chart'), children: chart },
            {
              key: 'book',
              label: <span data-testid="trade-view-book">{t('trade.layout.book')}</span>,
              children: <div className={styles.tabPane}>{book(BOOK_LEVELS.narrow)}</div>,
            },
            {
              key: 'trades',
              label: <span data-testid="trade-view-trades">{t('trade.layout.trades')}</span>,
              children: <div className={styles.tabPane}>{tradeList}</div>,
            },
          ]}
        />
        {orderForm}
        {history}
        {drawer}
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid="trade-page">
      <aside className={styles.pairs}>{pairList}</aside>
      <div className={styles.ticker}>{ticker}</div>
      <div className={styles.chart}>{chart}</div>
      <div className={styles.book}>{book(BOOK_LEVELS.wide)}</div>
      <div className={styles.form}>{orderForm}</div>
      <div className={styles.trades}>{tradeList}</div>
      <div className={styles.history}>{history}</div>
      {drawer}
    </div>
  );
}
