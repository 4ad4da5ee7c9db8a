import { z } from 'zod';
import { defineCall } from '../call.js';
import { decimalString, pageOf, timestamp } from '../envelope.js';
import { LANGUAGES } from '../lang.js';
import { decimalInput, idParam, text } from './fields.js';

/** An earning product's sale: 1 on sale, 2 paused (no new subscription), 3 closed (final). */
export const EARN_PRODUCT_STATUS = { onSale: 1, paused: 2, closed: 3 } as const;
export const EARN_PRODUCT_STATUSES = [1, 2, 3] as const;
/** A subscription (spec 3 §4 savings): 1 in effect, 2 expired (matured, principal unlocked). */
export const EARN_STATUS = { inEffect: 1, expired: 2 } as const;
export const EARN_STATUSES = [1, 2] as const;
/** Earning list page size (spec 3 §9: limit 30). */
export const EARN_LIST_LIMIT = 30;
/** Subscriptions per page of the earning log (/coinlog). */
export const EARN_LOG_PAGE_SIZE = 10;
/**
 * How interest is paid: every earning day into the financial account (the only rule this
 * exchange offers; the field lets a client show it and a later rule be added).
 */
export const EARN_PAYOUTS = ['daily', 'maturity'] as const;
export type EarnPayout = (typeof EARN_PAYOUTS)[number];
/** Bounds of a product's terms. */
export const EARN_LIMITS = { maxDays: 3_650, maxRate: '5' } as const;

/** A text in each language (`en` at least); a language without its own shows the English. */
export const translatedText = (max: number) =>
  z.union([
    text(max).pipe(z.string().min(1)),
    z
      .object(
        Object.fromEntries(LANGUAGES.map((l) => [l, text(max).optional()])) as Record<
          (typeof LANGUAGES)[number],
          z.ZodOptional<ReturnType<typeof text>>
        >,
      )
      .refine((v) => Boolean(v.en), { message: 'earn.p_name', path: ['en'] }),
  ]);

