import { CHART_HEIGHT_PX, type CurrencyMatch } from '@exchange/contract';
import { Segmented, Spin } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/store/preferences';
import { appStorage } from '../../../shared/store/storage';
import { useTopic } from '../../../shared/ws/use-topic';
import { useKline } from '../api/kline';
import { MA_COLORS, useKlineChart } from '../hooks/use-kline-chart';
import { MA_LENGTHS, toChartBar } from '../lib/chart-data';
import {
  INTERVALS,
  isLineInterval,
  periodOf,
  readInterval,
  writeInterval,
  type Interval,
} from '../lib/interval';
import styles from './chart.module.css';

/**
 * The pair's chart (spec 1 §2): interval buttons kept in local storage, candles (a line of closes
 * for `time`), volume, MA 15 and MA 10/20, dark or light with the app. Live `KLINE` bars apply
 * only when their period is the one on screen (spec 1 §4).
 */
export function KlineChart({ pair }: { pair: CurrencyMatch }) {
  const { t } = useTranslation();
  const theme = usePreferences((s) => s.theme);
  const [interval, setChosen] = useState<Interval>(() => readInterval(appStorage));
  const period = periodOf(interval);
  const query = useKline(pair.id, period);
  const container = useRef<HTMLDivElement>(null);
  const { draw, push } = useKlineChart(container, {
    theme,
    priceDecimals: pair.price_decimals,
    line: isLineInterval(interval),
  });

  useEffect(() => {
    draw(query.data?.map(toChartBar) ?? []);
  }, [draw, query.data]);

  useTopic(`KLINE.${pair.symbol}`, (message) => {
    const data = message.data;
    if (data.currency_match_id !== pair.id || data.period !== period) return;
    if (query.data) push(toChartBar(data.bar));
  });

  const choose = (next: Interval) => {
    setChosen(next);
    writeInterval(appStorage, next);
  };

  const empty = query.isSuccess && query.data.length === 0;
  const height = { '--chart-height': `${String(CHART_HEIGHT_PX)}px` } as CSSProperties;

  return (
    <section className={styles.panel} aria-label={t('trade.chart.title')} data-testid="kline-chart">
      <div className={styles.intervals}>
        <Segmented<Interval>
          size="small"
          value={interval}
          onChange={choose}
          options={INTERVALS.map((value) => ({
            value,
            label: (
              <span data-testid={`interval-${value}`}>{t(`trade.chart.interval.${value}`)}</span>
            ),
          }))}
        />
      </div>
      <div className={styles.stage} style={height}>
        <div ref={container} className={styles.canvas} />
        <div className={styles.legend} aria-hidden>
          {MA_LENGTHS.map((length, i) => (
            <span key={length} style={{ color: MA_COLORS[i] }}>
              {t('trade.chart.ma', { n: length })}
            </span>
          ))}
        </div>
        {query.isLoading && (
          <div className={styles.overlay}>
            <Spin />
          </div>
        )}
        {(empty || query.isError) && (
          <div className={styles.overlay}>
            {t(query.isError ? 'trade.chart.error' : 'trade.chart.empty')}
          </div>
        )}
      </div>
    </section>
  );
}
