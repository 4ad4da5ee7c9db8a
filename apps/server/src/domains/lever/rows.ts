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
import type { LeverRow } from './types.js';

const POSITIONS = {
  id: plain('bigint', (r) => r.id),
  user_id: plain('int', (r) => r.userId),
  market_id: plain('int', (r) => r.marketId),
  type: plain('smallint', (r) => r.side),
  status: plain('smallint', (r) => r.status),
  share: plain('int', (r) => r.share),
  number: amount((r) => r.number),
  multiple: plain('int', (r) => r.multiple),
  origin_price: amount((r) => r.originPrice),
  price: amount((r) => r.price),
  target_price: optionalAmount((r) => r.targetPrice),
  margin: amount((r) => r.margin),
  origin_margin: amount((r) => r.originMargin),
  fee: amount((r) => r.fee),
  overnight: amount((r) => r.overnight),
  max_payout: amount((r) => r.maxPayout),
  stop_profit: optionalAmount((r) => r.stopProfit),
  stop_loss: optionalAmount((r) => r.stopLoss),
  close_reason: text((r) => r.closeReason),
  close_mark_price: optionalAmount((r) => r.closeMarkPrice),
  close_price: optionalAmount((r) => r.closePrice),
  profit: optionalAmount((r) => r.profit),
  created_at: time((r) => r.createdAt),
  updated_at: time((r) => r.updatedAt),
  closed_at: time((r) => r.closedAt),
} satisfies Spec<LeverRow>;

const CHANGING = [
  'status',
  'origin_price',
  'price',
  'margin',
  'fee',
  'overnight',
  'stop_profit',
  'stop_loss',
  'close_reason',
  'close_mark_price',
  'close_price',
  'profit',
  'updated_at',
  'closed_at',
] as const;

/** What a committed batch changed in the leverage product: rows, as they were when sealed. */
export interface LeverChanges {
  rows: readonly LeverRow[];
}

/** The lever rows of a batch: new ones are inserted, the others updated. */
export class LeverPart implements BatchPart {
  readonly rows = new Map<number, LeverRow>();
  readonly created = new Set<number>();

  get empty() {
    return this.rows.size === 0;
  }

  write(at: Date): ((s: Statement) => void)[] {
    const added: LeverRow[] = [];
    const changed: LeverRow[] = [];
    for (const r of this.rows.values()) (this.created.has(r.id) ? added : changed).push(r);
    const parts: ((s: Statement) => void)[] = [];
    if (added.length) parts.push(insert('lever_positions', POSITIONS, added, at));
    if (changed.length)
      parts.push(update('lever_positions', POSITIONS, [...CHANGING], changed, at));
    return parts;
  }

  seal(): LeverChanges {
    return { rows: [...this.rows.values()].map((r) => ({ ...r })) };
  }
}

export const LEVER_PART: PartKind<LeverPart> = { name: 'lever', create: () => new LeverPart() };
