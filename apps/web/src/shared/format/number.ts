import {
  AMOUNT_DISPLAY_DECIMALS,
  CHANGE_DECIMALS,
  QUANTITY_DECIMALS,
  type Lang,
} from '@exchange/contract';

/**
 * The web client's one decimal module: exact arithmetic on decimal strings and their display in
 * the UI language. Money and quantities arrive as decimal strings and never pass through a float
 * (docs/architecture.md): values are read as integer units × 10^-scale, and shown by cutting and
 * grouping their digits. Display floors toward zero (spec 1 §5), it never rounds.
 */

/** A decimal as an integer count of 10^-scale units: money never passes through a float. */
export interface ScaledDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const LOOSE_DECIMAL_RE = /^(-?)(\d*)(?:\.(\d*))?$/;

/** `"12.50"` → 1250 × 10^-2; half-typed `"1."` and `".5"` are read too. Else null. */
export function parseDecimal(text: string): ScaledDecimal | null {
  const match = LOOSE_DECIMAL_RE.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const units = BigInt(`${whole || '0'}${fraction}`);
  return { units: sign ? -units : units, scale: fraction.length };
}

/** Plain decimal text without trailing zeros (`"1.5"`, `"-0.25"`, `"3"`). */
export function decimalText(value: ScaledDecimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString();
  let text = digits;
  if (value.scale > 0) {
    const padded = digits.padStart(value.scale + 1, '0');
    const fraction = padded.slice(-value.scale).replace(/0+$/, '');
    const whole = padded.slice(0, -value.scale);
    text = fraction ? `${whole}.${fraction}` : whole;
  }
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

function aligned(a: ScaledDecimal, b: ScaledDecimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [
    a.units * 10n ** BigInt(scale - a.scale),
    b.units * 10n ** BigInt(scale - b.scale),
    scale,
  ];
}

/** `a × b`, exact; null when either is not a decimal. */
export function multiplyDecimals(a: string, b: string): string | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (x === null || y === null) return null;
  return decimalText(multiplyScaled(x, y));
}

/** `a − b`, exact; null when either is not a decimal. */
export function subtractDecimals(a: string, b: string): string | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (x === null || y === null) return null;
  const [left, right, scale] = aligned(x, y);
  return decimalText({ units: left - right, scale });
}

/** The value × 10^places, exact (`shiftDecimal("0.001", 2)` is `"0.1"`: a rate as a percent). */
export function shiftDecimal(value: string, places: number): string | null {
  const x = parseDecimal(value);
  if (x === null) return null;
  if (places <= x.scale) return decimalText({ units: x.units, scale: x.scale - places });
  return decimalText({ units: x.units * 10n ** BigInt(places - x.scale), scale: 0 });
}

/** −1, 0 or 1 as `a` is below, equal to or above `b`; null when either is not a decimal. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (x === null || y === null) return null;
  const [left, right] = aligned(x, y);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Whether a decimal text is a number above zero. */
export function isPositiveDecimal(text: string): boolean {
  const value = parseDecimal(text);
  return value !== null && value.units > 0n;
}

/**
 * Whether a decimal text has non-zero digits beyond `decimals` places (`"1.230"` fits 2, `"1.235"`
 * does not); false for anything unreadable.
 */
export function exceedsDecimals(text: string, decimals: number): boolean {
  const value = parseDecimal(text);
  if (value === null || value.scale <= decimals) return false;
  return value.units % 10n ** BigInt(value.scale - decimals) !== 0n;
}

/** Whether a decimal text is zero (`"0"`, `"0.000"`); false for anything unreadable. */
export function isZeroDecimal(text: string): boolean {
  const value = parseDecimal(text);
  return value !== null && value.units === 0n;
}

/**
 * Cleans what is typed into an amount, price or quantity box: digits and one point only (no
 * exponent or sign, spec 1 §5), at most `maxDecimals` decimals (extra digits are cut, i.e.
 * floored), no superfluous leading zeros. `".5"` becomes `"0.5"`; `"1."` stays while typing.
 */
