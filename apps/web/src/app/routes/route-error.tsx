import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Result } from '../../shared/ui/result';
import { NotFound } from './not-found';

/** A route's error boundary: a page that crashed says so and offers a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) console.error(error);
  }, [error, notFound]);

  if (notFound) return <NotFound />;
  return (
    <div data-testid="route-error" style={{ padding: '64px 16px' }}>
      <Result
        status="error"
        title={t('routeError.title')}
        subTitle={t('routeError.text')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
        }
      />
    </div>
  );
}
