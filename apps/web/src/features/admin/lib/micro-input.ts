import type { CALLS, CallRequest, CallResponse, MicroSecondsOption } from '@exchange/contract';
import {
  compareDecimals,
  decimalText,
  parseDecimal,
  shiftDecimal,
  subtractDecimals,
} from '../../../shared/format/number';

/**
 * The checks of the micro trade desk's forms, mirroring the contract's limits (a refused value is
 * said at the field before anything is sent; the server checks again). Rates are typed as
 * percents and sent as fractions (80 → "0.8"); every amount stays a decimal string.
 */

/** Why a value is refused, as the key of its message under `admin.micro.problem`. */
export type MicroProblem =
  | 'required'
  | 'number'
  | 'amount'
  | 'reason'
  | 'seconds'
  | 'secondsTwice'
  | 'profit'
  | 'optionsMin'
  | 'optionsMax'
  | 'stake'
  | 'minMax'
  | 'presets'
  | 'presetRange'
  | 'fee'
  | 'percentDecimals'
  | 'cap'
  | 'minTrades'
  | 'minVolume'
  | 'multiple';

/** Seconds of one option (the contract's bounds). */
export const MIN_SECONDS = 5;
export const MAX_SECONDS = 86_400;
/** Options of one list (the contract's bound). */
export const MAX_OPTIONS = 10;
/** Stake presets of one currency (the contract's bound). */
export const MAX_PRESETS = 8;
/** An option's profit stays below this, in percent of the stake (the server's ratio < 10). */
export const PROFIT_PERCENT_BELOW = '1000';
/** The fee stays below this, in percent of the stake (the server's rate < 0.5). */
export const FEE_PERCENT_BELOW = '50';
/** The longest recorded reason (the contract's bound). */
export const MAX_REASON = 200;
/** Trades a window needs for an index: from 1 to this (the contract's bound). */
export const MAX_MIN_TRADES = 1_000;
/** The manipulation multiple is at most this, with at most 6 decimals (the server's ppm). */
export const MAX_MULTIPLE = '1000';

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const SIGNED_DECIMAL = /^-?\d{1,30}(\.\d{1,18})?$/;
/** A percent keeps at most 6 decimals, so that its fraction has at most 8 (the server's). */
const PERCENT = /^\d{1,6}(\.\d{1,6})?$/;
const LONG_PERCENT = /^\d{1,6}\.\d{7,}$/;

/** A percent ≥ 0 as typed, or the problem. */
function checkPercentText(value: string): MicroProblem | null {
  if (value === '') return 'required';
  if (LONG_PERCENT.test(value)) return 'percentDecimals';
  return PERCENT.test(value) ? null : 'number';
}

/** A decimal ≥ 0 (no sign, no exponent), or the problem. */
function checkDecimal(text: string): MicroProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  return DECIMAL.test(value) ? null : 'number';
}

const isAbove = (value: string, bound: string) => compareDecimals(value.trim(), bound) === 1;

/** A signed amount for the house: not zero, at most 18 decimals. */
export function checkAmount(text: string): MicroProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!SIGNED_DECIMAL.test(value)) return 'number';
  return /[1-9]/.test(value) ? null : 'amount';
}

/** The reason recorded with a house movement: 3 to 200 characters. */
export function checkReason(text: string): MicroProblem | null {
  const length = text.trim().length;
  return length >= 3 && length <= MAX_REASON ? null : 'reason';
}

/** Seconds of an option: a whole number from 5 to 86400. */
export function checkSeconds(text: string): MicroProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!/^\d{1,6}$/.test(value)) return 'seconds';
  const n = Number(value);
  return n >= MIN_SECONDS && n <= MAX_SECONDS ? null : 'seconds';
}

/** The profit of an option in percent of the stake: above 0, below 1000. */
export function checkProfitPercent(text: string): MicroProblem | null {
  const value = text.trim();
  const problem = checkPercentText(value);
  if (problem) return problem;
  return isAbove(value, '0') && compareDecimals(value, PROFIT_PERCENT_BELOW) === -1
    ? null
    : 'profit';
}

/** A stake bound (min or max): above zero. */
export function checkStake(text: string): MicroProblem | null {
  const problem = checkDecimal(text);
  if (problem) return problem;
  return isAbove(text, '0') ? null : 'stake';
}

/** The smallest stake cannot be above the largest (both valid first). */
export function checkMinMax(min: string, max: string): MicroProblem | null {
  if (checkStake(min) !== null || checkStake(max) !== null) return null;
  return isAbove(min, max.trim()) ? 'minMax' : null;
}

/**
 * "10, 50 100" → ["10", "50", "100"]: stakes above zero separated by commas or spaces, at most 8,
 * none twice; an empty text is no preset. Null when something is not such a stake.
 */
export function parsePresets(text: string): string[] | null {
  const parts = text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length > MAX_PRESETS) return null;
  const values: string[] = [];
  for (const part of parts) {
    if (!DECIMAL.test(part) || !isAbove(part, '0')) return null;
    const scaled = parseDecimal(part);
    if (scaled === null) return null;
    const value = decimalText(scaled);
    if (values.some((v) => compareDecimals(v, value) === 0)) return null;
    values.push(value);
  }
  return values;
}

