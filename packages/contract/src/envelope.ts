import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.js';
import type { ErrorKey } from './errors.js';

/** Envelope codes (ARCHITECTURE §3). */
export const RESPONSE_CODE = { ok: 1, fail: 0, sessionExpired: 999, empty: 996 } as const;

export interface OkEnvelope<T> {
  code: 1;
  message: string;
  data: T;
}

export interface ErrorEnvelope {
  code: 0 | 999 | 996;
  message: string;
  error: ErrorKey;
  data: null;
  /** Field-level details of a validation failure, when there are any. */
  details?: { field: string; error: string }[];
}

export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(1), message: z.string(), data });
}

export const errorEnvelopeSchema = z.object({
  code: z.union([z.literal(0), z.literal(999), z.literal(996)]),
  message: z.string(),
  error: z.string(),
  data: z.null(),
  details: z.array(z.object({ field: z.string(), error: z.string() })).optional(),
});

/** Paging parameters shared by list calls. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

/** Lists: `{ total, per_page, current_page, last_page, data }` (ARCHITECTURE §3). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    total: z.number().int(),
    per_page: z.number().int(),
    current_page: z.number().int(),
    last_page: z.number().int(),
    data: z.array(item),
  });
}

export interface Page<T> {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  data: T[];
}

/** Epoch milliseconds. */
export const timestamp = z.number().int();
/** Decimal money or quantity on the wire: never a float. */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
