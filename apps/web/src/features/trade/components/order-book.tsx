import type { CurrencyMatch, DepthSnapshot } from '@exchange/contract';
import { useTranslation } from 'react-i18next';
import { bookRows, type BookRow } from '../lib/book';
import { showAmount, showPrice } from '../lib/display';
import styles from './book.module.css';

interface Props {
  pair: CurrencyMatch;
  depth: DepthSnapshot | undefined;
  /** While loading, the rows stand empty (`--`) at their final height. */
  loading: boolean;
  /** Levels per side; rows are always this many, so pushes never move the layout. */
  levels: number;
  onPickPrice: (price: string) => void;
}

function Row({
  row,
  pair,
  label,
  onPick,
}: {
  row: BookRow;
  pair: CurrencyMatch;
  label: string;
  onPick: (price: string) => void;
}) {
  const tone = row.side === 'ask' ? 'down' : 'up';
  const cells = (
    <>
      <span
        className={`${styles.bar} ${row.side === 'ask' ? styles.askBar : styles.bidBar}`}
        style={{ width: `${String(Math.round(row.share * 100))}%` }}
        aria-hidden
      />
      <span className={styles.label}>{label}</span>
      <span className={`num ${styles.right} ${tone}`}>
        {row.price === null ? '--' : showPrice(row.price, pair.price_decimals)}
      </span>
      <span className={`num ${styles.right}`}>
        {row.amount === null ? '--' : showAmount(row.amount, pair.qty_decimals)}
      </span>
    </>
  );
  if (row.price === null) return <div className={styles.row}>{cells}</div>;
  const price = row.price;
  return (
    <button
      type="button"
      className={styles.row}
      onClick={() => onPick(price)}
      data-testid={`book-${row.key}`}
    >
      {cells}
    </button>
  );
}

/**
 * The order book (spec 1 §2): asks labelled sell1… above, bids labelled buy1… below, the last
 * price between them; a click on a level fills its price in both order forms. Live through
 * `MARKET_DEPTH` (the deal cache).
 */
export function OrderBook({ pair, depth, loading, levels, onPickPrice }: Props) {
  const { t } = useTranslation();
  const { asks, bids } = bookRows(depth, levels);
  const q = pair.currency_quotation;
  const up = !q.change.startsWith('-');

  return (
    <section
      className={styles.panel}
      aria-labelledby="order-book-title"
      aria-busy={loading}
      data-testid="order-book"
    >
      <h2 id="order-book-title" className={styles.title}>
        {t('trade.book.title')}
      </h2>
      <div className={styles.head}>
        <span />
        <span className={styles.right}>
          {t('trade.book.price', { coin: pair.quote_currency_code })}
        </span>
        <span className={styles.right}>
          {t('trade.book.amount', { coin: pair.base_currency_code })}
        </span>
      </div>
      <div data-testid="book-asks">
        {asks.map((row) => (
          <Row
            key={row.key}
            row={row}
            pair={pair}
            label={t('trade.book.ask', { n: row.rank })}
            onPick={onPickPrice}
          />
        ))}
      </div>
      <div className={styles.spread}>
        <span className={`num ${up ? 'up' : 'down'}`} data-testid="book-last">
          {showPrice(q.close, pair.price_decimals)}
        </span>
        <span className={styles.spreadHint}>{t('trade.book.last')}</span>
      </div>
      <div data-testid="book-bids">
        {bids.map((row) => (
          <Row
            key={row.key}
            row={row}
            pair={pair}
            label={t('trade.book.bid', { n: row.rank })}
            onPick={onPickPrice}
          />
        ))}
      </div>
    </section>
  );
}
