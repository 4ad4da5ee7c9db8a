import {
  EARN_LIMITS,
  EARN_PRODUCT_STATUS,
  earnMaths,
  LANGUAGES,
  type CALLS,
  type CallRequest,
  type EarnProductAdmin,
  type Lang,
} from '@exchange/contract';
import {
  compareDecimals,
  decimalText,
  parseDecimal,
  shiftDecimal,
} from '../../../shared/format/number';

/**
 * The checks of the earning desk's forms, mirroring the contract's limits (a refused value is
 * said at the field before anything is sent; the server checks again). The annual rate is typed
 * as a percent and sent as a fraction (8.5 → "0.085"), exactly; every amount stays a decimal
 * string.
 */

/** Why a value is refused, as the key of its message under `admin.earn.problem`. */
export type EarnProblem =
  | 'required'
  | 'number'
  | 'amount'
  | 'reason'
  | 'days'
  | 'rate'
  | 'rateDecimals'
  | 'positive'
  | 'precision'
  | 'minMax'
  | 'perUser'
  | 'quota'
  | 'name'
  | 'yield'
  | 'currency'
  | 'saleDate'
  | 'saleWindow';

/** The longest recorded reason, name and yield source (the contract's bounds). */
export const MAX_REASON = 500;
export const MAX_NAME = 80;
export const MAX_YIELD = 500;
/** The highest annual rate in percent (the contract's EARN_LIMITS.maxRate as a fraction). */
export const MAX_RATE_PERCENT = shiftDecimal(EARN_LIMITS.maxRate, 2) ?? '500';
/** Decimals of a rate in percent: the fraction keeps EARN_RATE_DECIMALS. */
export const RATE_PERCENT_DECIMALS = earnMaths.EARN_RATE_DECIMALS - 2;

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const SIGNED_DECIMAL = /^-?\d{1,30}(\.\d{1,18})?$/;

/** A fraction as a percent text, exact: "0.085" → "8.5", "0.12" → "12". */
export function percentOf(fraction: string): string {
  return shiftDecimal(fraction, 2) ?? fraction;
}

/** A typed percent as the wire's fraction, exact: "8.5" → "0.085", "12" → "0.12". */
export function fractionOf(percent: string): string {
  return shiftDecimal(percent.trim(), -2) ?? percent.trim();
}

/** Digits after the point of a decimal text ("8.5" → 1), to show a percent without cutting it. */
export function decimalsOf(text: string): number {
  return parseDecimal(text)?.scale ?? 0;
}

/** A typed decimal as the wire wants it ("0.50" → "0.5"). */
export function wire(text: string): string {
  const scaled = parseDecimal(text);
  return scaled === null ? text.trim() : decimalText(scaled);
}

/** Digits after the point of a decimal text, trailing zeros left out ("8.50" → 1). */
function significantDecimals(text: string): number {
  const point = text.indexOf('.');
  if (point < 0) return 0;
  return text.slice(point + 1).replace(/0+$/, '').length;
}

/** The term: a whole number of days from 1 to EARN_LIMITS.maxDays. */
export function checkDays(text: string): EarnProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!/^\d{1,5}$/.test(value)) return 'days';
  const n = Number(value);
  return n >= 1 && n <= EARN_LIMITS.maxDays ? null : 'days';
}

/** The annual rate in percent: above 0, at most MAX_RATE_PERCENT, at most 4 decimals. */
export function checkRatePercent(text: string): EarnProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!DECIMAL.test(value)) return 'number';
  if (significantDecimals(value) > RATE_PERCENT_DECIMALS) return 'rateDecimals';
  return compareDecimals(value, '0') === 1 && compareDecimals(value, MAX_RATE_PERCENT) !== 1
    ? null
    : 'rate';
}

/**
 * An amount of the terms (a limit or the quota): above 0, with at most the currency's decimals
 * (unknown until a currency is chosen: then any).
 */
export function checkLimit(text: string, decimals: number | null): EarnProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!DECIMAL.test(value)) return 'number';
  if (compareDecimals(value, '0') !== 1) return 'positive';
  return decimals !== null && significantDecimals(value) > decimals ? 'precision' : null;
}

/** `value` cannot be below the smallest subscription (both valid first): else `problem`. */
export function checkNotBelow(
  value: string,
  min: string,
  problem: 'minMax' | 'perUser' | 'quota',
): EarnProblem | null {
  if (checkLimit(value, null) !== null || checkLimit(min, null) !== null) return null;
  return compareDecimals(value.trim(), min.trim()) === -1 ? problem : null;
}

/** A signed amount for the reserve: not zero, with at most the currency's decimals. */
export function checkFundAmount(text: string, decimals: number): EarnProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!SIGNED_DECIMAL.test(value)) return 'number';
  if (!/[1-9]/.test(value)) return 'amount';
  return significantDecimals(value) > decimals ? 'precision' : null;
}

/** The reason recorded with a change of status or reserve: 3 to 500 characters. */
export function checkReason(text: string): EarnProblem | null {
  const length = text.trim().length;
  return length >= 3 && length <= MAX_REASON ? null : 'reason';
}

