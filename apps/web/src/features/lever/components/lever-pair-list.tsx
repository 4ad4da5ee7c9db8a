import type { CurrencyMatch } from '@exchange/contract';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { formatChange } from '../../../shared/market/change';
import styles from './lever.module.css';

interface Props {
  pairs: CurrencyMatch[];
  activeId: number;
  onSelect: (pairId: number) => void;
}

/** The pairs open for leveraged trading: symbol, last price and 24 h change. */
export function LeverPairList({ pairs, activeId, onSelect }: Props) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return (
    <nav className={styles.pairs} aria-label={t('leverage.pairs.title')} data-testid="lever-pairs">
      <h2 className={styles.title}>{t('leverage.pairs.title')}</h2>
      <ul className={styles.pairList}>
        {pairs.map((pair) => {
          const q = pair.currency_quotation;
          const change = formatChange(q.change, format.lang);
          const active = pair.id === activeId;
          return (
            <li key={pair.id}>
              <button
                type="button"
                className={`${styles.pairRow} ${active ? styles.active : ''}`}
                aria-current={active ? 'true' : undefined}
                onClick={() => onSelect(pair.id)}
                data-testid={`lever-pair-${pair.symbol}`}
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
