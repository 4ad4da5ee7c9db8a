import { LIMITS, type ResultCode } from '@exchange/contract';
import { pow10, SCALE } from './amounts.js';
import { Rejected } from './result.js';

/** Digits with an optional fraction: no sign, exponent, grouping or bare point. */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

const MAX_WHOLE = BigInt(LIMITS.maxAmount);
/** Whole-part digits beyond which a value is over every limit: BigInt never sees a huge string. */
const MAX_WHOLE_DIGITS = LIMITS.maxAmount.length;

interface StepKeys {
  invalid: ResultCode;
  scale: ResultCode;
  /** The most steps allowed, and the same limit in whole units for the message. */
  maxSteps: bigint;
  max: string;
}

/**
 * A positive decimal string into an integer count of 10^-decimals steps. Malformed or not
 * positive is `keys.invalid`, more decimals than allowed `keys.scale` (both with `{ decimals }`),
 * above the limit `AMOUNT_TOO_LARGE` with `{ max }`; trailing zeros beyond the scale are accepted.
 */
function parseSteps(value: string, decimals: number, keys: StepKeys): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Rejected(keys.invalid, { decimals });
  const whole = (match[1] ?? '').replace(/^0+/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) {
    throw new Rejected(keys.scale, { decimals });
  }
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  if (whole.length > MAX_WHOLE_DIGITS) {
    throw new Rejected('AMOUNT_TOO_LARGE', { max: keys.max });
  }
  const steps = BigInt(whole + kept);
  if (steps <= 0n) throw new Rejected(keys.invalid, { decimals });
  if (steps > keys.maxSteps) throw new Rejected('AMOUNT_TOO_LARGE', { max: keys.max });
  return steps;
}

/**
 * A positive amount of a currency with `decimals` decimals into ledger units, refused before it
 * reaches the core when it is malformed or not positive (`amount.invalid`), more precise than the
 * currency (`amount.precision`) or above LIMITS.maxAmount (`amount.too_large`), which also keeps
 * every sum of amounts inside NUMERIC(48,18).
 */
export function parseMoney(value: string, decimals: number): bigint {
  const scale = Math.min(Math.max(0, Math.trunc(decimals)), SCALE);
  const steps = parseSteps(value, scale, {
    invalid: 'INVALID_AMOUNT',
    scale: 'AMOUNT_PRECISION',
    maxSteps: MAX_WHOLE * pow10(scale),
    max: LIMITS.maxAmount,
  });
  return steps * pow10(SCALE - scale);
}

/** parseMoney for a credit or a debit (`-` first); zero and `-0` are refused as `amount.invalid`. */
export function parseSignedMoney(value: string, decimals: number): bigint {
  const text = value.trim();
  return /^-\d/.test(text) ? -parseMoney(text.slice(1), decimals) : parseMoney(text, decimals);
}

/** The most ticks an order may carry at `decimals`: a safe integer and at most LIMITS.maxAmount. */
function tickLimit(decimals: number): { maxSteps: bigint; max: string } {
  const safeWhole = BigInt(Number.MAX_SAFE_INTEGER) / pow10(decimals);
  const whole = safeWhole < MAX_WHOLE ? safeWhole : MAX_WHOLE;
  return { maxSteps: whole * pow10(decimals), max: whole.toString() };
}

/**
 * A positive decimal string into integer ticks at `decimals`. More decimals than the market
 * allows is refused with `scaleCode` (spec 1 §5: prices at most 4 decimals, quantities 1e6), more
 * than fits a tick count with `amount.too_large`.
 */
export function parseTicks(value: string, decimals: number, scaleCode: ResultCode): number {
  const ticks = parseSteps(value, decimals, {
    invalid: 'INVALID_NUMBER',
    scale: scaleCode,
    ...tickLimit(decimals),
  });
  return Number(ticks);
}

/**
 * A positive price at `decimals` into an integer count of 10^-decimals steps, as a bigint (lever
 * entrust targets, stop-profit and stop-loss prices): parseTicks' rules and keys, so a stored price
 * is never above what an order could carry (a safe tick count, at most LIMITS.maxAmount) and always
 * fits its NUMERIC(48,18) column.
 */
export function parsePrice(value: string, decimals: number): bigint {
  return BigInt(parseTicks(value, decimals, 'PRICE_SCALE'));
}

/** What the operator may set as a house's manipulation multiple (lever and micro alike). */
export const MULTIPLE_RULE = 'manipulation_multiple > 0 and ≤ 1000, at most 6 decimals';

/**
 * A manipulation multiple typed by the operator, as a plain decimal without trailing zeros:
 * > 0 and at most 1,000, at most 6 decimals (the engine reads it in parts per million); null when
 * it is not one. The caller answers with its product's settings error and `MULTIPLE_RULE`.
 */
export function parseMultiple(value: string): string | null {
  const text = value.trim();
  const match = /^(\d{1,4})(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const ppm = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  if (ppm <= 0n || ppm > 1_000_000_000n) return null;
  return fraction.replace(/0+$/, '')
    ? `${BigInt(whole)}.${fraction.replace(/0+$/, '')}`
    : String(BigInt(whole));
}