/** The English name (the others are optional): 1 to 80 characters. */
export function checkName(text: string): EarnProblem | null {
  return text.trim() === '' ? 'name' : null;
}

/** The English yield source (the others are optional). */
export function checkYield(text: string): EarnProblem | null {
  return text.trim() === '' ? 'yield' : null;
}

/** Every language's text, as typed. */
export type Texts = Record<Lang, string>;

/** The product form, as typed (the rate in percent). */
export interface ProductValues {
  currency_id: number | undefined;
  names: Texts;
  yields: Texts;
  days: string;
  rate: string;
  min_number: string;
  max_number: string;
  max_per_user: string;
  quota: string;
  /** The sale window in the browser's local time (`YYYY-MM-DDTHH:mm`), '' for none. */
  sale_start: string;
  sale_end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input shows it, in the browser's time zone ('' for none). */
export function localInput(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A `datetime-local` value as epoch ms (null for '' or a value that is not one). */
export function fromLocalInput(text: string): number | null {
  if (!LOCAL_INPUT.test(text.trim())) return null;
  const ms = new Date(text.trim()).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** A sale window's problem: a date that is not one, or an end not after the start. */
export function checkSaleWindow(start: string, end: string): EarnProblem | null {
  for (const text of [start, end])
    if (text.trim() && fromLocalInput(text) === null) return 'saleDate';
  const from = fromLocalInput(start);
  const to = fromLocalInput(end);
  return from !== null && to !== null && to <= from ? 'saleWindow' : null;
}

function textsOf(record: Record<string, string> | undefined): Texts {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, record?.[lang] ?? ''])) as Texts;
}

/** The form of a new product (empty), or of a product to edit (its terms, the rate in percent). */
export function productValues(product?: EarnProductAdmin): ProductValues {
  if (!product) {
    return {
      currency_id: undefined,
      names: textsOf(undefined),
      yields: textsOf(undefined),
      days: '',
      rate: '',
      min_number: '',
      max_number: '',
      max_per_user: '',
      quota: '',
      sale_start: '',
      sale_end: '',
    };
  }
  return {
    currency_id: product.currency_id,
    names: textsOf(product.names),
    yields: textsOf(product.yield_sources),
    days: String(product.days),
    rate: percentOf(product.rate),
    min_number: product.min_number,
    max_number: product.max_number,
    max_per_user: product.max_per_user,
    quota: product.quota,
    sale_start: localInput(product.sale_start),
    sale_end: localInput(product.sale_end),
  };
}

/** The languages with a text (trimmed), English first; a missing language shows the English. */
export function translated(texts: Partial<Texts>): Partial<Texts> & { en: string } {
  const out: Partial<Texts> & { en: string } = { en: (texts.en ?? '').trim() };
  for (const lang of LANGUAGES) {
    const text = (texts[lang] ?? '').trim();
    if (lang !== 'en' && text !== '') out[lang] = text;
  }
  return out;
}

type CreateRequest = CallRequest<typeof CALLS.adminIeoCreate>;

/** The terms the create and update calls send (values are valid). */
export function productTerms(values: ProductValues): CreateRequest {
  return {
    currency_id: values.currency_id ?? 0,
    name: translated(values.names),
    yield_source: translated(values.yields),
    days: Number(values.days.trim()),
    rate: fractionOf(values.rate),
    min_number: wire(values.min_number),
    max_number: wire(values.max_number),
    max_per_user: wire(values.max_per_user),
    quota: wire(values.quota),
    sale_start: fromLocalInput(values.sale_start),
    sale_end: fromLocalInput(values.sale_end),
  };
}

/**
 * At most what the whole quota earns over the term at this rate (interest is floored per
 * subscription, so a quota sold in pieces earns no more): the reserve that sells all of it.
 * Null while the terms are not valid.
 */
export function quotaInterest(values: ProductValues, decimals: number | null): string | null {
  if (decimals === null) return null;
  if (checkDays(values.days) || checkRatePercent(values.rate) || checkLimit(values.quota, decimals))
    return null;
  try {
    return earnMaths.termInterest(
      wire(values.quota),
      fractionOf(values.rate),
      Number(values.days.trim()),
      decimals,
    );
  } catch {
    return null;
  }
}

/** A change of status the desk offers: pause, put on sale, close for good. */
export type StatusAction = 'pause' | 'resume' | 'close';

/** The status each action sets. */
export const ACTION_STATUS: Record<StatusAction, 1 | 2 | 3> = {
  pause: EARN_PRODUCT_STATUS.paused,
  resume: EARN_PRODUCT_STATUS.onSale,
  close: EARN_PRODUCT_STATUS.closed,
};

/** What a product's status allows: on sale → pause or close; paused → resume or close; closed → none. */
export function statusActions(status: EarnProductAdmin['status']): StatusAction[] {
  if (status === EARN_PRODUCT_STATUS.onSale) return ['pause', 'close'];
  if (status === EARN_PRODUCT_STATUS.paused) return ['resume', 'close'];
  return [];
}
