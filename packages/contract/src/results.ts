import { type ErrorKey, isErrorKey } from './errors.js';

/**
 * Result codes of the core's command handlers: a handler refuses a command with one of these,
 * never with an HTTP error. Each names the catalogue key the HTTP layer answers with (its status
 * and translated message come from the error catalogue); the WebSocket and operator tools can
 * map the same codes. A code is added here when a handler gains a new refusal.
 */
export const RESULT_CODES = {
  /** The command's amount or price is not a positive number of the allowed steps. */
  INVALID_AMOUNT: 'amount.invalid',
  INVALID_NUMBER: 'trade.invalid_number',
  AMOUNT_PRECISION: 'amount.precision',
  AMOUNT_TOO_LARGE: 'amount.too_large',
  PRICE_REQUIRED: 'trade.p_price',
  PRICE_SCALE: 'trade.price_scale',
  QTY_SCALE: 'trade.qty_scale',
  BELOW_MIN_QTY: 'trade.min_qty',
  /** Available funds do not cover what the command takes. */
  INSUFFICIENT_FUNDS: 'balance.insufficient',
  /** The order to cancel is not open (filled, cancelled, or not the user's). */
  ORDER_NOT_OPEN: 'order.not_open',
  MARKET_NOT_FOUND: 'market.not_found',
  /** The market is halted: every order is refused (there is no buy-only or sell-only mode). */
  MARKET_HALTED: 'trade.remind',
  /** Nobody else quotes the side a market order or conversion would take. */
  NO_BEST_PRICE: 'trade.notbest',
  RATE_LIMITED: 'order.rate_limited',
  OPEN_ORDER_LIMIT: 'order.open_limit',
  /**
   * A buy above or a sell below the pair's price band (its reference price ± the operator's
   * `price_band`); a market order or a conversion that would only meet such prices.
   */
  PRICE_BAND: 'spot.price_band',
  /** A decision on a record that has already been decided, or is not pending. */
  ALREADY_REVIEWED: 'review.done',
  CONVERT_NO_MARKET: 'convert.no_market',
  DEPTH_INSUFFICIENT: 'convert.depth_insufficient',
  BELOW_MIN_RECEIVE: 'convert.min_receive',
  /** Leverage (domains/lever): refusals of submit, close, cancel, stops and the house. */
  LEVER_CLOSED_PAIR: 'lever.closed_pair',
  LEVER_MULTIPLE: 'lever.multiple',
  LEVER_SHARE_RANGE: 'lever.share_range',
  LEVER_USER_LIMIT: 'lever.user_limit',
  LEVER_OPEN_INTEREST: 'lever.open_interest',
  LEVER_HOUSE_COVER: 'lever.house_cover',
  LEVER_NO_PRICE: 'lever.no_price',
  LEVER_NOT_FOUND: 'lever.not_found',
  LEVER_NOT_OPEN: 'lever.not_open',
  LEVER_NOT_ENTRUST: 'lever.not_entrust',
  LEVER_STOP_PROFIT_SIDE: 'lever.stop_profit_side',
  LEVER_STOP_LOSS_SIDE: 'lever.stop_loss_side',
  LEVER_RISK: 'lever.risk',
  LEVER_HOUSE_DRAW: 'lever.house_draw',
  LEVER_PRICE_REQUIRED: 'lever.p_price',
  /** The pair's book is too thin for a mark price (depth, band, window): nothing opens or closes. */
  LEVER_NO_MARK: 'lever.no_mark',
  /** The pair's net open exposure would exceed what pushing its mark costs ÷ the multiple. */
  LEVER_EXPOSURE_BOUND: 'lever.exposure_bound',
  /** Micro trade (domains/micro): refusals of submit and of the operator's settings. */
  MICRO_CLOSED_PAIR: 'micro.closed_pair',
  MICRO_CURRENCY: 'micro.currency',
  MICRO_SECONDS: 'micro.seconds',
  MICRO_STAKE_RANGE: 'micro.stake_range',
  MICRO_EXPOSURE: 'micro.exposure',
  MICRO_HOUSE: 'micro.house',
  /** The pair's book is too thin for the house to take more on it (price integrity). */
  MICRO_LIQUIDITY: 'micro.liquidity',
  MICRO_NOT_FOUND: 'micro.not_found',
  MICRO_SETTINGS: 'micro.settings_invalid',
  /** Earning products (domains/earn): refusals of a subscription and of the operator's terms. */
  EARN_NOT_FOUND: 'earn.not_found',
  EARN_NOT_ON_SALE: 'earn.not_on_sale',
  EARN_SOLD_OUT: 'earn.sold_out',
  EARN_AMOUNT_RANGE: 'earn.amount_range',
  EARN_USER_LIMIT: 'earn.user_limit',
  EARN_QUOTA: 'earn.quota',
  EARN_TERMS_LOCKED: 'earn.terms_locked',
  EARN_TERMS: 'earn.terms_invalid',
  EARN_RESERVE: 'earn.reserve_short',
  EARN_CLOSED: 'earn.closed',
  /** A command message whose fields do not match its kind (a client or node bug). */
  INVALID_COMMAND: 'common.invalid_param',
  /** The core is rebuilding its memory after a failed commit: try again shortly. */
  UNAVAILABLE: 'common.unavailable',
  /** A handler broke an invariant while applying; nothing of the command was kept. */
  INTERNAL: 'common.internal',
} as const satisfies Record<string, ErrorKey>;

export type ResultCode = keyof typeof RESULT_CODES;
export const RESULT_CODE_NAMES = Object.keys(RESULT_CODES) as ResultCode[];

/** The catalogue key (status and message) of a result code. */
export function resultErrorKey(code: ResultCode): ErrorKey {
  return RESULT_CODES[code];
}

export function isResultCode(value: unknown): value is ResultCode {
  return (
    typeof value === 'string' &&
    Object.prototype.hasOwnProperty.call(RESULT_CODES, value) &&
    isErrorKey(RESULT_CODES[value as ResultCode])
  );
}
