import { useTranslation } from '../../../shared/i18n/translation';
import styles from './micro.module.css';

const RULES = ['choose', 'open', 'win', 'equal'] as const;

/** How an order runs from the stake to the result, in four lines. */
export function MicroRules() {
  const { t } = useTranslation();
  return (
    <section
      className={styles.rules}
      aria-label={t('second.rules.title')}
      data-testid="micro-rules"
    >
      <h2 className={styles.title}>{t('second.rules.title')}</h2>
      <ol className={styles.ruleList}>
        {RULES.map((key) => (
          <li key={key}>{t(`second.rules.${key}`)}</li>
        ))}
      </ol>
    </section>
  );
}
