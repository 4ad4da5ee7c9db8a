import { earnMaths, EARN_PRODUCT_STATUS, type EarnProduct } from '@exchange/contract';
import {
  compareDecimals,
  divideScaled,
  exceedsDecimals,
  floorDecimal,
  isPositiveDecimal,
  multiplyScaled,
  parseDecimal,
  shiftDecimal,
  subtractDecimals,
  wireDecimal,
} from '../../../shared/format/number';

/**
 * The rules of the earning list and its confirmation, as the server applies them (the server
 * checks again): what a product offers now, what an amount may be, and the figures a
 * subscription will earn. Decimal strings only; the interest maths is the contract's
 * (`earnMaths`), the very code the server runs.
 */

/** An annual rate (a fraction) as a percent figure, exact: "0.12" → "12", "0.085" → "8.5". */
export function ratePercent(rate: string): string {
  return shiftDecimal(rate, 2) ?? rate;
}

/** How many decimals a decimal text has ("8.5" → 1), to show a percent without cutting it. */
export function decimalsOf(value: string): number {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
}

/** What a product offers a buyer now, in the order the card says it. */
export type ProductState = 'onSale' | 'soldOut' | 'paused' | 'closed' | 'upcoming' | 'ended';

type SaleFields = Pick<EarnProduct, 'status' | 'sold_out' | 'sale_start' | 'sale_end'>;

/**
 * Paused or closed by the operator first, then outside its sale window, then sold out (its
 * funded interest or its quota is used up); else on sale.
 */
export function productState(product: SaleFields, now: number): ProductState {
  if (product.status === EARN_PRODUCT_STATUS.closed) return 'closed';
  if (product.status === EARN_PRODUCT_STATUS.paused) return 'paused';
  if (product.sale_start !== null && now < product.sale_start) return 'upcoming';
  if (product.sale_end !== null && now >= product.sale_end) return 'ended';
  if (product.sold_out === 1) return 'soldOut';
  return 'onSale';
}

/** A limit of the product, or null when it is 0 (no limit of that kind). */
export function limitOf(value: string): string | null {
  return isPositiveDecimal(value) ? value : null;
}

/** `a − b`, never below zero. */
function leftOf(a: string, b: string): string {
  const left = subtractDecimals(a, b) ?? '0';
  return compareDecimals(left, '0') === -1 ? '0' : left;
}

type LimitFields = Pick<
  EarnProduct,
  'max_number' | 'max_per_user' | 'holding' | 'quota' | 'sold' | 'decimals'
>;

/** What the user may still put into the product (per-user limit less the holding); null: no limit. */
export function userLeft(product: LimitFields): string | null {
  const max = limitOf(product.max_per_user);
  return max === null ? null : leftOf(max, product.holding);
}

/** What the product's quota still accepts; null: no quota. */
export function quotaLeft(product: LimitFields): string | null {
  const quota = limitOf(product.quota);
  return quota === null ? null : leftOf(quota, product.sold);
}

/**
 * The most one subscription may be now: the available balance floored to the currency's
 * decimals, within the per-subscription maximum, what the user may still hold and what the
 * quota still accepts. Null without a balance to go by.
 */
export function maxAmount(product: LimitFields, available: string | null): string | null {
  if (available === null) return null;
  let most = floorDecimal(available, product.decimals) ?? '0';
  for (const bound of [limitOf(product.max_number), userLeft(product), quotaLeft(product)]) {
    if (bound !== null && compareDecimals(bound, most) === -1) most = bound;
  }
  return compareDecimals(most, '0') === 1 ? wireDecimal(most) : '0';
}

/** A problem of the amount, as the i18n key of its message and the key's parameters. */
export interface AmountProblem {
  key: string;
  params?: Record<string, string>;
}

const PLAIN_DECIMAL = /^\d+(\.\d*)?$|^\.\d+$/;

type AmountFields = LimitFields &
  Pick<EarnProduct, 'min_number' | 'currency_code' | 'rate' | 'days' | 'reserve'>;

