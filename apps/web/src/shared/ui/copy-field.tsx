import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from '../i18n/translation';
import { copyText } from './copy-text';
import styles from './copy-field.module.css';
import { toastError, toastSuccess } from './toast';

interface Props {
  label: string;
  value: string;
  testId: string;
  /** What is shown, when it differs from what is copied (a grouped amount: its digits are copied). */
  display?: string;
}

/**
 * A value to send money to (a deposit address, a bank account, a transfer's reference), shown
 * whole, with a copy button and its toast (spec 2 §8).
 */
export function CopyField({ label, value, testId, display }: Props) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(value)) toastSuccess(t('assets.charge.copied'));
    else toastError(t('assets.charge.copyFailed'));
  };
  return (
    <div className={styles.copyField}>
      <div className={styles.copyLabel}>{label}</div>
      <div className={styles.copyRow}>
        <code className={styles.copyValue} data-testid={testId} data-value={value}>
          {display ?? value}
        </code>
        <Button
          icon={<CopyOutlined />}
          onClick={() => void copy()}
          aria-label={`${t('assets.charge.copy')}: ${label}`}
          data-testid={`${testId}-copy`}
        >
          {t('assets.charge.copy')}
        </Button>
      </div>
    </div>
  );
}
