import { Button, Empty, Result, Skeleton } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';

/** Placeholder lines while a block loads. */
export function LoadingBlock({ rows = 4, testId }: { rows?: number; testId?: string }) {
  return (
    <div aria-busy data-testid={testId ?? 'assets-loading'} style={{ padding: '8px 0' }}>
      <Skeleton active title={false} paragraph={{ rows }} />
    </div>
  );
}

/** A block could not be loaded: say so and offer to try again. */
export function ErrorBlock({
  onRetry,
  retrying,
  testId,
}: {
  onRetry: () => void;
  retrying: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('assets.state.errorTitle')}
      subTitle={t('assets.state.errorText')}
      data-testid={testId ?? 'assets-error'}
      extra={
        <Button type="primary" loading={retrying} onClick={onRetry} data-testid="assets-retry">
          {t('assets.state.retry')}
        </Button>
      }
    />
  );
}

export function EmptyBlock({ text, testId }: { text: string; testId?: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={text}
      data-testid={testId ?? 'assets-empty'}
      style={{ padding: '16px 0' }}
    />
  );
}