/**
 * The first thing wrong with a subscription's amount, checked before it is sent: none typed,
 * not a positive decimal with at most the currency's decimals, outside the per-subscription
 * limits, beyond what the user may still hold or the quota still accepts, above the financial
 * account's available balance (when known), or earning more interest than the product's funded
 * reserve still holds. Texts of the contract's error keys where the server has the same refusal.
 */
export function amountProblem(
  amount: string,
  product: AmountFields,
  available: string | null,
): AmountProblem | null {
  const value = amount.trim();
  const currency = product.currency_code;
  const decimals = String(product.decimals);
  if (value === '') return { key: 'earn.p_number' };
  if (!PLAIN_DECIMAL.test(value) || !isPositiveDecimal(value)) {
    return { key: 'amount.invalid', params: { decimals } };
  }
  if (exceedsDecimals(value, product.decimals))
    return { key: 'amount.precision', params: { decimals } };
  const wire = wireDecimal(value);
  const max = limitOf(product.max_number);
  const below = compareDecimals(wire, product.min_number) === -1;
  const above = max !== null && compareDecimals(wire, max) === 1;
  if (below || above) {
    return max === null
      ? { key: 'financial.problem.min', params: { min: product.min_number, currency } }
      : {
          key: 'earn.amount_range',
          params: { min: product.min_number, max, currency },
        };
  }
  const forUser = userLeft(product);
  if (forUser !== null && compareDecimals(wire, forUser) === 1) {
    return {
      key: 'earn.user_limit',
      params: { max: product.max_per_user, currency, left: forUser },
    };
  }
  const forQuota = quotaLeft(product);
  if (forQuota !== null && compareDecimals(wire, forQuota) === 1) {
    return { key: 'earn.quota', params: { left: forQuota, currency } };
  }
  if (available !== null && compareDecimals(wire, available) === 1) {
    return { key: 'financial.problem.balance', params: { available, currency } };
  }
  const total = termInterest(wire, product);
  if (total !== null && compareDecimals(total, product.reserve) === 1) {
    return { key: 'financial.problem.reserve', params: { reserve: product.reserve, currency } };
  }
  return null;
}

/** The interest of a whole term on `amount` (a valid principal); null for a rate out of bounds. */
function termInterest(
  amount: string,
  product: Pick<EarnProduct, 'rate' | 'days' | 'decimals'>,
): string | null {
  try {
    return earnMaths.termInterest(amount, product.rate, product.days, product.decimals);
  } catch {
    return null;
  }
}

/** What the confirmation shows of a subscription before it is made. */
export interface EarnPreview {
  /** The principal as the wire wants it. */
  amount: string;
  /** Interest of one day: principal × rate / 365, floored to the currency's decimals. */
  daily: string;
  /** Interest of the whole term: the daily interest × the days. */
  total: string;
  /** When the last day is paid and the principal unlocks (epoch ms). */
  maturityAt: number;
}

/**
 * The figures of subscribing `amount` now, exactly as the server will compute them; null while
 * the amount is not a positive decimal with at most the currency's decimals.
 */
export function earnPreview(
  amount: string,
  product: Pick<EarnProduct, 'rate' | 'days' | 'decimals'>,
  now: number,
): EarnPreview | null {
  const value = amount.trim();
  if (!PLAIN_DECIMAL.test(value) || !isPositiveDecimal(value)) return null;
  if (exceedsDecimals(value, product.decimals)) return null;
  const wire = wireDecimal(value);
  const total = termInterest(wire, product);
  // A rate with more decimals than the contract allows: nothing to promise.
  if (total === null) return null;
  return {
    amount: wire,
    daily: earnMaths.dailyInterest(wire, product.rate, product.decimals),
    total,
    maturityAt: earnMaths.maturityAt(earnMaths.earnDayOf(now), product.days),
  };
}

/** How much of the quota is sold, in whole percent floored (0 to 100); null without a quota. */
export function soldPercent(sold: string, quota: string): number | null {
  const total = parseDecimal(quota);
  const part = parseDecimal(sold);
  if (total === null || part === null || total.units <= 0n) return null;
  const share = divideScaled(multiplyScaled(part, { units: 100n, scale: 0 }), total, 0, 'floor');
  if (share === null) return null;
  return Number(share.units < 0n ? 0n : share.units > 100n ? 100n : share.units);
}