/** The presets, each within the stake limits when those are valid. */
export function checkPresets(text: string, min: string, max: string): MicroProblem | null {
  const presets = parsePresets(text);
  if (presets === null) return 'presets';
  const limits = checkStake(min) === null && checkStake(max) === null;
  if (!limits) return null;
  const outside = presets.some(
    (p) => compareDecimals(p, min.trim()) === -1 || compareDecimals(p, max.trim()) === 1,
  );
  return outside ? 'presetRange' : null;
}

/** The fee in percent of the stake: from 0 to below 50. */
export function checkFeePercent(text: string): MicroProblem | null {
  const value = text.trim();
  const problem = checkPercentText(value);
  if (problem) return problem;
  return compareDecimals(value, FEE_PERCENT_BELOW) === -1 ? null : 'fee';
}

/** An exposure cap over every open expiry of a pair: a decimal ≥ 0 (0 refuses every order). */
export function checkCap(text: string): MicroProblem | null {
  const problem = checkDecimal(text);
  if (problem === 'number') return 'cap';
  return problem;
}

/** The trades a window needs for an index: a whole number from 1 to 1000. */
export function checkMinTrades(text: string): MicroProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!/^\d{1,4}$/.test(value)) return 'minTrades';
  const n = Number(value);
  return n >= 1 && n <= MAX_MIN_TRADES ? null : 'minTrades';
}

/**
 * The base volume a window needs for an index: above 0 (the server checks it against the pair's
 * quantity decimals).
 */
export function checkMinVolume(text: string): MicroProblem | null {
  const problem = checkDecimal(text);
  if (problem) return problem;
  return isAbove(text, '0') ? null : 'minVolume';
}

/** The manipulation multiple: above 0, at most 1000, at most 6 decimals. */
export function checkMultiple(text: string): MicroProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!/^\d{1,4}(\.\d{1,6})?$/.test(value)) return DECIMAL.test(value) ? 'multiple' : 'number';
  return isAbove(value, '0') && compareDecimals(value, MAX_MULTIPLE) !== 1 ? null : 'multiple';
}

/** A fraction as a percent text: "0.8" → "80", "0.015" → "1.5". */
export function percentOf(fraction: string): string {
  return shiftDecimal(fraction, 2) ?? fraction;
}

/** A typed percent as the wire's fraction: "80" → "0.8", "1.5" → "0.015". */
export function fractionOf(percent: string): string {
  return shiftDecimal(percent.trim(), -2) ?? percent.trim();
}

/** A typed decimal as the wire wants it ("0.50" → "0.5"). */
export function wire(text: string): string {
  const scaled = parseDecimal(text);
  return scaled === null ? text.trim() : decimalText(scaled);
}

/** What the house can pay out or be drawn: balance − exposure (not below zero). */
export function freeBalance(balance: string, exposure: string): string {
  const free = subtractDecimals(balance, exposure);
  if (free === null) return '0';
  return compareDecimals(free, '0') === -1 ? '0' : free;
}

/** Digits after the point of a decimal text ("82.5" → 1). */
export function decimalsOf(text: string): number {
  return parseDecimal(text)?.scale ?? 0;
}

/** One row of an options form, as typed. */
export interface OptionRow {
  seconds: string;
  percent: string;
}

export function rowsOf(options: readonly MicroSecondsOption[]): OptionRow[] {
  return options.map((o) => ({ seconds: String(o.seconds), percent: percentOf(o.profit_ratio) }));
}

/** Whether the row at `index` repeats the seconds of an earlier row. */
export function repeatsSeconds(rows: readonly Partial<OptionRow>[], index: number): boolean {
  const seconds = (rows[index]?.seconds ?? '').trim();
  if (checkSeconds(seconds) !== null) return false;
  return rows.slice(0, index).some((row) => Number((row.seconds ?? '').trim()) === Number(seconds));
}

/** The problem of a whole options list: none (the defaults need one), more than 10. */
export function checkOptionList(
  rows: readonly Partial<OptionRow>[],
  allowEmpty: boolean,
): MicroProblem | null {
  if (rows.length === 0 && !allowEmpty) return 'optionsMin';
  if (rows.length > MAX_OPTIONS) return 'optionsMax';
  return null;
}

/** Valid rows as the wire's options, shortest first. */
export function toOptions(rows: readonly OptionRow[]): MicroSecondsOption[] {
  return rows
    .map((row) => ({ seconds: Number(row.seconds.trim()), profit_ratio: fractionOf(row.percent) }))
    .sort((a, b) => a.seconds - b.seconds);
}

