import { LEVER_SIDE_LABELS, type Lang, type LeverPosition } from '@exchange/contract';
import { wireAmount } from '../../core/amounts.js';
import { reject } from '../../core/result.js';
import type { LeverHandler } from './handler.js';
import type { LeverRow, LeverTerms } from './types.js';

const optional = (v: bigint | null) => (v === null ? null : wireAmount(v));

/**
 * A position's wire view but its `type_name`, the one field in the reader's language: what the
 * commands answer (a command's result does not depend on who reads it); `named` completes it.
 */
export type PositionData = Omit<LeverPosition, 'type_name'>;

/**
 * The wire shape of a position or entrust (spec 2 §3 plus the additions) but its
 * `type_name`. An open position carries its profit at `mark` (and `update_price` = the mark); a
 * closed one its result.
 */
export function positionData(
  row: LeverRow,
  terms: LeverTerms,
  profit: bigint,
  mark: bigint | null,
): PositionData {
  return {
    id: row.id,
    currency_match_id: row.marketId,
    symbol: terms.symbol,
    currency_id: terms.baseCurrencyId,
    legal_id: terms.quoteCurrencyId,
    type: row.side,
    status: row.status,
    share: row.share,
    number: wireAmount(row.number),
    multiple: row.multiple,
    price: wireAmount(row.price),
    origin_price: wireAmount(row.originPrice),
    update_price: wireAmount(row.closeMarkPrice ?? mark ?? row.originPrice),
    target_price: optional(row.targetPrice),
    target_profit_price: optional(row.stopProfit),
    stop_loss_price: optional(row.stopLoss),
    caution_money: wireAmount(row.margin),
    origin_caution_money: wireAmount(row.originMargin),
    trade_fee: wireAmount(row.fee),
    overnight_money: wireAmount(row.overnight),
    profits: wireAmount(profit),
    close_reason: row.closeReason,
    close_mark_price: optional(row.closeMarkPrice),
    close_price: optional(row.closePrice),
    time: row.createdAt.getTime(),
    handle_time: row.closedAt === null ? null : row.closedAt.getTime(),
  };
}

/** A position's view with its side's name in `lang`, in the contract's order (pushes keep it). */
export function named(data: PositionData, lang: Lang): LeverPosition {
  const { id, currency_match_id, symbol, currency_id, legal_id, type, ...rest } = data;
  const type_name = LEVER_SIDE_LABELS[lang][type];
  return { id, currency_match_id, symbol, currency_id, legal_id, type, type_name, ...rest };
}

/** The whole wire view of a position or entrust (see `positionData`). */
export function positionView(
  row: LeverRow,
  terms: LeverTerms,
  profit: bigint,
  mark: bigint | null,
  lang: Lang,
): LeverPosition {
  return named(positionData(row, terms, profit, mark), lang);
}

/**
 * A row as the handler values it now: an open one at its pair's mark, a closed one at its result.
 * Its pair's terms are never removed; a row without them is refused as the pair not found.
 */
export function positionNow(lever: LeverHandler, row: LeverRow): PositionData {
  const terms = lever.termsOf(row.marketId);
  if (!terms) return reject('MARKET_NOT_FOUND');
  const mark = lever.markPrice(row.marketId);
  return positionData(row, terms, lever.profitOf(row, mark), mark);
}

/** A pair's lever terms as lever/deal shows them (the user's order form). */
export function pairTermsView(t: LeverTerms) {
  return {
    id: t.marketId,
    symbol: t.symbol,
    open_lever: t.open ? (1 as const) : (0 as const),
    lever_point_rate: t.pointRate,
    lever_share_num: t.shareNum,
    lever_fee_rate: t.feeRate,
    min_share: t.minShare,
    max_share: t.maxShare,
    overnight_rate: t.overnightRate,
    price_decimals: t.priceDecimals,
    qty_decimals: t.qtyDecimals,
    quote_decimals: t.amountDecimals,
  };
}

/** A pair's terms as the operator calls answer them: the user's view and the desk's settings. */
export function adminPairView(t: LeverTerms) {
  return {
    ...pairTermsView(t),
    multiples: t.multiples,
    max_open_interest: t.maxOpenInterest,
    mark_min_depth: t.markMinDepth,
    mark_band: t.markBand,
    mark_window_s: t.markWindowS,
    manipulation_multiple: t.manipulationMultiple,
  };
}
