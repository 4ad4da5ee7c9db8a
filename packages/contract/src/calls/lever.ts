import { z } from 'zod';
import { defineCall } from '../call.js';
import { decimalString, pageOf, timestamp } from '../envelope.js';
import { decimalInput, idParam } from './fields.js';

/** Position side: 1 long (buy), 2 short (sell) (spec 2 §3). */
export const LEVER_SIDE = { long: 1, short: 2 } as const;
/** lever/submit `status`: 0 a limit entrust at `target_price`, 1 at the market. */
export const LEVER_ORDER = { limit: 0, market: 1 } as const;
/** Position status: 0 entrust (limit waiting), 1 trading (open), 2 closing, 3 closed, 4 cancelled. */
export const LEVER_STATUS = {
  entrust: 0,
  trading: 1,
  closing: 2,
  closed: 3,
  cancelled: 4,
} as const;
/**
 * lever/my_trade `status` filters of the screen's tabs (spec 2 §2): 5 current positions (status
 * 1), 1 all positions (opened at some point), 0 all entrusts, 3 all closed, 6 current delegation
 * (entrusts still waiting).
 */
export const LEVER_FILTER = {
  allEntrusts: 0,
  allPositions: 1,
  allClosed: 3,
  current: 5,
  delegation: 6,
} as const;
export const LEVER_FILTERS = [0, 1, 3, 5, 6] as const;
/** How a position closed. */
export const CLOSE_REASONS = [
  'user',
  'stop_profit',
  'stop_loss',
  'liquidation',
  'close_all',
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/**
 * Whether a pair's book gives a lever mark price now: `thin` when it holds less than the pair's
 * minimum depth within the band on a side, or gave a price for less than half the window. While
 * thin nothing opens, fills, stops or liquidates on the pair (docs/architecture.md §4a).
 */
export const MARK_STATUSES = ['ok', 'thin'] as const;
export type MarkStatus = (typeof MARK_STATUSES)[number];

/**
 * A pair's mark-price and exposure settings: the quote amount each side of the book must hold
 * within the band of its mid, the band (a fraction), the averaging window in seconds, and the
 * manipulation multiple (how many times what pushing the mark one band costs on the book must
 * exceed what the house would lose to that push).
 */
const leverMarkSettings = {
  mark_min_depth: decimalString,
  mark_band: decimalString,
  mark_window_s: z.number().int(),
  manipulation_multiple: decimalString,
};

/** A position or entrust (spec 2 §3 and the additions of the leverage issue). */
export const leverPosition = z.object({
  id: z.number().int(),
  currency_match_id: z.number().int(),
  symbol: z.string(),
  /** Base and quote currency ids. */
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  type: z.union([z.literal(1), z.literal(2)]),
  type_name: z.string(),
  status: z.number().int(),
  /** Hands, and the base quantity they stand for (hands × lever_share_num). */
  share: z.number().int(),
  number: decimalString,
  multiple: z.number().int(),
  /** Entry price (origin moved by the spread against the trader), and the market price at open. */
  price: decimalString,
  origin_price: decimalString,
  /** The mark price it is valued at now (open), or was closed at. */
  update_price: decimalString,
  target_price: decimalString.nullable(),
  target_profit_price: decimalString.nullable(),
  stop_loss_price: decimalString.nullable(),
  /** Margin held, and as it was at open (overnight fees may take from it). */
  caution_money: decimalString,
  origin_caution_money: decimalString,
  trade_fee: decimalString,
  overnight_money: decimalString,
  /** Open: at the mark now; closed: realised at `close_price`. */
  profits: decimalString,
  close_reason: z.enum(CLOSE_REASONS).nullable(),
  close_mark_price: decimalString.nullable(),
  close_price: decimalString.nullable(),
  time: timestamp,
  handle_time: timestamp.nullable(),
});
export type LeverPosition = z.infer<typeof leverPosition>;

/** A pair's lever terms as lever/deal shows them. */
export const leverPair = z.object({
  id: z.number().int(),
  symbol: z.string(),
  open_lever: z.union([z.literal(0), z.literal(1)]),
  lever_point_rate: decimalString,
  lever_share_num: decimalString,
  lever_fee_rate: decimalString,
  min_share: z.number().int(),
  max_share: z.number().int(),
  overnight_rate: decimalString,
  price_decimals: z.number().int(),
  qty_decimals: z.number().int(),
  quote_decimals: z.number().int(),
});

const pairParam = z.object({ currency_match_id: idParam });
const idOnly = z.object({ id: idParam });

export const leverCalls = {
  leverDeal: defineCall({
    method: 'POST',
    path: 'lever/deal',
    auth: 'user',
    tag: 'lever',
    summary:
      "The order form's data: free lever balance, multiples, open entrusts, the pair's terms, mark price and stop-out level",
    request: pairParam,
    response: z.object({
      user_lever: decimalString,
      multiple: z.object({ muit: z.array(z.number().int()) }),
      my_transaction: z.array(
        z.object({
          id: z.number().int(),
          type_name: z.string(),
          time: timestamp,
          price: decimalString,
          number: decimalString,
        }),
      ),
      currency_match: leverPair,
      mark_price: decimalString.nullable(),
      /** `thin`: the book gives no mark now; positions neither open nor close (mark_price null). */
      mark_status: z.enum(MARK_STATUSES),
      stop_out_level: decimalString,
      hazard_rate: decimalString.nullable(),
    }),
  }),
  leverSubmit: defineCall({
    method: 'POST',
    path: 'lever/submit',
    auth: 'user',
    tag: 'lever',
    summary:
      'Open a long (type 1) or short (type 2) position at the market (status 1) or a limit entrust at target_price (status 0); password is the trade password',
    request: z.object({
      currency_match_id: idParam,
      share: z.coerce.number().int().min(1).max(1_000_000),
      multiple: z.coerce.number().int().min(1).max(10_000),
      type: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
      status: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
      target_price: decimalInput.optional(),
      password: z.string().max(128).default(''),
    }),
    response: leverPosition,
  }),
  leverCancel: defineCall({
    method: 'POST',
    path: 'lever/cancel',
    auth: 'user',
    tag: 'lever',
    summary: 'Cancel a waiting limit entrust: its margin and fee are unlocked',
    request: idOnly,
    response: leverPosition,
  }),
  leverClose: defineCall({
    method: 'POST',
    path: 'lever/close',
    auth: 'user',
    tag: 'lever',
    summary: 'Close an open position at the mark less (long) or plus (short) the spread',
    request: idOnly,
    response: leverPosition,
  }),
  leverSetStop: defineCall({
    method: 'POST',
    path: 'lever/setstop',
    auth: 'user',
    tag: 'lever',
    summary:
      "Set (or clear with an empty value) an open position's stop-profit and stop-loss prices",
    request: z.object({
      id: idParam,
      target_profit_price: decimalInput.optional(),
      stop_loss_price: decimalInput.optional(),
    }),
    response: leverPosition,
  }),
  leverBatchClose: defineCall({
    method: 'POST',
    path: 'lever/batch_close',
    auth: 'user',
    tag: 'lever',
    summary: 'Close all (type 0), long (1) or short (2) positions of a pair at one mark price',
    request: z.object({
      currency_match_id: idParam,
      type: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)])),
    }),
    response: z.object({ ids: z.array(z.number().int()), mark_price: decimalString.nullable() }),
  }),
  leverDealAll: defineCall({
    method: 'POST',
    path: 'lever/dealall',
    auth: 'user',
    tag: 'lever',
    summary:
      "The user's open positions of a pair valued at the mark, with the hazard rate and total profit",
    request: z.object({
      currency_match_id: idParam,
      page: z.coerce.number().int().min(1).default(1),
    }),
    response: z.object({
      hazard_rate: decimalString.nullable(),
      profits_all: decimalString,
      caution_money_all: decimalString,
      trades: pageOf(leverPosition),
    }),
  }),
  leverMyTrade: defineCall({
    method: 'GET',
    path: 'lever/my_trade',
    auth: 'user',
    tag: 'lever',
    summary:
      'Positions and entrusts by tab: 5 current positions, 1 all positions, 0 all entrusts, 3 closed, 6 waiting entrusts',
    request: z.object({
      status: z.coerce.number().pipe(z.literal(LEVER_FILTERS)).default(LEVER_FILTER.current),
      currency_match_id: idParam.optional(),
      page: z.coerce.number().int().min(1).default(1),
    }),
    response: pageOf(leverPosition),
  }),
  adminLeverOverview: defineCall({
    method: 'GET',
    path: 'admin/lever/overview',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      "The leverage desk: stop-out level, each quote currency's house and insurance balances with what the house owes (the largest gains of open positions and entrusts), and every pair's terms",
    request: z.object({}),
    response: z.object({
      stop_out_level: decimalString,
      accounts: z.array(
        z.object({
          currency_id: z.number().int(),
          currency: z.string(),
          house: decimalString,
          insurance: decimalString,
          exposure: decimalString,
          open_positions: z.number().int(),
        }),
      ),
      pairs: z.array(
        leverPair.extend({
          multiples: z.array(z.number().int()),
          max_open_interest: z.number().int(),
          open_hands: z.number().int(),
          ...leverMarkSettings,
          /** The mark now, the average it is held to, and the quote amounts within the band. */
          mark_status: z.enum(MARK_STATUSES),
          mark_price: decimalString.nullable(),
          mark_average: decimalString.nullable(),
          bid_depth: decimalString,
          ask_depth: decimalString,
        }),
      ),
    }),
  }),
  adminLeverStopOut: defineCall({
    method: 'POST',
    path: 'admin/lever/stop_out',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'Set the stop-out level (hazard rate in percent, 1 to 99) at which positions are liquidated',
    request: z.object({ level: decimalInput }),
    response: z.object({ stop_out_level: decimalString }),
  }),
  adminLeverLiquidations: defineCall({
    method: 'GET',
    path: 'admin/lever/liquidations',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Liquidated positions, newest first, with their owner',
    request: z.object({ page: z.coerce.number().int().min(1).default(1) }),
    response: pageOf(
      leverPosition.extend({ user: z.object({ id: z.number().int(), account: z.string() }) }),
    ),
  }),
  adminLeverSettings: defineCall({
    method: 'POST',
    path: 'admin/lever/settings',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: "Set a pair's lever terms (omitted fields keep their value); multiples are integers",
    request: z.object({
      currency_match_id: idParam,
      open_lever: z.coerce
        .number()
        .pipe(z.union([z.literal(0), z.literal(1)]))
        .optional(),
      lever_point_rate: decimalInput.optional(),
      lever_share_num: decimalInput.optional(),
      lever_fee_rate: decimalInput.optional(),
      multiples: z.array(z.coerce.number().int().min(1).max(1000)).min(1).max(20).optional(),
      min_share: z.coerce.number().int().min(1).max(1_000_000).optional(),
      max_share: z.coerce.number().int().min(1).max(1_000_000).optional(),
      overnight_rate: decimalInput.optional(),
      max_open_interest: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
      /** Quote amount each side must hold within the band (≥ 0, at most the pair's decimals). */
      mark_min_depth: decimalInput.optional(),
      /** The band around the mid and the average, a fraction above 0 and below 0.5. */
      mark_band: decimalInput.optional(),
      /** The averaging window, whole seconds from 5 to 3600. */
      mark_window_s: z.coerce.number().int().min(5).max(3600).optional(),
      /** Above 0 and at most 1000, at most 6 decimals (see docs/architecture.md §4a). */
      manipulation_multiple: decimalInput.optional(),
    }),
    response: leverPair.extend({
      multiples: z.array(z.number().int()),
      max_open_interest: z.number().int(),
      ...leverMarkSettings,
    }),
  }),
};
