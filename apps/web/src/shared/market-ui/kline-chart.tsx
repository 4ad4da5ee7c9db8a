import { CHART_HEIGHT_PX, type CurrencyMatch, type KlineBar } from '@exchange/contract';
import { Segmented, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '../i18n/translation';
import type { NumberFormat } from '../format/number';
import { useNumberFormat } from '../format/use-number-format';
import { usePreferences } from '../store/preferences';
import { appStorage } from '../store/storage';
import { useTopic } from '../ws/use-topic';
import { useKline } from './kline';
import { MA_COLORS, useKlineChart } from './use-kline-chart';
import { MA_LENGTHS, toChartBar } from './chart-data';
import { formatChartTime, toChartSeconds } from './chart-time';
import {
  INTERVALS,
  isLineInterval,
  periodOf,
  readInterval,
  writeInterval,
  type Interval,
} from './interval';
import styles from './chart.module.css';

const LEGEND_KEYS = ['open', 'high', 'low', 'close', 'volume'] as const;

/** O, H, L, C and V of a bar as the legend shows them, with the market's decimals. */
function legendValues(
  bar: KlineBar,
  pair: CurrencyMatch,
  format: NumberFormat,
): [string, string][] {
  return LEGEND_KEYS.map((key) => [
    key,
    key === 'volume'
      ? format.quantity(bar.volume, pair.qty_decimals)
      : format.price(bar[key], pair.price_decimals),
  ]);
}

/**
 * The pair's chart (spec 1 §2): interval buttons kept in local storage, candles (a line of closes
 * for `time`), volume, MA 15 and MA 10/20, dark or light with the app. Live `KLINE` bars apply
 * only when their period is the one on screen (spec 1 §4).
 */
export function KlineChart({ pair }: { pair: CurrencyMatch }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const theme = usePreferences((s) => s.theme);
  const [interval, setChosen] = useState<Interval>(() => readInterval(appStorage));
  const period = periodOf(interval);
  const query = useKline(pair.id, period);
  const container = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  // Axis prices as every other price on the page: the language's separators, the pair's decimals.
  const formatPrice = useCallback(
    (price: number) => format.price(price.toFixed(pair.price_decimals), pair.price_decimals),
    [format, pair.price_decimals],
  );
  const { draw, push } = useKlineChart(container, {
    theme,
    priceDecimals: pair.price_decimals,
    formatPrice,
    line: isLineInterval(interval),
    onHover: setHovered,
  });

  // The bars as the wire has them (decimal strings), for the legend: the query's, then pushes.
  const [pushed, setPushed] = useState<{ pairId: number; period: string; bar: KlineBar }[]>([]);
  const bars = useMemo(() => {
    const byTime = new Map<number, KlineBar>();
    for (const bar of query.data ?? []) byTime.set(toChartSeconds(bar.time), bar);
    for (const p of pushed) {
      const last = [...byTime.keys()].pop();
      const time = toChartSeconds(p.bar.time);
      if (p.pairId === pair.id && p.period === period && (last === undefined || time >= last)) {
        byTime.set(time, p.bar);
      }
    }
    return byTime;
  }, [query.data, pushed, pair.id, period]);
  const shownTime = hovered !== null && bars.has(hovered) ? hovered : [...bars.keys()].pop();
  const shown = shownTime === undefined ? undefined : bars.get(shownTime);

  useEffect(() => {
    draw(query.data?.map(toChartBar) ?? []);
  }, [draw, query.data]);

  useTopic(`KLINE.${pair.symbol}`, (message) => {
    const data = message.data;
    if (data.currency_match_id !== pair.id || data.period !== period) return;
    if (!query.data) return;
    push(toChartBar(data.bar));
    setPushed((list) => [...list.slice(-4), { pairId: pair.id, period, bar: data.bar }]);
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
        <div
          className={styles.legend}
          data-testid="chart-legend"
          data-time={shownTime === undefined ? undefined : String(shownTime)}
        >
          <div className={styles.legendLine}>
            <span className={`num ${styles.zone}`} data-testid="chart-legend-time">
              {shownTime === undefined
                ? t('trade.chart.zone')
                : `${formatChartTime(shownTime)} ${t('trade.chart.zone')}`}
            </span>
            {shown && (
              <span className={`${styles.legendLine} ${styles.ohlc}`} data-testid="chart-ohlcv">
                {legendValues(shown, pair, format).map(([key, value]) => (
                  <span key={key}>
                    <b>{t(`trade.chart.${key}`)}</b> {value}{' '}
                  </span>
                ))}
              </span>
            )}
          </div>
          <div className={styles.legendLine} aria-hidden>
            {MA_LENGTHS.map((length, i) => (
              <span key={length} style={{ color: MA_COLORS[i] }}>
                {t('trade.chart.ma', { n: length })}
              </span>
            ))}
          </div>
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
