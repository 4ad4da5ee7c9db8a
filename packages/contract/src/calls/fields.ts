import { z } from 'zod';
import { LIMITS } from '../constants.js';

/** A trimmed text field; a missing field reads as empty so the documents' "empty" keys apply. */
export function text(max: number) {
  return z.string().trim().max(max).default('');
}

export const accountTypeSchema = z.enum(['email', 'mobile']);

/** Calling code as a number or digit string (spec 1 §7: `country_code` is a number). */
export const callingCode = z
  .union([
    z.number().int().min(0).max(9999),
    z
      .string()
      .trim()
      .max(8)
      .regex(/^\+?\d{1,4}$/),
  ])
  .transform((v) => String(v).replace(/^\+/, ''));

export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * Size bounds of every decimal a call accepts (prices, stops, targets, quantities, amounts and the
 * operator's rates, ratios, caps and limits). Checked at validation, before any handler or SQL sees
 * the value, so that no command can carry a number its NUMERIC(48,18) column (30 whole digits, 18
 * decimals) or the sums and products made of it cannot hold.
 */
export const DECIMAL_INPUT = {
  /** Characters of the text (room for a sign, 16 whole digits and 18 decimals, and more). */
  maxLength: 64,
  /** The largest magnitude any decimal field takes (LIMITS.maxAmount); above: amount.too_large. */
  max: LIMITS.maxAmount,
  /** Significant digits after the point (the ledger's scale); beyond: amount.precision. */
  maxDecimals: 18,
} as const;

/** Sign, whole digits and fraction digits of a plain decimal (anything else is the server's). */
const DECIMAL_PARTS = /^[-+]?(\d*)(?:\.(\d*))?$/;

/**
 * The size problem of a decimal's text, if any: magnitude above DECIMAL_INPUT.max (the exact
 * value is compared, never a float) or non-zero digits beyond DECIMAL_INPUT.maxDecimals. Text that
 * is not a plain decimal has no size problem here: each call's parser refuses it with its own key.
 */
export function decimalSizeProblem(
  value: string,
): { key: 'amount.too_large'; max: string } | { key: 'amount.precision'; decimals: number } | null {
  const match = DECIMAL_PARTS.exec(value);
  if (!match) return null;
  const whole = (match[1] ?? '').replace(/^0+/, '');
  const fraction = match[2] ?? '';
  const max = DECIMAL_INPUT.max;
  const over =
    whole.length > max.length ||
    (whole.length === max.length && (whole > max || (whole === max && /[1-9]/.test(fraction))));
  if (over) return { key: 'amount.too_large', max };
  if (/[1-9]/.test(fraction.slice(DECIMAL_INPUT.maxDecimals))) {
    return { key: 'amount.precision', decimals: DECIMAL_INPUT.maxDecimals };
  }
  return null;
}

/**
 * Every decimal field of every call, so that tests (and tools) find them by identity: the one
 * `decimalInput` schema is registered here; a field is decimal when its schema is, or wraps, it.
 */
export const DECIMAL_FIELDS = z.registry<{ bound: typeof DECIMAL_INPUT }>();

/**
 * The one schema of a decimal typed by a user or an operator: a string (or a JSON number, which
 * the body parser has already kept exact) of at most DECIMAL_INPUT.maxLength characters, trimmed,
 * refused with 422 `amount.too_large` { max } or `amount.precision` { decimals } when its size is
 * out of bounds (longer text: `common.invalid_param`). Its format, sign and the currency's
 * or market's own limits are checked by the call's parser on the server
 * (apps/server/src/core/parse.ts), which knows the right key for them.
 */
export const decimalInput = z
  .union([z.string().max(DECIMAL_INPUT.maxLength), z.number()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .superRefine((value, ctx) => {
        const problem = decimalSizeProblem(value);
        if (!problem) return;
        const { key, ...params } = problem;
        ctx.addIssue({ code: 'custom', message: key, params });
      })
      .max(DECIMAL_INPUT.maxLength),
  );
DECIMAL_FIELDS.add(decimalInput, { bound: DECIMAL_INPUT });
