import type { CurrencyMatch, DepthSnapshot } from '@exchange/contract';
import { useRef } from 'react';
import { useTranslation } from '../i18n/translation';
import { NOT_A_NUMBER } from '../format/number';
import { TABULAR_NUMS } from '../format/tabular';
import { useNumberFormat } from '../format/use-number-format';
import { useFitRows } from './use-fit-rows';
import { bookRows, bookSpread, type BookRow } from './book';
import styles from './book.module.css';

interface Props {
  pair: CurrencyMatch;
  depth: DepthSnapshot | undefined;
  /** While loading, the sides stand empty at their final height. */
  loading: boolean;
  /**
   * At most this many levels a side; fewer when fewer fit in the panel's height. The panel's
   * height never depends on the levels, so pushes never move the layout.
   */
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
  const format = useNumberFormat();
  const cells = (
    <>
      <span
        className={`${styles.bar} ${row.side === 'ask' ? styles.askBar : styles.bidBar}`}
        style={{ width: `${String(Math.round(row.share * 100))}%` }}
        aria-hidden
      />
      <span className={styles.label}>{label}</span>
      <span className={`${TABULAR_NUMS} ${styles.right} ${tone}`} data-testid="book-price">
        {format.price(row.price, pair.price_decimals)}
      </span>
      <span className={`${TABULAR_NUMS} ${styles.right}`} data-testid="book-amount">
        {format.quantity(row.amount, pair.qty_decimals)}
      </span>
    </>
  );
  return (
    <button
      type="button"
      className={styles.row}
      onClick={() => onPick(row.price)}
      data-testid={`book-${row.key}`}
    >
      {cells}
    </button>
  );
}

/** Height of a level's row in px (book.module.css `.row`). */
const ROW_HEIGHT = 22;

/**
 * The order book (spec 1 §2): asks labelled sell1… above (the highest at the top, sell1 next to
 * the spread), bids labelled buy1… below, the last price and the spread between them; each side
 * shows as many levels as fit, one row per level. A click on a level fills its price in both
 * order forms. Live through `MARKET_DEPTH` (the deal cache).
 */
export function OrderBook({ pair, depth, loading, levels, onPickPrice }: Props) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const asksBox = useRef<HTMLDivElement>(null);
  const fit = useFitRows(asksBox, ROW_HEIGHT, levels);
  const { asks, bids } = bookRows(depth, fit);
  const spread = bookSpread(depth);
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
      <div ref={asksBox} className={`${styles.side} ${styles.asks}`} data-testid="book-asks">
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
      <div className={styles.spread} data-testid="book-spread">
        <span className={styles.lastPrice}>
          <span className={`${TABULAR_NUMS} ${up ? 'up' : 'down'}`} data-testid="book-last">
            {format.price(q.close, pair.price_decimals)}
          </span>
          <span className={styles.spreadHint}>{t('trade.book.last')}</span>
        </span>
        <span className={styles.spreadHint}>
          {t('trade.book.spread')}{' '}
          <span className={`${TABULAR_NUMS} ${styles.spreadValue}`} data-testid="book-spread-value">
            {spread === null ? NOT_A_NUMBER : format.price(spread, pair.price_decimals)}
          </span>
        </span>
      </div>
      <div className={`${styles.side} ${styles.bids}`} data-testid="book-bids">
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
