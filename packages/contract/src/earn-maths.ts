/**
 * The rules of earning products (fixed-term subscriptions) that the server applies and the
 * screens show before a user confirms: the earning day an instant falls in, the daily interest
 * of a principal, the interest of a whole term and when it matures. Decimal strings in and out,
 * exact integer (bigint) arithmetic in between, never a float; interest is always floored to the
 * currency's decimals (the house never promises a fraction the ledger cannot pay).
 */

/** An earning day is a calendar day in Asia/Bangkok (UTC+7 all year). */
export const EARN_DAY = { ms: 86_400_000, offsetMs: 7 * 3_600_000 } as const;

/** How long an earning day lasts and where its boundaries fall (ms from the Unix epoch). */
export interface EarnDayClock {
  ms: number;
  offsetMs: number;
}

/** Days of a year in the daily rate: principal × annual rate / 365. */
export const EARN_YEAR_DAYS = 365n;
/** Digits after the point an annual rate may have ("0.123456" = 12.3456 %). */
export const EARN_RATE_DECIMALS = 6;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

function scaled(value: string, decimals: number): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`not a non-negative decimal: ${value}`);
  const [, whole = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(decimals)))
    throw new RangeError(`${value} has more than ${decimals} decimals`);
  return BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
}

function plain(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  return decimals ? `${whole}.${digits.slice(digits.length - decimals)}` : whole;
}

/** The earning day (a count of days since the epoch) of an instant. */
export function earnDayOf(ms: number, day: EarnDayClock = EARN_DAY): number {
  return Math.floor((ms + day.offsetMs) / day.ms);
}

/** The instant an earning day starts (its 00:00 in Bangkok). */
export function earnDayStart(dayIndex: number, day: EarnDayClock = EARN_DAY): number {
  return dayIndex * day.ms - day.offsetMs;
}

/**
 * Interest of one day: principal × rate / 365, floored to `decimals`. `principal` has at most
 * `decimals` decimals, `rate` at most EARN_RATE_DECIMALS.
 */
export function dailyInterest(principal: string, rate: string, decimals: number): string {
  const p = scaled(principal, decimals);
  const r = scaled(rate, EARN_RATE_DECIMALS);
  return plain((p * r) / (10n ** BigInt(EARN_RATE_DECIMALS) * EARN_YEAR_DAYS), decimals);
}

/** Interest of a whole term: the daily interest (floored) times the days. */
export function termInterest(
  principal: string,
  rate: string,
  days: number,
  decimals: number,
): string {
  return plain(scaled(dailyInterest(principal, rate, decimals), decimals) * BigInt(days), decimals);
}

/**
 * A subscription made in earning day `startDay` earns its first day's interest at the next
 * day's start and matures at the start of day `startDay + days`, when the last day is paid and
 * the principal unlocks.
 */
export function maturityAt(startDay: number, days: number, day: EarnDayClock = EARN_DAY): number {
  return earnDayStart(startDay + days, day);
}

/** Days whose interest is due by earning day `today` (never more than the term). */
export function dueDays(startDay: number, days: number, today: number): number {
  return Math.max(0, Math.min(days, today - startDay));
}