export function cleanDecimalInput(text: string, maxDecimals: number): string {
  const kept = text.trim().replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  let whole = point < 0 ? kept : kept.slice(0, point);
  const fraction = point < 0 ? '' : kept.slice(point + 1).replace(/\./g, '');
  whole = whole.replace(/^0+(?=\d)/, '');
  if (point < 0 || maxDecimals <= 0) return whole;
  return `${whole || '0'}.${fraction.slice(0, maxDecimals)}`;
}

/** A typed decimal as the wire wants it: `"1."` → `"1"`, `"0.50"` → `"0.5"`, `".5"` → `"0.5"`. */
export function wireDecimal(text: string): string {
  const value = parseDecimal(text);
  return value === null ? text.trim() : decimalText(value);
}

/** Which way rounded arithmetic goes: toward −∞ (`floor`) or +∞ (`ceil`). */
export type Rounding = 'floor' | 'ceil';

/** `numerator / denominator` rounded as asked; BigInt division alone truncates toward zero. */
function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator;
  if (numerator % denominator === 0n) return quotient;
  const negative = numerator < 0n !== denominator < 0n;
  if (rounding === 'floor') return negative ? quotient - 1n : quotient;
  return negative ? quotient : quotient + 1n;
}

/** The same value at another scale; digits below the new scale are rounded as asked. */
export function rescaleScaled(
  value: ScaledDecimal,
  scale: number,
  rounding: Rounding,
): ScaledDecimal {
  if (scale >= value.scale)
    return { units: value.units * 10n ** BigInt(scale - value.scale), scale };
  return { units: divideRounded(value.units, 10n ** BigInt(value.scale - scale), rounding), scale };
}

/** `a × b`, exact. */
export function multiplyScaled(a: ScaledDecimal, b: ScaledDecimal): ScaledDecimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** `a / b` at `scale` decimals, rounded as asked; null when `b` is zero. */
export function divideScaled(
  a: ScaledDecimal,
  b: ScaledDecimal,
  scale: number,
  rounding: Rounding,
): ScaledDecimal | null {
  if (b.units === 0n) return null;
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale), scaled up by 10^scale.
  const numerator = a.units * 10n ** BigInt(scale + b.scale);
  const denominator = b.units * 10n ** BigInt(a.scale);
  return { units: divideRounded(numerator, denominator, rounding), scale };
}

/** A wire decimal: optional minus, digits, optional point and digits (`"-1234.5"`). */
const WIRE_DECIMAL_RE = /^(-?)(\d+)(?:\.(\d*))?$/;

/** What is shown for a value that is not a decimal. */
export const NOT_A_NUMBER = '--';

interface Digits {
  negative: boolean;
  /** Without leading zeros (`"0"` for none). */
  whole: string;
  fraction: string;
}

function readDigits(value: string): Digits | null {
  const match = WIRE_DECIMAL_RE.exec(value.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  return { negative: sign === '-', whole: whole.replace(/^0+(?=\d)/, ''), fraction };
}

/** The decimal floored toward zero at `places`, without trailing zeros (`"1.239"`, 2 → `"1.23"`). */
export function floorDecimal(value: string, places: number): string | null {
  const x = parseDecimal(value);
  if (x === null) return null;
  if (x.scale <= places) return decimalText(x);
  return decimalText({ units: x.units / 10n ** BigInt(x.scale - places), scale: places });
}

/**
 * Truncates (floors toward zero) a decimal string to `places` decimals, trailing zeros kept, no
 * grouping (spec 1 §5: the decimal filter floors to 2 places by default). Input that is not a
 * decimal comes back as it is.
 */
export function truncateDecimal(value: string, places = AMOUNT_DISPLAY_DECIMALS): string {
  const digits = readDigits(value);
  return digits === null ? value : joinDigits(cut(digits, places, true), '', '.', false);
}

/**
 * Orders decimal strings by value for sorting (prices, changes): anything unreadable sorts
 * first, so a comparator never sees null.
 */
export function sortDecimals(a: string, b: string): number {
  const order = compareDecimals(a, b);
  if (order !== null) return order;
  return (parseDecimal(a) === null ? 0 : 1) - (parseDecimal(b) === null ? 0 : 1);
}

/** Thousands separator and decimal mark of each UI language (as `Intl.NumberFormat` has them). */
export const SEPARATORS: Record<Lang, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  zh: { group: ',', decimal: '.' },
  hk: { group: ',', decimal: '.' },
  jp: { group: ',', decimal: '.' },
  vi: { group: '.', decimal: ',' },
  du: { group: '.', decimal: ',' },
  // French groups with a narrow no-break space (U+202F), as Intl and the Imprimerie nationale do.
  fr: { group: '\u202f', decimal: ',' },
};

