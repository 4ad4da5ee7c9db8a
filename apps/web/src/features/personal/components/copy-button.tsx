import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { copyText } from '../../../shared/ui/copy-text';
import { toastError, toastSuccess } from '../../../shared/ui/toast';

/** Copies a value, saying whether it worked. */
export function CopyButton({
  value,
  label,
  testId,
}: {
  value: string;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(value)) toastSuccess(t('personal.copied'));
    else toastError(t('personal.copyFailed'));
  };
  return (
    <Button
      size="small"
      icon={<CopyOutlined />}
      onClick={() => void copy()}
      aria-label={`${t('personal.copy')}: ${label}`}
      data-testid={testId}
    >
      {t('personal.copy')}
    </Button>
  );
}
