import {
  OrderBook as NodejsOrderBook,
  SelfTradePreventionMode,
  Side as PeerSide,
  type LimitOrderOptions,
  type MarketOrderOptions,
} from 'nodejs-order-book';
import type { BenchOp } from './engine-stream.js';

/** The same operation in nodejs-order-book's terms, built before timing so both books pay only for matching. */
export type PeerOp =
  | { kind: 'limit'; options: LimitOrderOptions }
  | { kind: 'market'; options: MarketOrderOptions }
  | { kind: 'cancel'; id: string };

export function toPeerOps(ops: readonly BenchOp[]): PeerOp[] {
  return ops.map((op): PeerOp => {
    if (op.kind === 'cancel') return { kind: 'cancel', id: String(op.orderId) };
    const { cmd } = op;
    const common = {
      side: cmd.side === 1 ? PeerSide.BUY : PeerSide.SELL,
      size: cmd.qty,
      accountId: `owner-${cmd.ownerId}`,
      // Ours always cancels the resting order of the same owner and goes on: EXPIRE_MAKER.
      stpMode: SelfTradePreventionMode.EXPIRE_MAKER,
    };
    return cmd.kind === 'limit'
      ? { kind: 'limit', options: { ...common, id: String(cmd.orderId), price: cmd.price } }
      : { kind: 'market', options: common };
  });
}

/** nodejs-order-book behind a small adapter: apply an op, read the end state. */
export class PeerBook {
  private readonly book = new NodejsOrderBook();

  apply(op: PeerOp): void {
    if (op.kind === 'limit') this.book.limit(op.options);
    else if (op.kind === 'market') this.book.market(op.options);
    else this.book.cancel(op.id);
  }

  /** Resting order id → remaining size. */
  resting(): Map<string, number> {
    const { bids, asks } = this.book.snapshot();
    const result = new Map<string, number>();
    for (const level of [...bids, ...asks]) {
      for (const order of level.orders) result.set(order.id, order.size);
    }
    return result;
  }

  best(): [number | null, number | null] {
    const { bids, asks } = this.book.snapshot();
    const bidPrices = bids.map((level) => level.price);
    const askPrices = asks.map((level) => level.price);
    return [
      bidPrices.length > 0 ? Math.max(...bidPrices) : null,
      askPrices.length > 0 ? Math.min(...askPrices) : null,
    ];
  }
}
