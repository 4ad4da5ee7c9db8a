import { Button, Skeleton } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { Result } from '../../../shared/ui/result';

/** Placeholder lines while a page's first read is on its way. */
export function LoadingBlock({ rows = 6, testId }: { rows?: number; testId: string }) {
  return (
    <div aria-busy data-testid={testId} style={{ padding: '8px 0' }}>
      <Skeleton active title={false} paragraph={{ rows }} />
    </div>
  );
}

/** A read failed: say so and offer to try again. */
export function ErrorBlock({
  onRetry,
  retrying,
  testId,
}: {
  onRetry: () => void;
  retrying: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Result
        status="warning"
        title={t('personal.state.errorTitle')}
        subTitle={t('personal.state.errorText')}
        extra={
          <Button type="primary" loading={retrying} onClick={onRetry}>
            {t('personal.state.retry')}
          </Button>
        }
      />
    </div>
  );
}
