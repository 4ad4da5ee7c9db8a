import type { CurrencyMatch } from '@exchange/contract';
import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { formatChange } from '../../../shared/market/change';
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
  const tone = change.up ? 'up' : 'down';
  const stats = [
    { key: 'high', value: format.price(q.high, pair.price_decimals) },
    { key: 'low', value: format.price(q.low, pair.price_decimals) },
    { key: 'volume', value: format.quantity(q.volume, 2) },
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
          {change.text}
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
