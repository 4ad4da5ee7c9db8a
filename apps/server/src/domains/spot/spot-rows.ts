import type { Level } from '@exchange/engine';
import type { BatchPart, PartKind } from '../../core/batch.js';
import type { Committed } from '../../core/types.js';
import {
  amount,
  insert,
  plain,
  type Spec,
  type Statement,
  text,
  time,
  update,
} from '../../db/array-rows.js';
import type { MarketInfo, OrderState, SpotMarket, TradeRow } from './types.js';

/** Levels a side kept in each book snapshot of the read model (the depth call and push show 50). */
export const BOOK_LEVELS = 50;

const ORDERS = {
  id: plain('bigint', (o) => o.id),
  user_id: plain('int', (o) => o.userId),
  market_id: plain('int', (o) => o.marketId),
  side: plain('smallint', (o) => o.side),
  type: plain('smallint', (o) => o.type),
  price: amount((o) => o.price),
  qty: amount((o) => o.qty),
  filled_qty: amount((o) => o.filledQty),
  filled_quote: amount((o) => o.filledQuote),
  fee: amount((o) => o.fee),
  locked: amount((o) => o.locked),
  status: plain('smallint', (o) => o.status),
  client_order_id: text((o) => o.clientOrderId),
  created_at: time((o) => o.createdAt),
  updated_at: time((o) => o.updatedAt),
} satisfies Spec<OrderState>;

const TRADES = {
  id: plain('bigint', (t) => t.id),
  market_id: plain('int', (t) => t.marketId),
  price: amount((t) => t.price),
  qty: amount((t) => t.qty),
  quote_qty: amount((t) => t.quoteQty),
  taker_side: plain('smallint', (t) => t.takerSide),
  maker_order_id: plain('bigint', (t) => t.makerOrderId),
  taker_order_id: plain('bigint', (t) => t.takerOrderId),
  maker_user_id: plain('int', (t) => t.makerUserId),
  taker_user_id: plain('int', (t) => t.takerUserId),
  buyer_fee: amount((t) => t.buyerFee),
  seller_fee: amount((t) => t.sellerFee),
  created_at: time((t) => t.createdAt),
} satisfies Spec<TradeRow>;

/** A book's aggregated levels when a batch was sealed: bids best first, asks best first. */
export interface BookSnapshot {
  marketId: number;
  bids: readonly Level[];
  asks: readonly Level[];
}

/** What a committed batch changed in spot: the read model's input (market data, pushes). */
export interface SpotChanges {
  trades: readonly TradeRow[];
  /** Order snapshots of the batch, in the order they changed, each in its last state. */
  orders: readonly OrderState[];
  /** Orders placed in the batch. */
  created: ReadonlySet<number>;
  /** The books the batch changed, as they were when it was sealed. */
  books: ReadonlyMap<number, BookSnapshot>;
  /** The markets the batch touched, copied without their books (status included). */
  markets: readonly MarketInfo[];
}

/** A market's book as it is now, at the read model's depth. */
export function bookSnapshot(market: SpotMarket): BookSnapshot {
  return { marketId: market.id, ...market.book.depth(BOOK_LEVELS) };
}

const NO_CHANGES: SpotChanges = {
  trades: [],
  orders: [],
  created: new Set(),
  books: new Map(),
  markets: [],
};

/** The spot rows of one batch: orders placed or changed, trades, and the books they moved. */
export class SpotPart implements BatchPart {
  readonly orders = new Map<number, OrderState>();
  readonly created = new Set<number>();
  readonly trades: TradeRow[] = [];
  readonly markets = new Map<number, SpotMarket>();

  get empty() {
    return !this.orders.size && !this.trades.length;
  }

  order(order: OrderState) {
    this.orders.set(order.id, order);
  }

  write(at: Date): ((s: Statement) => void)[] {
    const parts: ((s: Statement) => void)[] = [];
    // Orders placed in this batch are inserted, orders stored before are updated.
    const placed: OrderState[] = [];
    const changed: OrderState[] = [];
    for (const o of this.orders.values()) (this.created.has(o.id) ? placed : changed).push(o);
    if (placed.length) parts.push(insert('orders', ORDERS, placed, at));
    if (changed.length) {
      const set = ['filled_qty', 'filled_quote', 'fee', 'locked', 'status', 'updated_at'] as const;
      parts.push(update('orders', ORDERS, [...set], changed, at));
    }
    if (this.trades.length) parts.push(insert('trades', TRADES, this.trades, at));
    return parts;
  }

  seal(): SpotChanges {
    const books = new Map<number, BookSnapshot>();
    const markets: MarketInfo[] = [];
    for (const market of this.markets.values()) {
      books.set(market.id, bookSnapshot(market));
      const { book: _book, ...info } = market;
      markets.push(info);
    }
    return {
      trades: this.trades,
      orders: [...this.orders.values()].map((o) => ({ ...o })),
      created: this.created,
      books,
      markets,
    };
  }
}

export const SPOT_PART: PartKind<SpotPart> = { name: 'spot', create: () => new SpotPart() };

/** The spot part of a committed batch (empty when the batch changed nothing in spot). */
export function spotChanges(committed: Committed): SpotChanges {
  // Written by SpotPart.seal under SPOT_PART's name.
  return committed.part(SPOT_PART) ?? NO_CHANGES;
}
