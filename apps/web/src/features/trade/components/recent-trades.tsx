import type { CurrencyMatch, PublicTrade } from '@exchange/contract';
import { Skeleton } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { TABULAR_NUMS } from '../../../shared/format/tabular';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { tradeTime } from '../lib/display';
import styles from '../../../shared/market-ui/book.module.css';

interface Props {
  pair: CurrencyMatch;
  /** Newest first, at most 30 (spec 1 §4). */
  trades: PublicTrade[];
  loading: boolean;
}

/**
 * The latest trades of the pair: time, price, amount. A taker buy (way 1) is green, a taker sell
 * red. Live through `GLOBAL_TX`; the list scrolls inside a fixed height.
 */
export function RecentTrades({ pair, trades, loading }: Props) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return (
    <section
      className={styles.panel}
      aria-labelledby="recent-trades-title"
      data-testid="recent-trades"
    >
      <h2 id="recent-trades-title" className={styles.title}>
        {t('trade.trades.title')}
      </h2>
      <div className={`${styles.head} ${styles.tradesHead}`}>
        <span>{`${t('trade.trades.time')} (${t('trade.chart.zone')})`}</span>
        <span className={styles.right}>
          {t('trade.trades.price', { coin: pair.quote_currency_code })}
        </span>
        <span className={styles.right}>
          {t('trade.trades.amount', { coin: pair.base_currency_code })}
        </span>
      </div>
      <div className={styles.trades}>
        {loading ? (
          <Skeleton active paragraph={{ rows: 8 }} title={false} className={styles.skeleton} />
        ) : trades.length === 0 ? (
          <p className={styles.empty}>{t('trade.trades.empty')}</p>
        ) : (
          <ol className={styles.list} data-testid="trade-rows">
            {trades.map((trade) => (
              <li
                key={trade.id}
                className={`${styles.row} ${styles.tradeRow}`}
                data-testid="trade-row"
              >
                <span className={`${TABULAR_NUMS} text-secondary`}>
                  {tradeTime(trade.timestamp)}
                </span>
                <span
                  className={`${TABULAR_NUMS} ${styles.right} ${trade.way === 1 ? 'up' : 'down'}`}
                >
                  {format.price(trade.price, pair.price_decimals)}
                </span>
                <span className={`${TABULAR_NUMS} ${styles.right}`}>
                  {format.quantity(trade.amount, pair.qty_decimals)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
