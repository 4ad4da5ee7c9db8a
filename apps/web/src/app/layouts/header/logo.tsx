import { useTranslation } from '../../../shared/i18n/translation';
import { Link } from 'react-router';
import styles from './header.module.css';

/** The brand mark (the favicon's drawing) and name, linking home. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/home" className={styles.logo} aria-label={t('app.home')}>
      <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#2962ff" />
        <path
          d="M14 42 L26 30 L34 37 L50 20"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="M40 20 H50 V30"
          fill="none"
          stroke="#0ecb81"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{t('app.name')}</span>
    </Link>
  );
}
