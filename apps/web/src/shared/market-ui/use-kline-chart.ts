import { DOWN_COLOR, UP_COLOR, type Theme } from '@exchange/contract';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  LineSeries,
  TickMarkType,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  type ChartOptions,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { MA_LENGTHS, mergeBar, movingAverage, movingAverageAt, type ChartBar } from './chart-data';
import { formatChartTick, formatChartTime, type TickKind } from './chart-time';

/** Line colours of MA 15, MA 10 and MA 20, in the order of MA_LENGTHS. */
export const MA_COLORS = ['#e6a23c', '#d16ba5', '#3d8bfd'] as const;

const PALETTE: Record<Theme, { bg: string; text: string; grid: string; border: string }> = {
  dark: { bg: '#151a23', text: '#9aa3b5', grid: '#1f2533', border: '#262d3b' },
  light: { bg: '#ffffff', text: '#5d677a', grid: '#eef1f5', border: '#e4e8ef' },
};

const TICK_KINDS: Record<TickMarkType, TickKind> = {
  [TickMarkType.Year]: 'year',
  [TickMarkType.Month]: 'month',
  [TickMarkType.DayOfMonth]: 'day',
  [TickMarkType.Time]: 'time',
  [TickMarkType.TimeWithSeconds]: 'time',
};

const seconds = (time: Time) => (typeof time === 'number' ? time : 0);
const at = (time: number) => time as UTCTimestamp;

function themeOptions(theme: Theme): DeepPartial<ChartOptions> {
  const p = PALETTE[theme];
  return {
    layout: { background: { type: ColorType.Solid, color: p.bg }, textColor: p.text },
    grid: { vertLines: { color: p.grid }, horzLines: { color: p.grid } },
    rightPriceScale: { borderColor: p.border },
    timeScale: { borderColor: p.border },
  };
}

interface Handle {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  line: ISeriesApi<'Line'>;
  volume: ISeriesApi<'Histogram'>;
  averages: ISeriesApi<'Line'>[];
}

function create(container: HTMLElement, theme: Theme): Handle {
  const chart = createChart(container, {
    autoSize: true,
    ...themeOptions(theme),
    // The time axis and crosshair read Asia/Bangkok (spec 1 §9).
    localization: { timeFormatter: (time: Time) => formatChartTime(seconds(time)) },
    timeScale: {
      ...themeOptions(theme).timeScale,
      timeVisible: true,
      secondsVisible: false,
      tickMarkFormatter: (time: Time, type: TickMarkType) =>
        formatChartTick(seconds(time), TICK_KINDS[type]),
    },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: UP_COLOR,
    downColor: DOWN_COLOR,
    wickUpColor: UP_COLOR,
    wickDownColor: DOWN_COLOR,
    borderVisible: false,
  });
  const line = chart.addSeries(LineSeries, { color: '#3d8bfd', lineWidth: 2, visible: false });
  const volume = chart.addSeries(HistogramSeries, {
    priceFormat: { type: 'volume' },
    priceScaleId: '',
    lastValueVisible: false,
    priceLineVisible: false,
  });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
  const averages = MA_COLORS.map((color) =>
    chart.addSeries(LineSeries, {
      color,
      lineWidth: 1,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    }),
  );
  return { chart, candles, line, volume, averages };
}

const volumeBar = (bar: ChartBar) => ({
  time: at(bar.time),
  value: bar.volume,
  color: `${bar.close >= bar.open ? UP_COLOR : DOWN_COLOR}66`,
});

interface Options {
  theme: Theme;
  priceDecimals: number;
  /** A price on the axis and the crosshair's label, with the language's separators. */
  formatPrice: (price: number) => string;
  /** The `time` interval: a line of closes instead of candles. */
  line: boolean;
  /** The time (seconds) of the bar under the cursor, null when the cursor leaves the bars. */
  onHover: (time: number | null) => void;
}

/**
 * A lightweight-charts candlestick chart with volume, MA 15 and the MA 10/20 cross (spec 1 §9).
 * `draw` replaces the bars; `push` applies a live bar (`KLINE`) to the last one.
 */
export function useKlineChart(container: RefObject<HTMLDivElement | null>, options: Options) {
  const handle = useRef<Handle | null>(null);
  const bars = useRef<ChartBar[]>([]);
  const { theme, priceDecimals, formatPrice, line, onHover } = options;
  const initialTheme = useRef(theme);
  const hover = useRef(onHover);
  useEffect(() => {
    hover.current = onHover;
  }, [onHover]);

  useEffect(() => {
    if (!container.current) return;
    const created = create(container.current, initialTheme.current);
    handle.current = created;
    // The legend follows the bar under the crosshair (the point's time, not a pixel guess).
    created.chart.subscribeCrosshairMove((param) => {
      hover.current(param.time === undefined ? null : seconds(param.time));
    });
    return () => {
      handle.current = null;
      created.chart.remove();
    };
  }, [container]);

  useEffect(() => {
    handle.current?.chart.applyOptions(themeOptions(theme));
  }, [theme]);

  useEffect(() => {
    const minMove = 10 ** -priceDecimals;
    const priceFormat = { type: 'custom' as const, minMove, formatter: formatPrice };
    handle.current?.candles.applyOptions({ priceFormat });
    handle.current?.line.applyOptions({ priceFormat });
    for (const series of handle.current?.averages ?? []) series.applyOptions({ priceFormat });
  }, [priceDecimals, formatPrice]);

  useEffect(() => {
    handle.current?.candles.applyOptions({ visible: !line });
    handle.current?.line.applyOptions({ visible: line });
  }, [line]);

  const draw = useCallback((next: ChartBar[]) => {
    bars.current = next;
    const h = handle.current;
    if (!h) return;
    h.candles.setData(next.map((b) => ({ ...b, time: at(b.time) })));
    h.line.setData(next.map((b) => ({ time: at(b.time), value: b.close })));
    h.volume.setData(next.map(volumeBar));
    MA_LENGTHS.forEach((length, i) =>
      h.averages[i]?.setData(
        movingAverage(next, length).map((p) => ({ time: at(p.time), value: p.value })),
      ),
    );
  }, []);

  const push = useCallback((bar: ChartBar) => {
    const merged = mergeBar(bars.current, bar);
    if (merged.change === 'ignore') return;
    bars.current = merged.bars;
    const h = handle.current;
    if (!h) return;
    const time = at(bar.time);
    h.candles.update({ ...bar, time });
    h.line.update({ time, value: bar.close });
    h.volume.update(volumeBar(bar));
    const last = merged.bars.length - 1;
    MA_LENGTHS.forEach((length, i) => {
      const value = movingAverageAt(merged.bars, last, length);
      if (value !== null) h.averages[i]?.update({ time, value });
    });
  }, []);

  return { draw, push };
}
