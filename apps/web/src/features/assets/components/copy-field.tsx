import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { copyText } from '../../../shared/ui/copy-text';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import styles from './charge.module.css';

interface Props {
  label: string;
  value: string;
  testId: string;
}

/** A value to send coins to, shown whole, with a copy button and its toast (spec 2 §8). */
export function CopyField({ label, value, testId }: Props) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(value)) toastSuccess(t('assets.charge.copied'));
    else toastError(t('assets.charge.copyFailed'));
  };
  return (
    <div className={styles.copyField}>
      <div className={styles.copyLabel}>{label}</div>
      <div className={styles.copyRow}>
        <code className={styles.copyValue} data-testid={testId}>
          {value}
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
