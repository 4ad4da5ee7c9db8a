import type { CurrencyMatch } from '@exchange/contract';
import { KlineChart } from '../../../shared/market-ui/kline-chart';
import { NARROW_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { MicroForm } from '../components/micro-form';
import { MicroHistory } from '../components/micro-history';
import { MicroPairList } from '../components/micro-pair-list';
import { MicroRules } from '../components/micro-rules';
import { MicroTicker } from '../components/micro-ticker';
import { useMicroPushes } from '../hooks/use-micro-pushes';
import styles from './micro-page.module.css';

interface Props {
  pairs: CurrencyMatch[];
  pair: CurrencyMatch;
  onSelectPair: (pairId: number) => void;
}

/** The micro screen of one pair: pairs, the chart under its header, the order panel, history. */
export function MicroScreen({ pairs, pair, onSelectPair }: Props) {
  const narrow = useMediaQuery(NARROW_QUERY);
  useMicroPushes();

  const pairList = <MicroPairList pairs={pairs} active={pair} onSelect={onSelectPair} />;
  const ticker = <MicroTicker pair={pair} />;
  const chart = <KlineChart pair={pair} />;
  const form = <MicroForm key={pair.id} pair={pair} />;
  const history = <MicroHistory pairs={pairs} />;

  if (narrow) {
    return (
      <div className={styles.narrow} data-testid="micro-page">
        {pairList}
        {ticker}
        {form}
        {chart}
        {history}
        <MicroRules />
      </div>
    );
  }
  return (
    <div className={styles.page} data-testid="micro-page">
      <aside className={styles.pairs}>{pairList}</aside>
      <div className={styles.ticker}>{ticker}</div>
      <div className={styles.chart}>{chart}</div>
      <div className={styles.rules}>
        <MicroRules />
      </div>
      <div className={styles.form}>{form}</div>
      <div className={styles.history}>{history}</div>
    </div>
  );
}
