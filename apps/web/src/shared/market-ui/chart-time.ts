import { CHART_TIMEZONE } from '@exchange/contract';

/** Epoch milliseconds → the chart's time (whole seconds, UTC). */
export function toChartSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

interface Parts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CHART_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Calendar parts of a moment in the chart's time zone, Asia/Bangkok (spec 1 §9). */
export function bangkokParts(seconds: number): Parts {
  const parts: Parts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of partsFormat.formatToParts(seconds * 1000)) {
    if (part.type in parts) parts[part.type as keyof Parts] = part.value;
  }
  return parts;
}

/** The crosshair's label: `2024-05-01 14:03` in Bangkok time. */
export function formatChartTime(seconds: number): string {
  const p = bangkokParts(seconds);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** What a time-axis tick shows: the year, month/day, or the time of day, as lightweight-charts asks. */
export type TickKind = 'year' | 'month' | 'day' | 'time';

export function formatChartTick(seconds: number, kind: TickKind): string {
  const p = bangkokParts(seconds);
  switch (kind) {
    case 'year':
      return p.year;
    case 'month':
      return `${p.year}-${p.month}`;
    case 'day':
      return `${p.month}-${p.day}`;
    case 'time':
      return `${p.hour}:${p.minute}`;
  }
}

const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CHART_TIMEZONE,
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * A moment of the trade page's lists in the chart's time zone, so that every time on the page
 * is in one zone (the headers say which): `05-01 14:03:59`, or `14:03:59` without the date.
 */
export function bangkokClock(ms: number, withDate = true): string {
  const p: Record<string, string> = {};
  for (const part of clockFormat.formatToParts(ms)) p[part.type] = part.value;
  const time = `${p.hour ?? ''}:${p.minute ?? ''}:${p.second ?? ''}`;
  return withDate ? `${p.month ?? ''}-${p.day ?? ''} ${time}` : time;
}
