import type { CurrencyMatch } from '@exchange/contract';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { formatChange } from '../../../shared/market/change';
import { hasDayData, NO_DAY_DATA } from '../../../shared/market/day-data';
import styles from './micro.module.css';

/** The chart's header: symbol, last price, 24 h change, high, low and volume of the pair. */
export function MicroTicker({ pair }: { pair: CurrencyMatch }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const q = pair.currency_quotation;
  const change = formatChange(q.change, format.lang);
  const day = hasDayData(q);
  const tone = day ? (change.up ? 'up' : 'down') : '';
  const stats = [
    { key: 'change', value: day ? change.text : NO_DAY_DATA, tone },
    { key: 'high', value: day ? format.price(q.high, pair.price_decimals) : NO_DAY_DATA, tone: '' },
    { key: 'low', value: day ? format.price(q.low, pair.price_decimals) : NO_DAY_DATA, tone: '' },
    { key: 'volume', value: day ? format.quantity(q.volume, 2) : NO_DAY_DATA, tone: '' },
  ] as const;

  return (
    <header className={styles.ticker} data-testid="micro-ticker">
      <h1 className={styles.tickerSymbol} data-testid="micro-symbol">
        {pair.symbol}
      </h1>
      <div className={`${styles.last} num ${tone}`} data-testid="micro-last">
        {format.price(q.close, pair.price_decimals)}
      </div>
      {stats.map((stat) => (
        <div key={stat.key} className={styles.stat}>
          <span className={styles.statLabel}>{t(`second.ticker.${stat.key}`)}</span>
          <span className={`num ${stat.tone}`} data-testid={`micro-ticker-${stat.key}`}>
            {stat.value}
          </span>
        </div>
      ))}
    </header>
  );
}
