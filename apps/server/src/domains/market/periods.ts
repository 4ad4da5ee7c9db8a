import { KLINE_PERIODS, type KlinePeriod } from '@exchange/contract';

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;
/** 1970-01-01 was a Thursday: the first Monday 00:00 UTC came four days later. */
const FIRST_MONDAY = 4 * DAY;

const SIZE: Record<Exclude<KlinePeriod, '1mon'>, number> = {
  '1min': MINUTE,
  '3min': 3 * MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': 60 * MINUTE,
  '120min': 120 * MINUTE,
  '240min': 240 * MINUTE,
  '360min': 360 * MINUTE,
  '720min': 720 * MINUTE,
  '1day': DAY,
  // Counted from the epoch, as most exchanges do: a 3-day bar never depends on where a chart starts.
  '3day': 3 * DAY,
  '1week': 7 * DAY,
};

export const PERIODS: readonly KlinePeriod[] = KLINE_PERIODS;

export function isPeriod(value: string): value is KlinePeriod {
  return (KLINE_PERIODS as readonly string[]).includes(value);
}

/**
 * Opening time (epoch ms, UTC) of the bar of `period` that holds the instant `ms`: minutes and
 * days from the epoch, weeks from Monday 00:00, months from the first of the calendar month.
 */
export function bucketStart(period: KlinePeriod, ms: number): number {
  if (period === '1mon') {
    const d = new Date(ms);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const size = SIZE[period];
  const offset = period === '1week' ? FIRST_MONDAY : 0;
  return Math.floor((ms - offset) / size) * size + offset;
}
