import { Button, Empty, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { loginHref } from '../../../shared/api/access';
import { useTranslation } from '../../../shared/i18n/translation';
import { useLiveMarkets } from '../../../shared/market/use-live-markets';
import { useSession } from '../../../shared/store/session';
import { appStorage } from '../../../shared/store/storage';
import { Result } from '../../../shared/ui/result';
import { toastWarning } from '../../../shared/ui/toast';
import { microPairs, readMicroPair, resolveMicroPair, writeMicroPair } from '../lib/micro-pair';
import { MicroScreen } from './micro-screen';
import styles from './micro-page.module.css';

/**
 * The micro trade screen, /second (spec 3 "seconds options"): signed-in users only; the pairs
 * open for micro trade, the last one remembered under `micro_pair`.
 */
export function MicroPage() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.token !== null);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!signedIn) toastWarning(t('second.p_loginandtrade'), 'second.login');
  }, [signedIn, t]);

  if (!signedIn) return <Navigate to={loginHref(pathname + search)} replace />;
  return <MicroPairs />;
}

function MicroPairs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { groups, isLoading } = useLiveMarkets();
  const pairs = useMemo(() => (groups ? microPairs(groups) : []), [groups]);
  const [chosen, setChosen] = useState<number | null>(null);
  const pair = resolveMicroPair(pairs, chosen, readMicroPair(appStorage));
  const pairId = pair?.id;

  useEffect(() => {
    if (pairId !== undefined) writeMicroPair(appStorage, pairId);
  }, [pairId]);

  if (isLoading) {
    return (
      <div className={styles.state} data-testid="micro-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (!groups) {
    return (
      <div className={styles.state} data-testid="micro-error">
        <Result status="warning" title={t('second.page.error')} />
      </div>
    );
  }
  if (!pair) {
    return (
      <div className={styles.state} data-testid="micro-empty">
        <Empty description={t('second.page.noPair')}>
          <Button type="primary" onClick={() => void navigate('/trade')}>
            {t('second.page.toSpot')}
          </Button>
        </Empty>
      </div>
    );
  }
  return <MicroScreen pairs={pairs} pair={pair} onSelectPair={setChosen} />;
}
