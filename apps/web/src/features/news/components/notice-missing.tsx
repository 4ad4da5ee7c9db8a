import { Button, Result } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useNavigate } from 'react-router';

interface NoticeMissingProps {
  /** True when the item could not be loaded for another reason than not existing. */
  failed?: boolean;
  onRetry?: () => void;
}

/** Shown in place of an article that does not exist (or could not be loaded). */
export function NoticeMissing({ failed = false, onRetry }: NoticeMissingProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={failed ? 'warning' : '404'}
      title={t(failed ? 'notice.failed' : 'notice.missing')}
      subTitle={t(failed ? 'notice.failedHint' : 'notice.missingHint')}
      extra={[
        failed && onRetry ? (
          <Button key="retry" type="primary" onClick={onRetry}>
            {t('notice.retry')}
          </Button>
        ) : null,
        <Button
          key="home"
          type={failed ? 'default' : 'primary'}
          onClick={() => void navigate('/home')}
          data-testid="notice-home"
        >
          {t('notice.home')}
        </Button>,
      ]}
    />
  );
}