/** A product as the earning list shows it (spec 3 §3 earning product, with the additions). */
export const earnProduct = z.object({
  id: z.number().int(),
  /** In the request's language. */
  name: z.string(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  /** The currency's decimals: amounts and interest are floored to them. */
  decimals: z.number().int(),
  /** The term (the documents' cycle). */
  days: z.number().int(),
  /** Annual rate as a fraction ("0.12" = 12 %). */
  rate: decimalString,
  min_number: decimalString,
  max_number: decimalString,
  /** Principal one user may hold in this product at once. */
  max_per_user: decimalString,
  /** Principal the product accepts in all (every subscription, matured ones included). */
  quota: decimalString,
  /** Principal subscribed so far. */
  sold: decimalString,
  payout: z.enum(EARN_PAYOUTS),
  /** Funded interest not yet promised to anyone. */
  reserve: decimalString,
  /** 1 when the reserve cannot cover a `min_number` subscription, or the quota is used up. */
  sold_out: z.union([z.literal(0), z.literal(1)]),
  /** Where the interest comes from, in plain language (the request's language). */
  yield_source: z.string(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  sale_start: timestamp.nullable(),
  sale_end: timestamp.nullable(),
  /** The signed-in user's principal in effect in this product (0 without a session). */
  holding: decimalString,
});
export type EarnProduct = z.infer<typeof earnProduct>;

/** A subscription as the earning log shows it (spec 3 §3 savings product). */
export const earnSubscription = z.object({
  id: z.number().int(),
  ieo_id: z.number().int(),
  name: z.string(),
  currency_code: z.string(),
  /** The principal. */
  number: decimalString,
  days: z.number().int(),
  rate: decimalString,
  daily_dividend: decimalString,
  /** Interest paid so far (the documents' accumulated income). */
  income: decimalString,
  /** Interest of the whole term. */
  total_interest: decimalString,
  paid_days: z.number().int(),
  remain_days: z.number().int(),
  status: z.union([z.literal(1), z.literal(2)]),
  created_at: timestamp,
  /** When the next day's interest is paid (null once expired). */
  next_payout_at: timestamp.nullable(),
  /** When the last day is paid and the principal unlocks. */
  maturity_at: timestamp,
});
export type EarnSubscription = z.infer<typeof earnSubscription>;

/** A product as the operator's page shows it: every language's texts and the money it holds. */
export const earnProductAdmin = earnProduct.extend({
  names: z.record(z.string(), z.string()),
  yield_sources: z.record(z.string(), z.string()),
  /** Interest promised to subscriptions in effect and not paid yet. */
  owed: decimalString,
  /** Interest paid so far. */
  paid: decimalString,
  /** Principal of subscriptions in effect. */
  principal: decimalString,
  subscriptions: z.number().int(),
  /** Subscriptions in effect. */
  active: z.number().int(),
  /** Terms can no longer be edited once somebody subscribed. */
  editable: z.boolean(),
  created_at: timestamp,
});
export type EarnProductAdmin = z.infer<typeof earnProductAdmin>;

const rateInput = decimalInput;
const terms = {
  currency_id: idParam,
  name: translatedText(80),
  days: z.coerce.number().int().min(1).max(EARN_LIMITS.maxDays),
  rate: rateInput,
  min_number: decimalInput,
  max_number: decimalInput,
  max_per_user: decimalInput,
  quota: decimalInput,
  yield_source: translatedText(500),
  /** Epoch ms; omitted: on sale from now, with no end. */
  sale_start: z.coerce.number().int().min(0).nullable().optional(),
  sale_end: z.coerce.number().int().min(0).nullable().optional(),
};

export const earnCalls = {
  ieoList: defineCall({
    method: 'GET',
    path: 'ieo/list',
    auth: 'optional',
    tag: 'ieo',
    summary:
      'Earning products on sale or paused, 30 a page: term, annual rate, limits, the funded interest reserve and whether it is sold out',
    request: z.object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(EARN_LIST_LIMIT).default(EARN_LIST_LIMIT),
    }),
    response: pageOf(earnProduct),
  }),
  ieoAdd: defineCall({
    method: 'POST',
    path: 'ieo/addIeo',
    auth: 'user',
    tag: 'ieo',
    summary:
      'Subscribe `number` of the product from the financial account (trade password): the principal is locked for the term and the whole interest reserved from the funded reserve',
    request: z.object({
      id: idParam,
      number: decimalInput.optional().transform((v) => v ?? ''),
      pay_password: text(64),
    }),
    response: earnSubscription,
  }),
  ieoMy: defineCall({
    method: 'GET',
    path: 'ieo/my',
    auth: 'user',
    tag: 'ieo',
    addition: true,
    summary: "The user's subscriptions, newest first: principal, daily dividend, income, days left",
    request: z.object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(50).default(EARN_LOG_PAGE_SIZE),
      status: z.coerce.number().pipe(z.literal(EARN_STATUSES)).optional(),
    }),
    response: pageOf(earnSubscription),
  }),
  adminIeoList: defineCall({
    method: 'GET',
    path: 'admin/ieo/list',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Every earning product with its reserve, interest owed and paid, and principal held',
    request: z.object({}),
    response: z.array(earnProductAdmin),
  }),
  adminIeoCreate: defineCall({
    method: 'POST',
    path: 'admin/ieo/create',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'Create an earning product (rate annual, as a fraction); it sells nothing until its interest reserve is funded',
    request: z.object(terms),
    response: earnProductAdmin,
  }),
  adminIeoUpdate: defineCall({
    method: 'POST',
    path: 'admin/ieo/update',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: "Edit a product's terms and texts, until its first subscription",
    request: z.object({ id: idParam, ...terms }),
    response: earnProductAdmin,
  }),
  adminIeoStatus: defineCall({
    method: 'POST',
    path: 'admin/ieo/status',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'Put a product on sale (1), pause it (2) or close it for good (3); subscriptions in effect run to maturity',
    request: z.object({
      id: idParam,
      status: z.coerce.number().pipe(z.literal(EARN_PRODUCT_STATUSES)),
      reason: text(500).pipe(z.string().min(3)),
    }),
    response: earnProductAdmin,
  }),
  adminIeoFund: defineCall({
    method: 'POST',
    path: 'admin/ieo/fund',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      "Move an amount from the outside world into the product's interest reserve (negative: draw back what is not promised), recorded with its reason",
    request: z.object({
      id: idParam,
      amount: decimalInput,
      reason: text(500).pipe(z.string().min(3)),
    }),
    response: earnProductAdmin,
  }),
};