/** What follows a percent figure: French and German set the sign apart (`12,5 %`). */
const PERCENT_SUFFIX: Record<Lang, string> = {
  en: '%',
  zh: '%',
  hk: '%',
  jp: '%',
  vi: '%',
  du: '\u00a0%',
  fr: '\u202f%',
};

export interface DecimalFormat {
  lang: Lang;
  /**
   * Decimals shown. Truncating (the default): exactly this many, floored toward zero and padded
   * with zeros. Not truncating: at least this many, and every further digit the value has.
   */
  decimals: number;
  /** Thousands separators (default true). */
  grouping?: boolean;
  /** Floor to `decimals` (default true); false keeps every digit (balances, ledger amounts). */
  truncate?: boolean;
  /** A `+` before values that are not negative once floored (default false): changes, credits. */
  sign?: boolean;
}

function cut(digits: Digits, decimals: number, truncate: boolean): Digits {
  const places = Number.isFinite(decimals) ? Math.max(0, Math.floor(decimals)) : 0;
  const significant = digits.fraction.replace(/0+$/, '');
  const width = truncate ? places : Math.max(places, significant.length);
  const fraction = digits.fraction.slice(0, width).padEnd(width, '0');
  // A value floored to zero loses its minus: `-0.001` at 2 decimals is `0.00`.
  const negative = digits.negative && /[1-9]/.test(digits.whole + fraction);
  return { negative, whole: digits.whole, fraction };
}

function joinDigits(digits: Digits, group: string, mark: string, sign: boolean): string {
  const whole = group ? digits.whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) : digits.whole;
  const prefix = digits.negative ? '-' : sign ? '+' : '';
  return prefix + whole + (digits.fraction ? mark + digits.fraction : '');
}

/**
 * A decimal string for display in `lang`: `formatDecimal("65000", { decimals: 2, lang: "du" })`
 * is `65.000,00`. Pure digit manipulation, exact for any length; `--` when the value is not a
 * decimal.
 */
export function formatDecimal(value: string, options: DecimalFormat): string {
  const { lang, decimals, grouping = true, truncate = true, sign = false } = options;
  const digits = readDigits(value);
  if (digits === null) return NOT_A_NUMBER;
  const { group, decimal } = SEPARATORS[lang];
  return joinDigits(cut(digits, decimals, truncate), grouping ? group : '', decimal, sign);
}

/** A percent figure (`"1.234"` → `1.23%`, `1,23 %` in French); 2 decimals unless told. */
export function formatPercent(
  value: string,
  options: Omit<DecimalFormat, 'decimals'> & { decimals?: number },
): string {
  const text = formatDecimal(value, { ...options, decimals: options.decimals ?? CHANGE_DECIMALS });
  return text === NOT_A_NUMBER ? text : text + PERCENT_SUFFIX[options.lang];
}

