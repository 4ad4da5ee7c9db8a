import dayjs from 'dayjs';

/** Epoch milliseconds as local date and time, e.g. 2024-05-01 14:03:59. */
export function formatDateTime(ms: number): string {
  return dayjs(ms).format('YYYY-MM-DD HH:mm:ss');
}

/** Epoch milliseconds as a local date, e.g. 2024-05-01. */
export function formatDate(ms: number): string {
  return dayjs(ms).format('YYYY-MM-DD');
}
