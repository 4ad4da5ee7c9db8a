import type { KlinePeriod } from '@exchange/contract';
import type { KeyValueStorage } from '../store/storage';

/** The chart's interval buttons (spec 1 §2), in order. */
export const INTERVALS = [
  'time',
  '1min',
  '5min',
  '15min',
  '30min',
  '1hour',
  '1day',
  '1week',
  '1mon',
] as const;
export type Interval = (typeof INTERVALS)[number];

/** Spec 2 §9: the chart starts at 1 minute. */
export const DEFAULT_INTERVAL: Interval = '1min';

/** The local-storage key of the chosen interval (spec 1 §3: "a chart interval key"). */
export const INTERVAL_STORAGE_KEY = 'chart_interval';

/** The kline period each button reads; `time` is a line of the 1-minute closes. */
export function periodOf(interval: Interval): KlinePeriod {
  switch (interval) {
    case 'time':
      return '1min';
    case '1hour':
      return '60min';
    default:
      return interval;
  }
}

export function isLineInterval(interval: Interval): boolean {
  return interval === 'time';
}

function isInterval(value: string | null): value is Interval {
  return (INTERVALS as readonly (string | null)[]).includes(value);
}

export function readInterval(storage: KeyValueStorage): Interval {
  const stored = storage.getItem(INTERVAL_STORAGE_KEY);
  return isInterval(stored) ? stored : DEFAULT_INTERVAL;
}

export function writeInterval(storage: KeyValueStorage, interval: Interval): void {
  storage.setItem(INTERVAL_STORAGE_KEY, interval);
}

const MINUTE_MS = 60_000;
const PERIOD_MS: Record<KlinePeriod, number> = {
  '1min': MINUTE_MS,
  '3min': 3 * MINUTE_MS,
  '5min': 5 * MINUTE_MS,
  '15min': 15 * MINUTE_MS,
  '30min': 30 * MINUTE_MS,
  '60min': 60 * MINUTE_MS,
  '120min': 120 * MINUTE_MS,
  '240min': 240 * MINUTE_MS,
  '360min': 360 * MINUTE_MS,
  '720min': 720 * MINUTE_MS,
  '1day': 1440 * MINUTE_MS,
  '3day': 3 * 1440 * MINUTE_MS,
  '1week': 7 * 1440 * MINUTE_MS,
  '1mon': 31 * 1440 * MINUTE_MS,
};

/** Bars the chart asks for on opening (the server answers at most 1,500). */
export const CHART_BARS = 300;

/** The `from`–`to` window (epoch ms) of the latest `bars` bars of a period. */
export function klineWindow(
  period: KlinePeriod,
  now: number,
  bars = CHART_BARS,
): { from: number; to: number } {
  return { from: Math.max(0, now - bars * PERIOD_MS[period]), to: now };
}
