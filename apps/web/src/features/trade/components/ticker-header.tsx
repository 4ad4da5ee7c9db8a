import type { CurrencyMatch } from '@exchange/contract';
import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { formatChange } from '../../../shared/market/change';
import { hasDayData, NO_DAY_DATA } from '../../../shared/market/day-data';
import styles from './market.module.css';

interface Props {
  pair: CurrencyMatch;
  /** Opens the pair list where it is not on the page (narrow windows). */
  onOpenPairs: () => void;
}

/** Symbol, last price, 24 h change, high, low and volume of the pair (spec 1 §2). */
export function TickerHeader({ pair, onOpenPairs }: Props) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const q = pair.currency_quotation;
  const change = formatChange(q.change, format.lang);
  // Nothing in the last 24 h: "--" for the day's figures, never a change of 0.00 % or a high of 0.
  const day = hasDayData(q);
  const tone = day ? (change.up ? 'up' : 'down') : '';
  const stats = [
    { key: 'high', value: day ? format.price(q.high, pair.price_decimals) : NO_DAY_DATA },
    { key: 'low', value: day ? format.price(q.low, pair.price_decimals) : NO_DAY_DATA },
    { key: 'volume', value: day ? format.quantity(q.volume, 2) : NO_DAY_DATA },
  ] as const;

  return (
    <header className={styles.ticker} data-testid="ticker-header">
      <div className={styles.symbol}>
        <Button
          className={styles.pairsButton}
          icon={<MenuOutlined />}
          onClick={onOpenPairs}
          aria-label={t('trade.pairs.open')}
          data-testid="open-pairs"
        />
        <h1 className={styles.symbolTitle} data-testid="ticker-symbol">
          {pair.symbol}
        </h1>
      </div>
      <div className={`${styles.last} num ${tone}`} data-testid="ticker-last">
        {format.price(q.close, pair.price_decimals)}
      </div>
      <div className={styles.stat}>
        <span className={styles.statLabel}>{t('trade.ticker.change')}</span>
        <span className={`num ${tone}`} data-testid="ticker-change">
          {day ? change.text : NO_DAY_DATA}
        </span>
      </div>
      {stats.map((stat) => (
        <div key={stat.key} className={styles.stat}>
          <span className={styles.statLabel}>{t(`trade.ticker.${stat.key}`)}</span>
          <span className="num">{stat.value}</span>
        </div>
      ))}
    </header>
  );
}
