import { z } from 'zod';
import { defineCall } from '../call.js';
import { decimalString, timestamp } from '../envelope.js';
import { idParam } from './fields.js';

/** 24 h quotation of a pair (spec 1 §3). `change` is a percent with 2 decimals, signed. */
export const quotation = z.object({
  currency_match_id: z.number().int(),
  close: decimalString,
  change: decimalString,
  high: decimalString,
  low: decimalString,
  volume: decimalString,
});
export type Quotation = z.infer<typeof quotation>;

const flag = z.union([z.literal(0), z.literal(1)]);

export const currencyMatch = z.object({
  id: z.number().int(),
  symbol: z.string(),
  base_currency_id: z.number().int(),
  quote_currency_id: z.number().int(),
  base_currency_code: z.string(),
  quote_currency_code: z.string(),
  base_currency: z.object({ logo: z.string() }),
  /** 1 when spot trading is open; 0 when the market is halted (spec 2 §2: open_change). */
  open_change: flag,
  open_lever: flag,
  open_microtrade: flag,
  /** Lever terms (spec 2 §3): the house spread as a fraction of the price, base per hand, fee rate. */
  lever_point_rate: decimalString,
  lever_share_num: decimalString,
  lever_fee_rate: decimalString,
  /** Favourite of the signed-in user. */
  added: z.boolean(),
  price_decimals: z.number().int(),
  qty_decimals: z.number().int(),
  min_qty: decimalString,
  maker_fee_rate: decimalString,
  taker_fee_rate: decimalString,
  currency_quotation: quotation,
});
export type CurrencyMatch = z.infer<typeof currencyMatch>;

export const quoteGroup = z.object({
  id: z.number().int(),
  code: z.string(),
  is_quote: flag,
  cny_price: decimalString,
  usd_price: decimalString,
  matches: z.array(currencyMatch),
});
export type QuoteGroup = z.infer<typeof quoteGroup>;

export const depthLevel = z.object({ price: decimalString, amount: decimalString });
/** Depth snapshot: `in` bids best first, `out` asks best first (the client reverses asks for display). */
export const depthSnapshot = z.object({ in: z.array(depthLevel), out: z.array(depthLevel) });
export type DepthSnapshot = z.infer<typeof depthSnapshot>;

/** A public trade; way 1 = the taker bought, 2 = the taker sold. */
export const publicTrade = z.object({
  id: z.number().int(),
  price: decimalString,
  amount: decimalString,
  way: z.union([z.literal(1), z.literal(2)]),
  timestamp,
});
export type PublicTrade = z.infer<typeof publicTrade>;

export const KLINE_PERIODS = [
  '1min',
  '3min',
  '5min',
  '15min',
  '30min',
  '60min',
  '120min',
  '240min',
  '360min',
  '720min',
  '1day',
  '3day',
  '1week',
  '1mon',
] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

export const klineBar = z.object({
  time: timestamp,
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  volume: decimalString,
});
export type KlineBar = z.infer<typeof klineBar>;

export const marketCalls = {
  currencyMatches: defineCall({
    method: 'GET',
    path: 'market/currency_matches',
    auth: 'optional',
    tag: 'market',
    summary: 'Quote-currency groups with their pairs and live 24 h quotation',
    request: z.object({}),
    response: z.array(quoteGroup),
  }),
  deal: defineCall({
    method: 'GET',
    path: 'market/deal',
    auth: 'public',
    tag: 'market',
    summary: 'One pair: quotation, depth snapshot and the latest trades',
    request: z.object({ currency_match_id: idParam }),
    response: z.object({
      quotation: quotation.extend({
        symbol: z.string(),
        currency_match: z.object({
          symbol: z.string(),
          quote_currency: z.object({ cny_price: decimalString, usd_price: decimalString }),
        }),
      }),
      depth: depthSnapshot,
      tx_completes: z.array(publicTrade),
    }),
  }),
  favorite: defineCall({
    method: 'POST',
    path: 'market/favorite',
    auth: 'user',
    tag: 'market',
    addition: true,
    summary: 'Add a pair to (added: true) or remove it from (added: false) the favourites',
    request: z.object({ currency_match_id: idParam, added: z.boolean() }),
    response: z.object({ currency_match_id: z.number().int(), added: z.boolean() }),
  }),
  kline: defineCall({
    method: 'GET',
    path: 'market/kline',
    auth: 'public',
    tag: 'market',
    summary:
      'Candles built from trades; from/to in epoch milliseconds, or seconds (values below 10^11), at most 1,500 bars',
    request: z.object({
      currency_match_id: idParam.optional(),
      symbol: z.string().trim().max(40).optional(),
      period: z.enum(KLINE_PERIODS).default('1min'),
      from: z.coerce.number().int().min(0).optional(),
      to: z.coerce.number().int().min(0).optional(),
    }),
    response: z.array(klineBar),
  }),
};
