import dayjs from 'dayjs';
import { CHART_TIMEZONE } from '@exchange/contract';

/** Epoch milliseconds as local date and time, e.g. 2024-05-01 14:03:59. */
export function formatDateTime(ms: number): string {
  return dayjs(ms).format('YYYY-MM-DD HH:mm:ss');
}

/** Epoch milliseconds as a local date, e.g. 2024-05-01. */
export function formatDate(ms: number): string {
  return dayjs(ms).format('YYYY-MM-DD');
}

const zoneFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CHART_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Epoch milliseconds in the app's zone (UTC+7, spec 1 §9), e.g. 2024-05-01 14:03:59. */
export function formatZoneDateTime(ms: number): string {
  const p: Record<string, string> = {};
  for (const part of zoneFormat.formatToParts(ms)) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
