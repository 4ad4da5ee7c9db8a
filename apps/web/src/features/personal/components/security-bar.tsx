import { useTranslation } from '../../../shared/i18n/translation';
import { securityView } from '../lib/security';
import styles from './account-settings.module.css';

/** The account's security level (spec 3 §4): a bar and its label. */
export function SecurityBar({ level }: { level: number }) {
  const { t } = useTranslation();
  const view = securityView(level);
  const label = t(`personal.security.level.${view.label}`);
  return (
    <div className={styles.security} data-testid="security-level" data-level={level}>
      <div className={styles.securityHead}>
        <span className={styles.securityTitle}>{t('personal.security.title')}</span>
        <span
          className={`${styles.securityLabel} ${styles[view.tone]}`}
          data-testid="security-label"
        >
          {label}
        </span>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('personal.security.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.percent}
        aria-valuetext={label}
      >
        <div
          className={`${styles.barFill} ${styles[view.tone]}`}
          style={{ width: `${view.percent}%` }}
        />
      </div>
      {view.percent < 100 && <p className={styles.securityHint}>{t('personal.security.hint')}</p>}
    </div>
  );
}
