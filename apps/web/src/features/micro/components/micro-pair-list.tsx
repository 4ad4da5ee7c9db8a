import type { CurrencyMatch } from '@exchange/contract';
import { useState } from 'react';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { formatChange } from '../../../shared/market/change';
import { Segmented } from '../../../shared/ui/segmented';
import { microQuotes } from '../lib/micro-pair';
import styles from './micro.module.css';

interface Props {
  pairs: CurrencyMatch[];
  active: CurrencyMatch;
  onSelect: (pairId: number) => void;
}

/** The pairs open for micro trade by quote (USDT first): symbol, last price and 24 h change. */
export function MicroPairList({ pairs, active, onSelect }: Props) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const quotes = microQuotes(pairs);
  const [chosenQuote, setQuote] = useState<string | null>(null);
  const quote =
    chosenQuote !== null && quotes.includes(chosenQuote) ? chosenQuote : active.quote_currency_code;
  const shown = pairs.filter((p) => p.quote_currency_code === quote);

  return (
    <nav className={styles.pairs} aria-label={t('second.pairs.title')} data-testid="micro-pairs">
      <div className={styles.pairsHead}>
        <h2 className={styles.title}>{t('second.pairs.title')}</h2>
        {quotes.length > 1 && (
          <Segmented
            value={quote}
            options={quotes}
            onChange={setQuote}
            aria-label={t('second.pairs.quote')}
            data-testid="micro-quotes"
          />
        )}
      </div>
      <ul className={styles.pairList}>
        {shown.map((pair) => {
          const q = pair.currency_quotation;
          const change = formatChange(q.change, format.lang);
          const current = pair.id === active.id;
          return (
            <li key={pair.id}>
              <button
                type="button"
                className={`${styles.pairRow} ${current ? styles.active : ''}`}
                aria-current={current ? 'true' : undefined}
                onClick={() => onSelect(pair.id)}
                data-testid={`micro-pair-${pair.symbol}`}
              >
                <span className={styles.symbol}>{pair.symbol}</span>
                <span className={styles.quote}>
                  <span className="num">{format.price(q.close, pair.price_decimals)}</span>
                  <span className={`num ${change.up ? 'up' : 'down'}`}>{change.text}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
