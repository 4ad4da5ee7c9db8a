import { z } from 'zod';
import { defineCall } from '../call.js';
import { ORDER_STATUSES } from '../catalogues.js';
import { decimalString, pageOf, timestamp } from '../envelope.js';
import { decimalInput, idParam, text } from './fields.js';

/** Order type of the trade form: 0 limit, 1 market (spec 1 §4). */
export const ORDER_TYPE = { limit: 0, market: 1 } as const;
/** way: 1 buy, 2 sell (spec 2 §3). */
export const WAY = { buy: 1, sell: 2 } as const;

/**
 * tx_in/add and tx_out/add (spec 1 §7): number is the base quantity; price is required for limit
 * orders (trade.p_price) and ignored for market orders, which fill from the book.
 */
export const placeOrderRequest = z
  .object({
    currency_match_id: idParam,
    number: decimalInput.optional(),
    price: decimalInput.optional(),
    type: z.coerce
      .number()
      .int()
      .refine((v) => v === 0 || v === 1)
      .default(ORDER_TYPE.limit),
    client_order_id: text(64).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.number) ctx.addIssue({ code: 'custom', message: 'trade.p_num', path: ['number'] });
    else if (v.type === ORDER_TYPE.limit && !v.price) {
      ctx.addIssue({ code: 'custom', message: 'trade.p_price', path: ['price'] });
    }
  });

export const spotOrder = z.object({
  id: z.number().int(),
  currency_match_id: z.number().int(),
  currency_match: z.object({ symbol: z.string() }),
  way: z.union([z.literal(1), z.literal(2)]),
  way_name: z.string(),
  type: z.union([z.literal(0), z.literal(1)]),
  /** Limit price; for a market order the protection-band price it could reach. */
  price: decimalString,
  number: decimalString,
  /** Executed quantity (base). */
  transacted_amount: decimalString,
  /** Executed total (quote). */
  transacted_volume: decimalString,
  fee: decimalString,
  status: z.literal(ORDER_STATUSES),
  status_name: z.string(),
  client_order_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SpotOrder = z.infer<typeof spotOrder>;

export const orderListRequest = z.object({
  currency_match_id: idParam.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const spotCalls = {
  buy: defineCall({
    method: 'POST',
    path: 'tx_in/add',
    auth: 'user',
    tag: 'spot',
    summary: 'Place a buy order (locks quote); an optional client_order_id makes it idempotent',
    request: placeOrderRequest,
    response: spotOrder,
  }),
  sell: defineCall({
    method: 'POST',
    path: 'tx_out/add',
    auth: 'user',
    tag: 'spot',
    summary: 'Place a sell order (locks base); an optional client_order_id makes it idempotent',
    request: placeOrderRequest,
    response: spotOrder,
  }),
  buyList: defineCall({
    method: 'GET',
    path: 'tx_in/list',
    auth: 'user',
    tag: 'spot',
    summary: 'Open buy orders, of one pair when currency_match_id is given, newest first',
    request: orderListRequest,
    response: pageOf(spotOrder),
  }),
  sellList: defineCall({
    method: 'GET',
    path: 'tx_out/list',
    auth: 'user',
    tag: 'spot',
    summary: 'Open sell orders, of one pair when currency_match_id is given, newest first',
    request: orderListRequest,
    response: pageOf(spotOrder),
  }),
  history: defineCall({
    method: 'GET',
    path: 'tx_history/list',
    auth: 'user',
    tag: 'spot',
    summary: 'Finished orders (filled or cancelled), newest first',
    request: orderListRequest,
    response: pageOf(spotOrder),
  }),
  buyCancel: defineCall({
    method: 'POST',
    path: 'tx_in/cancel',
    auth: 'user',
    tag: 'spot',
    summary: 'Cancel an open buy order; the unfilled part is unlocked',
    request: z.object({ id: idParam }),
    response: spotOrder,
  }),
  sellCancel: defineCall({
    method: 'POST',
    path: 'tx_out/cancel',
    auth: 'user',
    tag: 'spot',
    summary: 'Cancel an open sell order; the unfilled part is unlocked',
    request: z.object({ id: idParam }),
    response: spotOrder,
  }),
};

export const accountDetail = z.object({
  currency_id: z.number().int(),
  currency_code: z.string(),
  account_type_id: z.number().int(),
  balance: decimalString,
  lock_balance: decimalString,
});

export const accountCalls = {
  detail: defineCall({
    method: 'GET',
    path: 'account/detail',
    auth: 'user',
    tag: 'account',
    summary: 'Available and locked balance of one currency in one account type (1 trade)',
    request: z.object({
      currency_id: idParam,
      account_type_id: z.coerce.number().int().min(1).max(5).default(1),
    }),
    response: accountDetail,
  }),
};
