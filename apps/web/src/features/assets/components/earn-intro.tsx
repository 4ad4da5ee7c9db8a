import { RiseOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { Trans, useTranslation } from '../../../shared/i18n/translation';
import styles from './micro-intro.module.css';

/**
 * On the financial account: what the account is for (earning products), how money gets into it
 * (a transfer from another account) and the way to the earning list.
 */
export function EarnIntro() {
  const { t } = useTranslation();
  return (
    <div className={styles.intro} data-testid="earn-intro">
      <p className={styles.text}>
        <Trans
          i18nKey="assets.account.earnNote"
          components={{
            transfer: <Link to="/assets/transfer" data-testid="earn-transfer-link" />,
          }}
        />
      </p>
      <Link to="/deposit" className={styles.go} data-testid="earn-products-link">
        <RiseOutlined aria-hidden />
        {t('assets.account.earnLink')}
      </Link>
    </div>
  );
}
