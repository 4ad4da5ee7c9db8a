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
import { leverPairs, readLeverPair, resolveLeverPair, writeLeverPair } from '../lib/lever-pair';
import { LeverScreen } from './lever-screen';
import styles from './lever-page.module.css';

/**
 * The leveraged trading screen, /lever (spec 2 "Leverage trade page"): signed-in users only; the
 * pairs open for leverage, the last one remembered under `lever_pair`.
 */
export function LeverPage() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.token !== null);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!signedIn) toastWarning(t('leverage.page.login'), 'leverage.login');
  }, [signedIn, t]);

  if (!signedIn) return <Navigate to={loginHref(pathname + search)} replace />;
  return <LeverPairs />;
}

function LeverPairs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { groups, isLoading } = useLiveMarkets();
  const pairs = useMemo(() => (groups ? leverPairs(groups) : []), [groups]);
  const [chosen, setChosen] = useState<number | null>(null);
  const pair = resolveLeverPair(pairs, chosen, readLeverPair(appStorage));
  const pairId = pair?.id;

  useEffect(() => {
    if (pairId !== undefined) writeLeverPair(appStorage, pairId);
  }, [pairId]);

  if (isLoading) {
    return (
      <div className={styles.state} data-testid="lever-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (!groups) {
    return (
      <div className={styles.state} data-testid="lever-error">
        <Result status="warning" title={t('leverage.page.error')} />
      </div>
    );
  }
  if (!pair) {
    return (
      <div className={styles.state} data-testid="lever-empty">
        <Empty description={t('leverage.page.noPair')}>
          <Button type="primary" onClick={() => void navigate('/trade')}>
            {t('leverage.page.toSpot')}
          </Button>
        </Empty>
      </div>
    );
  }
  return <LeverScreen pairs={pairs} pair={pair} onSelectPair={setChosen} />;
}
