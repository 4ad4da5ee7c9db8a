import type { BatchPart, PartKind } from '../../core/batch.js';
import {
  amount,
  insert,
  optionalAmount,
  plain,
  type Spec,
  type Statement,
  text,
  time,
  update,
} from '../../db/array-rows.js';
import type { IndexRecord, MicroRow } from './types.js';

const ORDERS = {
  id: plain('bigint', (r) => r.id),
  user_id: plain('int', (r) => r.userId),
  market_id: plain('int', (r) => r.marketId),
  currency_id: plain('int', (r) => r.currencyId),
  type: plain('smallint', (r) => r.type),
  status: plain('smallint', (r) => r.status),
  seconds: plain('int', (r) => r.seconds),
  number: amount((r) => r.number),
  fee: amount((r) => r.fee),
  profit_ratio: text((r) => r.ratio, 'numeric'),
  open_at: time((r) => new Date(r.openAt)),
  end_at: time((r) => new Date(r.endAt)),
  open_price: optionalAmount((r) => r.openPrice),
  end_price: optionalAmount((r) => r.endPrice),
  outcome: text((r) => r.outcome),
  fact_profits: optionalAmount((r) => r.factProfits),
  created_at: time((r) => r.createdAt),
  settled_at: time((r) => r.settledAt),
  index_min_trades: plain('int', (r) => r.minTrades),
  index_min_volume: optionalAmount((r) => r.minVolume),
} satisfies Spec<MicroRow>;

const CHANGING = [
  'status',
  'open_price',
  'end_price',
  'outcome',
  'fact_profits',
  'settled_at',
] as const;

const INDEX = {
  market_id: plain('int', (r) => r.marketId),
  at: time((r) => new Date(r.at)),
  source: text((r) => r.source),
  from_at: time((r) => new Date(r.from)),
  first_trade_id: plain('bigint', (r) => r.trades[0]?.id ?? null),
  last_trade_id: plain('bigint', (r) => r.trades.at(-1)?.id ?? null),
  trade_count: plain('int', (r) => r.trades.length),
  bid: optionalAmount((r) => r.bid),
  ask: optionalAmount((r) => r.ask),
  value: optionalAmount((r) => r.value),
  min_trades: plain('int', (r) => r.minTrades),
  min_volume: optionalAmount((r) => r.minVolume),
} satisfies Spec<IndexRecord>;

/** What a committed batch changed in micro trade: orders as sealed, and the indexes evaluated. */
export interface MicroChanges {
  rows: readonly MicroRow[];
  /** Indexes evaluated in the batch, by `${marketId}:${at}`. */
  indexes: ReadonlyMap<string, IndexRecord>;
  evidence: ReadonlyMap<number, MicroSettlementEvidence>;
}

export interface MicroSettlementEvidence {
  open: IndexRecord;
  end: IndexRecord | null;
}

export const indexKey = (marketId: number, at: number) => `${String(marketId)}:${String(at)}`;

/** The micro rows of a batch: new orders are inserted, the others updated; indexes inserted. */
export class MicroPart implements BatchPart {
  readonly rows = new Map<number, MicroRow>();
  readonly created = new Set<number>();
  readonly indexes = new Map<string, IndexRecord>();
  /** The open and end index of orders settled in the batch (for the closing push). */
  readonly evidence = new Map<number, MicroSettlementEvidence>();

  get empty() {
    return this.rows.size === 0 && this.indexes.size === 0;
  }

  write(at: Date): ((s: Statement) => void)[] {
    const added: MicroRow[] = [];
    const changed: MicroRow[] = [];
    for (const r of this.rows.values()) (this.created.has(r.id) ? added : changed).push(r);
    const parts: ((s: Statement) => void)[] = [];
    if (added.length) parts.push(insert('micro_orders', ORDERS, added, at));
    if (changed.length) parts.push(update('micro_orders', ORDERS, [...CHANGING], changed, at));
    if (this.indexes.size) parts.push(insert('micro_index', INDEX, [...this.indexes.values()], at));
    return parts;
  }

  seal(): MicroChanges {
    return {
      rows: [...this.rows.values()].map((r) => ({ ...r })),
      indexes: new Map(this.indexes),
      evidence: new Map(this.evidence),
    };
  }
}

export const MICRO_PART: PartKind<MicroPart> = { name: 'micro', create: () => new MicroPart() };
