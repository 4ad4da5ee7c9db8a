import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import styles from '../components/vnd.module.css';
import { VndHeader } from '../components/vnd-header';
import { VndWithdrawForm } from '../components/withdraw-form';

/**
 * /withdraw (spec 3 §2): USDT of the trade account paid out in VND to the user's bank account.
 * (Crypto withdrawals are /assets/withdraw.) Signed-in users only.
 */
export function VndWithdrawPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="vnd-withdraw-page">
      <VndHeader title={t('vnd.withdraw.title')} subtitle={t('vnd.withdraw.subtitle')}>
        <Link to="/withdrawLog" data-testid="vnd-withdraw-log-link">
          {t('vnd.withdraw.records')}
        </Link>
        <Link to="/assets/withdraw" data-testid="vnd-withdraw-crypto-link">
          {t('vnd.withdraw.crypto')}
        </Link>
      </VndHeader>
      <section className={styles.panel} aria-label={t('vnd.withdraw.title')}>
        <VndWithdrawForm />
      </section>
    </div>
  );
}
