import type { QuoteGroup } from '@exchange/contract';
import { Empty, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { formatChange } from '../../../shared/market/change';
import styles from './market.module.css';

interface Props {
  groups: QuoteGroup[];
  activeId: number;
  onSelect: (pairId: number) => void;
  /** False inside the drawer, whose own title names the list. */
  titled?: boolean;
}

/**
 * Quote-currency groups and their open pairs (spec 2 §2): base code, last price, and the change,
 * green with a plus sign from 0 up, red below.
 */
export function PairList({ groups, activeId, onSelect, titled = true }: Props) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const withOpen = groups.filter((g) => g.matches.some((m) => m.open_change === 1));
  const activeGroup = withOpen.find((g) => g.matches.some((m) => m.id === activeId));
  const [chosen, setChosen] = useState<string | null>(null);
  const code = chosen ?? activeGroup?.code ?? withOpen[0]?.code ?? '';
  const group = withOpen.find((g) => g.code === code) ?? withOpen[0];
  const pairs = group?.matches.filter((m) => m.open_change === 1) ?? [];

  return (
    <nav className={styles.pairs} aria-label={t('trade.pairs.title')} data-testid="pair-list">
      {titled && <h2 className={styles.pairsTitle}>{t('trade.pairs.title')}</h2>}
      {withOpen.length > 1 && (
        <div className={styles.groups}>
          <Segmented
            block
            size="small"
            value={group?.code}
            options={withOpen.map((g) => g.code)}
            onChange={(value) => setChosen(value)}
          />
        </div>
      )}
      <div className={styles.pairHead}>
        <span>{t('trade.pairs.pair')}</span>
        <span className={styles.right}>{t('trade.pairs.last')}</span>
        <span className={styles.right}>{t('trade.pairs.change')}</span>
      </div>
      {pairs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trade.pairs.empty')} />
      ) : (
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
                  data-testid={`pair-${pair.symbol}`}
                >
                  <span className={styles.base}>{pair.base_currency_code}</span>
                  <span className={`${styles.right} num`}>
                    {format.price(q.close, pair.price_decimals)}
                  </span>
                  <span className={`${styles.right} num ${change.up ? 'up' : 'down'}`}>
                    {change.text}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
