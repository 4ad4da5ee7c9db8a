import { Empty, Spin } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useTradePair } from '../hooks/use-trade-pair';
import { TradeScreen } from './trade-screen';
import styles from './trade-page.module.css';

/** The spot trade screen, /trade?id=<row index of the open pairs> (spec 1 §2, spec 2 §2). */
export function TradePage() {
  const { t } = useTranslation();
  const { groups, pair, index, isLoading, select } = useTradePair();

  if (isLoading) {
    return (
      <div className={styles.state} data-testid="trade-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (!groups || !pair || index === undefined) {
    return (
      <div className={styles.state}>
        <Empty description={t(groups ? 'trade.page.noMarket' : 'trade.page.error')} />
      </div>
    );
  }
  return <TradeScreen groups={groups} pair={pair} index={index} onSelectPair={select} />;
}
