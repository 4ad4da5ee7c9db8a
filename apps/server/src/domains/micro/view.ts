import type { MicroIndexEvidence, MicroOrder } from '@exchange/contract';
import { plainAt, wireAmount } from '../../core/amounts.js';
import type { MicroHandler } from './handler.js';
import { indexFor } from './market-record.js';
import { guardJson } from './settings.js';
import type {
  IndexRecord,
  MicroCurrencyTerms,
  MicroGuard,
  MicroOptionTerms,
  MicroPair,
  MicroRow,
} from './types.js';

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

/** The names an order view shows: the pair's symbol and the stake currency's code. */
export function namesOf(micro: MicroHandler, row: MicroRow) {
  return {
    symbol: micro.pair(row.marketId)?.symbol ?? '',
    currency: micro.currency(row.currencyId)?.code ?? '',
  };
}

/**
 * An order as it stands now, named from micro's memory: the MICRO_CLOSED push's view. The push
 * runs beside the core, from its committed batches; calls never use this, they ask micro's
 * queries.
 */
export function view(
  micro: MicroHandler,
  row: MicroRow,
  evidence: { open: IndexRecord; end: IndexRecord | null } | null = null,
): MicroOrder {
  return orderView(row, namesOf(micro, row), Date.now(), evidence);
}

/**
 * An order view with its remaining time counted at `now`: a command answers it as of its
 * acceptance (the core's clock, so that a replay answers the same), the call as it answers.
 */
export function remainingAt(order: MicroOrder, now: number): MicroOrder {
  const remain = order.status === 1 ? Math.max(0, order.end_at - now) : 0;
  return { ...order, remain_milli_seconds: remain };
}

export function optionViews(options: readonly MicroOptionTerms[]) {
  return options.map((o) => ({ seconds: o.seconds, profit_ratio: o.ratio }));
}

export function guardView(g: MicroGuard) {
  const json = guardJson(g);
  return {
    index_min_trades: json.min_trades,
    index_min_volume: json.min_volume,
    manipulation_multiple: json.multiple,
  };
}

/** A stake currency's terms as the operator's desk shows them (amounts at its decimals). */
export function currencyView(c: MicroCurrencyTerms) {
  return {
    id: c.currencyId,
    code: c.code,
    enabled: c.enabled ? (1 as const) : (0 as const),
    micro_numbers: c.numbers.map((n) => plainAt(n, c.decimals)),
    min_number: plainAt(c.min, c.decimals),
    max_number: plainAt(c.max, c.decimals),
    fee_rate: c.feeRate,
    default_cap: plainAt(c.defaultCap, c.decimals),
  };
}

/** A pair's terms, guard and what the house risks on it, for the operator's desk. */
export function pairView(micro: MicroHandler, p: MicroPair) {
  return {
    id: p.marketId,
    symbol: p.symbol,
    open_microtrade: p.open ? (1 as const) : (0 as const),
    options: optionViews(micro.optionsOf(p.marketId)),
    own: p.options !== null,
    caps: micro.ownCaps(p.marketId).map((c) => ({
      currency_id: c.currencyId,
      exposure_cap: plainAt(c.cap, micro.currency(c.currencyId)?.decimals ?? 18),
    })),
    open_orders: micro.openOrdersOf(p.marketId),
    ...guardView(micro.guardOf(p.marketId)),
    manipulation: micro
      .allCurrencies()
      .filter((c) => c.enabled)
      .map((c) => {
        const { cost, bound } = micro.manipulation(p.marketId, c.currencyId);
        return {
          currency_id: c.currencyId,
          cost: wireAmount(cost),
          bound: wireAmount(bound),
          exposure: wireAmount(micro.pairExposure(p.marketId, c.currencyId)),
        };
      }),
  };
}

/** The house in a currency: its balance and what its open orders could win from it. */
export function houseRow(micro: MicroHandler, currencyId: number, code: string) {
  return {
    currency_id: currencyId,
    currency: code,
    balance: wireAmount(micro.houseBalance(currencyId)),
    exposure: wireAmount(micro.exposure(currencyId)),
  };
}
