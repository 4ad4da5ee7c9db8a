import { Link } from 'react-router';
import { Trans, useTranslation } from '../../../shared/i18n/translation';
import styles from './earn.module.css';

const RULES = ['lock', 'daily', 'maturity', 'funded'] as const;

/**
 * How a subscription runs, in the words of the server's rules: from the financial account into
 * a holding locked for the term, interest every day, the principal back at maturity (never
 * before), and products that sell only while their interest is funded.
 */
export function EarnRules() {
  const { t } = useTranslation();
  return (
    <section className={styles.rules} aria-labelledby="earn-rules" data-testid="earn-rules">
      <h2 id="earn-rules" className={styles.rulesTitle}>
        {t('financial.how.title')}
      </h2>
      <ol className={styles.ruleList}>
        {RULES.map((key) => (
          <li key={key}>{t(`financial.how.${key}`)}</li>
        ))}
        <li>
          <Trans
            i18nKey="financial.how.funds"
            components={{
              transfer: <Link to="/assets/transfer" data-testid="earn-transfer-link" />,
            }}
          />
        </li>
      </ol>
    </section>
  );
}
