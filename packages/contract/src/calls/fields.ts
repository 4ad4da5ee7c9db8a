import { z } from 'zod';

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