/** Compact units per language: [power of ten, suffix], largest first. */
const COMPACT_UNITS: Record<Lang, readonly (readonly [number, string])[]> = {
  en: [
    [12, 'T'],
    [9, 'B'],
    [6, 'M'],
    [3, 'K'],
  ],
  vi: [
    [12, '\u00a0NT'],
    [9, '\u00a0T'],
    [6, '\u00a0Tr'],
    [3, '\u00a0N'],
  ],
  du: [
    [12, '\u00a0Bio.'],
    [9, '\u00a0Mrd.'],
    [6, '\u00a0Mio.'],
    [3, '\u00a0Tsd.'],
  ],
  fr: [
    [12, '\u00a0Bn'],
    [9, '\u00a0Md'],
    [6, '\u00a0M'],
    [3, '\u00a0k'],
  ],
  zh: [
    [12, '万亿'],
    [8, '亿'],
    [4, '万'],
  ],
  hk: [
    [12, '兆'],
    [8, '億'],
    [4, '萬'],
  ],
  jp: [
    [12, '兆'],
    [8, '億'],
    [4, '万'],
  ],
};

/**
 * A large figure shortened with the language's units (`"1234567"` → `1.23M`, `123,4万` …):
 * floored to `decimals` (2 by default) of the unit, trailing zeros dropped. Below the smallest
 * unit the value is shown in full at `decimals`.
 */
export function formatCompact(
  value: string,
  options: { lang: Lang; decimals?: number; sign?: boolean },
): string {
  const { lang, decimals = AMOUNT_DISPLAY_DECIMALS, sign = false } = options;
  const digits = readDigits(value);
  if (digits === null) return NOT_A_NUMBER;
  const unit = COMPACT_UNITS[lang].find(([power]) => digits.whole.length > power);
  if (unit === undefined) return formatDecimal(value, { lang, decimals, sign });
  const [power, suffix] = unit;
  const shifted: Digits = {
    negative: digits.negative,
    whole: digits.whole.slice(0, -power),
    fraction: (digits.whole.slice(-power) + digits.fraction).slice(0, decimals).replace(/0+$/, ''),
  };
  const { group, decimal } = SEPARATORS[lang];
  return joinDigits(shifted, group, decimal, sign) + suffix;
}

/** The formatters of one language, as `useNumberFormat()` hands them to components. */
export interface NumberFormat {
  lang: Lang;
  /** Floored to exactly `decimals` decimals, grouped (`decimal(close, pair.price_decimals)`). */
  decimal: (
    value: string,
    decimals: number,
    options?: Pick<DecimalFormat, 'grouping' | 'sign'>,
  ) => string;
  /** Every digit kept, at least `minDecimals` (default 0): balances and ledger amounts. */
  amount: (value: string, minDecimals?: number, options?: Pick<DecimalFormat, 'sign'>) => string;
  /** A price at the pair's price decimals. */
  price: (value: string, priceDecimals: number) => string;
  /** A quantity at the pair's quantity decimals, at most 6 (spec 1 §5). */
  quantity: (value: string, qtyDecimals: number) => string;
  /** A percent at 2 decimals unless told; `sign` puts `+` before gains and zero. */
  percent: (value: string, options?: { decimals?: number; sign?: boolean }) => string;
  /** A large figure with the language's units. */
  compact: (value: string, decimals?: number) => string;
}

export function numberFormat(lang: Lang): NumberFormat {
  return {
    lang,
    decimal: (value, decimals, options) => formatDecimal(value, { ...options, decimals, lang }),
    amount: (value, minDecimals = 0, options) =>
      formatDecimal(value, { ...options, decimals: minDecimals, truncate: false, lang }),
    price: (value, priceDecimals) => formatDecimal(value, { decimals: priceDecimals, lang }),
    quantity: (value, qtyDecimals) =>
      formatDecimal(value, { decimals: Math.min(qtyDecimals, QUANTITY_DECIMALS), lang }),
    percent: (value, options) => formatPercent(value, { ...options, lang }),
    compact: (value, decimals) => formatCompact(value, { lang, decimals }),
  };
}
