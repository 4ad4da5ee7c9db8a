import { ThunderboltOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { Trans, useTranslation } from '../../../shared/i18n/translation';
import styles from './micro-intro.module.css';

/**
 * On the second account: what the account is for (micro trade), how money gets into it (a
 * transfer from another account) and the way to the micro trade screen.
 */
export function MicroIntro() {
  const { t } = useTranslation();
  return (
    <div className={styles.intro} data-testid="micro-intro">
      <p className={styles.text}>
        <Trans
          i18nKey="assets.account.microNote"
          components={{
            transfer: <Link to="/assets/transfer" data-testid="micro-transfer-link" />,
          }}
        />
      </p>
      <Link to="/second" className={styles.go} data-testid="micro-trade-link">
        <ThunderboltOutlined aria-hidden />
        {t('assets.account.microTrade')}
      </Link>
    </div>
  );
}
