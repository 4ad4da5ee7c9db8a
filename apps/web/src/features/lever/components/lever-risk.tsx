import type { CurrencyMatch } from '@exchange/contract';
import { Alert } from 'antd';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useTranslation } from '../../../shared/i18n/translation';
import { useLeverDealAll } from '../api/lever';
import { hazardLevel } from '../lib/lever-form';
import styles from './lever.module.css';

/**
 * The pair's hazard rate and the total profit of its open positions (lever/dealall, read again
 * every few seconds); a warning at or below 100 % (positions may only be reduced), an error near
 * the stop-out level.
 */
export function LeverRisk({ pair, stopOut }: { pair: CurrencyMatch; stopOut: string }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const all = useLeverDealAll(pair.id);
  const data = all.data;
  const rate = data?.hazard_rate ?? null;
  const level = hazardLevel(rate, stopOut);
  const quote = pair.quote_currency_code;
  const profit = data?.profits_all ?? '0';
  const up = !profit.startsWith('-');

  return (
    <section className={styles.risk} aria-label={t('leverage.risk.title')} data-testid="lever-risk">
      <div className={styles.riskStats}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('leverage.risk.hazard')}</span>
          <span className={`num ${styles.statValue}`} data-testid="lever-hazard">
            {rate === null ? '—' : format.percent(rate)}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('leverage.risk.profit', { quote })}</span>
          <span
            className={`num ${styles.statValue} ${up ? 'up' : 'down'}`}
            data-testid="lever-profit"
          >
            {format.amount(profit, 2, { sign: true })}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('leverage.risk.margin', { quote })}</span>
          <span className={`num ${styles.statValue}`} data-testid="lever-margin-all">
            {format.amount(data?.caution_money_all ?? '0', 2)}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('leverage.risk.stopOut')}</span>
          <span className={`num ${styles.statValue}`}>
            {format.percent(stopOut, { decimals: 0 })}
          </span>
        </div>
      </div>
      {all.isError && (
        <Alert
          type="error"
          showIcon
          title={t('leverage.risk.error')}
          data-testid="lever-risk-error"
        />
      )}
      {level !== 'safe' && (
        <Alert
          type={level === 'danger' ? 'error' : 'warning'}
          showIcon
          title={t(level === 'danger' ? 'leverage.risk.danger' : 'leverage.risk.reduce', {
            level: format.percent(stopOut, { decimals: 0 }),
          })}
          data-testid={`lever-risk-${level}`}
        />
      )}
    </section>
  );
}
