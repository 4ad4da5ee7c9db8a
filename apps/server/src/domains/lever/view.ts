import { LEVER_SIDE_LABELS, type Lang, type LeverPosition } from '@exchange/contract';
import { wireAmount } from '../../core/amounts.js';
import type { LeverRow, LeverTerms } from './types.js';

const optional = (v: bigint | null) => (v === null ? null : wireAmount(v));

/**
 * The wire shape of a position or entrust (spec 2 §3 plus the additions). An open
 * position carries its profit at `mark` (and `update_price` = the mark); a closed one its result.
 */
export function positionView(
  row: LeverRow,
  terms: LeverTerms,
  profit: bigint,
  mark: bigint | null,
  lang: Lang,
): LeverPosition {
  return {
    id: row.id,
    currency_match_id: row.marketId,
    symbol: terms.symbol,
    currency_id: terms.baseCurrencyId,
    legal_id: terms.quoteCurrencyId,
    type: row.side,
    type_name: LEVER_SIDE_LABELS[lang][row.side],
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
