import type { CurrencyMatch } from '@exchange/contract';
import { useState } from 'react';
import { cleanDecimalInput } from '../../../shared/format/number';
import { useDeal } from '../../../shared/market-ui/deal';
import { KlineChart } from '../../../shared/market-ui/kline-chart';
import { OrderBook } from '../../../shared/market-ui/order-book';
import { useMarketFeed } from '../../../shared/market-ui/use-market-feed';
import { NARROW_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { useLeverDeal } from '../api/lever';
import { LeverForm } from '../components/lever-form';
import { LeverHistory } from '../components/lever-history';
import { LeverPairList } from '../components/lever-pair-list';
import { LeverRisk } from '../components/lever-risk';
import styles from './lever-page.module.css';

interface Props {
  pairs: CurrencyMatch[];
  pair: CurrencyMatch;
  onSelectPair: (pairId: number) => void;
}

/** The lever screen of one pair: pairs, risk, chart, book, order form and the history tabs. */
export function LeverScreen({ pairs, pair, onSelectPair }: Props) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const deal = useDeal(pair.id);
  const leverDeal = useLeverDeal(pair.id);
  useMarketFeed(pair);

  // A price picked from the book fills the limit form; a new pair starts it empty.
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const [shownPair, setShownPair] = useState(pair.id);
  if (shownPair !== pair.id) {
    setShownPair(pair.id);
    setPicked(null);
  }

  const stopOut = leverDeal.data?.stop_out_level ?? '50';
  const pairList = <LeverPairList pairs={pairs} activeId={pair.id} onSelect={onSelectPair} />;
  const risk = <LeverRisk pair={pair} stopOut={stopOut} />;
  const chart = <KlineChart pair={pair} />;
  const book = (
    <OrderBook
      pair={pair}
      depth={deal.data?.depth}
      loading={deal.isLoading}
      levels={narrow ? 6 : 10}
      onPickPrice={(price) =>
        setPicked({ price: cleanDecimalInput(price, pair.price_decimals), at: Date.now() })
      }
    />
  );
  const form = <LeverForm key={pair.id} pair={pair} deal={leverDeal} picked={picked} />;
  const history = <LeverHistory pair={pair} />;

  if (narrow) {
    return (
      <div className={styles.narrow} data-testid="lever-page">
        {pairList}
        {risk}
        {form}
        {chart}
        <div className={styles.narrowBook}>{book}</div>
        {history}
      </div>
    );
  }
  return (
    <div className={styles.page} data-testid="lever-page">
      <aside className={styles.pairs}>{pairList}</aside>
      <div className={styles.risk}>{risk}</div>
      <div className={styles.chart}>{chart}</div>
      <div className={styles.book}>{book}</div>
      <div className={styles.form}>{form}</div>
      <div className={styles.history}>{history}</div>
    </div>
  );
}
