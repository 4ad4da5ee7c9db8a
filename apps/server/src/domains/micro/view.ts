import type { MicroIndexEvidence, MicroOrder } from '@exchange/contract';
import { wireAmount } from '../../core/amounts.js';
import { indexFor } from './market-record.js';
import type { IndexRecord, MicroRow } from './types.js';

const money = (v: bigint | null) => (v === null ? null : wireAmount(v));

/** One side of a settlement's evidence as the calls and the push show it, for the order's owner. */
export function indexView(rec: IndexRecord, order: MicroRow): MicroIndexEvidence {
  const owner = order.userId;
  const own = indexFor(rec, owner, order);
  return {
    from: rec.from,
    to: rec.at,
    trades: rec.trades.map((t) => ({
      id: t.id,
      price: wireAmount(t.price),
      time: t.at,
      qty: wireAmount(t.qty),
      own: t.users.includes(owner),
    })),
    bid: money(rec.bid),
    ask: money(rec.ask),
    source: own.source,
    index: money(own.value),
    volume: wireAmount(own.volume),
    counted: own.trades,
    excluded_own: own.excludedOwn,
    min_trades: own.minTrades,
    min_volume: money(own.minVolume),
  };
}

/** A micro order as microtrade/lists, submit and the MICRO_CLOSED push show it. */
export function orderView(
  row: MicroRow,
  names: { symbol: string; currency: string },
  now: number,
  evidence: { open: IndexRecord; end: IndexRecord | null } | null,
): MicroOrder {
  return {
    id: row.id,
    match_id: row.marketId,
    symbol_name: names.symbol,
    currency_id: row.currencyId,
    currency_name: names.currency,
    type: row.type,
    status: row.status,
    seconds: row.seconds,
    number: wireAmount(row.number),
    fee: wireAmount(row.fee),
    profit_ratio: row.ratio,
    open_price: money(row.openPrice),
    end_price: money(row.endPrice),
    fact_profits: money(row.factProfits),
    outcome: row.outcome,
    remain_milli_seconds: row.status === 1 ? Math.max(0, row.endAt - now) : 0,
    created_at: row.createdAt.getTime(),
    open_at: row.openAt,
    end_at: row.endAt,
    settled_at: row.settledAt ? row.settledAt.getTime() : null,
    evidence: evidence
      ? {
          open: indexView(evidence.open, row),
          end: evidence.end ? indexView(evidence.end, row) : null,
        }
      : null,
  };
}
