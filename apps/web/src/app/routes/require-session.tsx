import { CALLS } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { useTranslation } from '../../shared/i18n/translation';
import { Navigate, Outlet, useLocation } from 'react-router';
import { accessOf, loginHref, type AccessNeed } from '../../shared/api/access';
import { callQuery } from '../../shared/api/query';
import { useSession } from '../../shared/store/session';
import { Result } from '../../shared/ui/result';
import { Forbidden } from './forbidden';

/**
 * A layout route in front of pages that need a session: guests go to login with the page as
 * query (spec 1 §8); operator pages also need the `admin` role of user/info (403 otherwise).
 */
export function RequireSession({ need }: { need: AccessNeed }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const token = useSession((s) => s.token);
  const info = useQuery({ ...callQuery(CALLS.info), enabled: token !== null && need === 'admin' });
  const access = accessOf(token, info.data, need);

  if (access === 'guest') return <Navigate to={loginHref(pathname + search)} replace />;
  if (access === 'denied') return <Forbidden />;
  if (access === 'granted') return <Outlet />;
  if (info.isError) {
    return (
      <div data-testid="session-error" style={{ padding: '64px 16px' }}>
        <Result
          status="error"
          title={t('routeError.title')}
          subTitle={info.error.message}
          extra={
            <Button type="primary" onClick={() => void info.refetch()}>
              {t('admin.list.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div data-testid="session-loading" style={{ padding: '96px 0', textAlign: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
