import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { currencyMatchesQuery } from '../../../shared/market/use-live-markets';
import { Result } from '../../../shared/ui/result';

/** Placeholder rows of the table's height while the pairs load. */
export function MarketsSkeleton({ rows }: { rows: number }) {
  return (
    <div className="mk-skeleton" data-testid="markets-loading" aria-busy>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="mk-skeleton-row">
          <Skeleton.Avatar active size={24} />
          <Skeleton.Input active size="small" block />
        </div>
      ))}
    </div>
  );
}

/** The pairs could not be loaded: say so and offer to try again. */
export function MarketsError() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { queryKey } = currencyMatchesQuery();
  const retrying = useIsFetching({ queryKey }) > 0;
  const retry = () => void queryClient.refetchQueries({ queryKey });
  return (
    <Result
      status="warning"
      title={t('markets.error.title')}
      subTitle={t('markets.error.text')}
      data-testid="markets-error"
      extra={
        <Button type="primary" loading={retrying} onClick={retry} data-testid="markets-retry">
          {t('markets.error.retry')}
        </Button>
      }
    />
  );
}

/** No pair exists yet (or none matches). */
export function MarketsEmpty({ text }: { text: string }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} data-testid="markets-empty" />
  );
}