/** The same options (seconds and ratio as numbers, in any order). */
export function sameOptions(
  a: readonly MicroSecondsOption[],
  b: readonly MicroSecondsOption[],
): boolean {
  if (a.length !== b.length) return false;
  const left = [...a].sort((x, y) => x.seconds - y.seconds);
  const right = [...b].sort((x, y) => x.seconds - y.seconds);
  return left.every(
    (o, i) =>
      o.seconds === right[i]?.seconds &&
      compareDecimals(o.profit_ratio, right[i]?.profit_ratio ?? '') === 0,
  );
}

export type MicroCurrencyRow = CallResponse<typeof CALLS.adminMicroOverview>['currencies'][number];
type CurrencyRequest = CallRequest<typeof CALLS.adminMicroCurrency>;

/** The currency form, as typed. */
export interface CurrencyValues {
  enabled: boolean;
  presets: string;
  min_number: string;
  max_number: string;
  fee_percent: string;
  default_cap: string;
}

/** A currency never set up for micro trade: off, with no stake limits yet. */
export function unset(currency: MicroCurrencyRow): boolean {
  return (
    currency.enabled !== 1 &&
    compareDecimals(currency.min_number, '0') === 0 &&
    compareDecimals(currency.max_number, '0') === 0
  );
}

export function currencyValues(currency: MicroCurrencyRow): CurrencyValues {
  return {
    enabled: currency.enabled === 1,
    presets: currency.micro_numbers.join(', '),
    min_number: currency.min_number,
    max_number: currency.max_number,
    fee_percent: percentOf(currency.fee_rate),
    default_cap: currency.default_cap,
  };
}

const sameDecimal = (a: string, b: string) => compareDecimals(a.trim(), b.trim()) === 0;

/** Only what the operator changed (the server keeps every field left out); values are valid. */
export function changedCurrency(
  currency: MicroCurrencyRow,
  values: CurrencyValues,
): CurrencyRequest {
  const out: CurrencyRequest = { currency_id: currency.id };
  const enabled = values.enabled ? 1 : 0;
  if (enabled !== currency.enabled) out.enabled = enabled;
  const presets = parsePresets(values.presets);
  if (
    presets !== null &&
    (presets.length !== currency.micro_numbers.length ||
      presets.some((p, i) => !sameDecimal(p, currency.micro_numbers[i] ?? '')))
  ) {
    out.micro_numbers = presets;
  }
  for (const key of ['min_number', 'max_number', 'default_cap'] as const) {
    if (!sameDecimal(values[key], currency[key])) out[key] = wire(values[key]);
  }
  const fee = fractionOf(values.fee_percent);
  if (!sameDecimal(fee, currency.fee_rate)) out.fee_rate = fee;
  return out;
}

export type MicroPairRow = CallResponse<typeof CALLS.adminMicroOverview>['pairs'][number];
type PairRequest = CallRequest<typeof CALLS.adminMicroPair>;

/**
 * Only what the operator changed of a pair: its open flag, and its options when they differ (no
 * row left: back to the default options). Rows are valid.
 */
export function changedPair(pair: MicroPairRow, open: boolean, rows: readonly OptionRow[]) {
  const out: PairRequest = { match_id: pair.id };
  const flag = open ? 1 : 0;
  if (flag !== pair.open_microtrade) out.open_microtrade = flag;
  if (rows.length === 0) {
    if (pair.own) out.options = [];
  } else {
    const options = toOptions(rows);
    if (!pair.own || !sameOptions(options, pair.options)) out.options = options;
  }
  return out;
}

/** The guard form, as typed. */
export interface GuardValues {
  index_min_trades: string;
  index_min_volume: string;
  manipulation_multiple: string;
}

export function guardValues(pair: MicroPairRow): GuardValues {
  return {
    index_min_trades: String(pair.index_min_trades),
    index_min_volume: pair.index_min_volume,
    manipulation_multiple: pair.manipulation_multiple,
  };
}

type SettingsRequest = CallRequest<typeof CALLS.adminMicroSettings>;

/**
 * Only the guard fields the operator changed (the server keeps the others); values are valid.
 * The call names a stake currency, whose cap it leaves as it is.
 */
export function changedGuard(
  pair: MicroPairRow,
  currencyId: number,
  values: GuardValues,
): SettingsRequest {
  const out: SettingsRequest = { match_id: pair.id, currency_id: currencyId };
  const trades = Number(values.index_min_trades.trim());
  if (trades !== pair.index_min_trades) out.index_min_trades = trades;
  if (!sameDecimal(values.index_min_volume, pair.index_min_volume)) {
    out.index_min_volume = wire(values.index_min_volume);
  }
  if (!sameDecimal(values.manipulation_multiple, pair.manipulation_multiple)) {
    out.manipulation_multiple = wire(values.manipulation_multiple);
  }
  return out;
}

/** The base currency of a pair's symbol ("BTC/USDT" → "BTC"). */
export function baseOf(symbol: string): string {
  return symbol.split('/')[0] ?? symbol;
}

/** Whether the house's exposure on a pair is beyond its bound (new exposure is refused). */
export function aboveBound(row: { exposure: string; bound: string }): boolean {
  return compareDecimals(row.exposure, row.bound) === 1;
}
