import type {
  BookEvent,
  BookOptions,
  CancelReason,
  Level,
  PlaceCommand,
  RestingOrder,
  Side,
} from './types.js';

interface Entry extends RestingOrder {
  /** Arrival sequence: time priority. */
  seq: number;
}

const isId = (value: number): boolean => Number.isSafeInteger(value) && value > 0;

/**
 * A naive, obviously correct book with the same interface as OrderBook: one array of resting
 * orders in arrival order, sorted again whenever priority matters, band maths in bigint. Slow on
 * purpose; the fuzz tests and the bench compare the fast book with it event by event.
 */
export class ReferenceBook {
  private resting: Entry[] = [];
  /** The rule for duplicates: ids arrive increasing, so any id up to the highest seen is taken. */
  private highestSeen = 0;
  private seq = 0;

  constructor(private readonly options: BookOptions) {
    if (!Number.isSafeInteger(options.bandBps) || options.bandBps < 0 || options.bandBps > 10000) {
      throw new RangeError(`bandBps must be an integer in [0, 10000], got ${options.bandBps}`);
    }
  }

  place(cmd: PlaceCommand, out: BookEvent[]): void {
    const { orderId, ownerId, side, kind, price, qty } = cmd;
    if (!isId(orderId)) {
      out.push({ type: 'rejected', orderId, reason: 'invalid' });
      return;
    }
    if (orderId <= this.highestSeen) {
      out.push({ type: 'rejected', orderId, reason: 'duplicate_order' });
      return;
    }
    this.highestSeen = orderId;
    const valid =
      (side === 1 || side === 2) &&
      (kind === 'limit' || kind === 'market') &&
      isId(qty) &&
      Number.isSafeInteger(ownerId) &&
      (kind === 'market' || isId(price));
    if (!valid) {
      out.push({ type: 'rejected', orderId, reason: 'invalid' });
      return;
    }
    out.push({ type: 'accepted', orderId });

    const limit = kind === 'limit' ? price : this.marketLimitPrice(side);
    if (limit === null) {
      out.push(cancelled({ orderId, ownerId, side, price: 0, remaining: qty }, 'no_liquidity'));
      return;
    }
    let remaining = qty;
    for (;;) {
      const best = this.best(side === 1 ? 2 : 1);
      if (remaining === 0 || best === undefined) break;
      if (side === 1 ? best.price > limit : best.price < limit) break;
      if (best.ownerId === ownerId) {
        this.remove(best);
        out.push(cancelled(best, 'self_trade'));
        continue;
      }
      const fill = Math.min(best.remaining, remaining);
      best.remaining -= fill;
      remaining -= fill;
      out.push({
        type: 'trade',
        makerOrderId: best.orderId,
        takerOrderId: orderId,
        makerOwnerId: best.ownerId,
        takerOwnerId: ownerId,
        takerSide: side,
        price: best.price,
        qty: fill,
        makerRemaining: best.remaining,
        takerRemaining: remaining,
      });
      if (best.remaining === 0) {
        this.remove(best);
        out.push({ type: 'filled', orderId: best.orderId });
      }
    }
    if (remaining === 0) out.push({ type: 'filled', orderId });
    else if (kind === 'market') {
      out.push(cancelled({ orderId, ownerId, side, price: limit, remaining }, 'unfilled'));
    } else {
      this.resting.push({ orderId, ownerId, side, price, remaining, seq: this.seq++ });
      out.push({ type: 'rested', orderId, side, price, remaining });
    }
  }

  cancel(orderId: number, out: BookEvent[]): void {
    const entry = this.resting.find((o) => o.orderId === orderId);
    if (entry === undefined) {
      out.push({ type: 'rejected', orderId, reason: 'unknown_order' });
      return;
    }
    this.remove(entry);
    out.push(cancelled(entry, 'user'));
  }

  restore(order: RestingOrder): void {
    if (order.orderId <= this.highestSeen) throw new RangeError(`restore: id ${order.orderId}`);
    this.highestSeen = order.orderId;
    this.resting.push({ ...order, seq: this.seq++ });
  }

  marketLimitPrice(side: Side): number | null {
    const best = side === 1 ? this.bestAsk() : this.bestBid();
    if (best === null) return null;
    const bps = BigInt(this.options.bandBps);
    const scaled = BigInt(best) * (side === 1 ? 10000n + bps : 10000n - bps);
    // bigint division truncates: that is floor for the buy side; ceil for the sell side is (x + 9999) / 10000.
    const limit = side === 1 ? scaled / 10000n : (scaled + 9999n) / 10000n;
    return Number(limit > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : limit);
  }

  bestBid(): number | null {
    return this.best(1)?.price ?? null;
  }

  bestAsk(): number | null {
    return this.best(2)?.price ?? null;
  }

  depth(maxLevels: number): { bids: Level[]; asks: Level[] } {
    const levels = (side: Side): Level[] => {
      const result: Level[] = [];
      for (const order of this.sorted(side)) {
        const last = result[result.length - 1];
        if (last?.price === order.price) last.qty += order.remaining;
        else result.push({ price: order.price, qty: order.remaining });
      }
      return result.slice(0, maxLevels);
    };
    return { bids: levels(1), asks: levels(2) };
  }

  order(orderId: number): RestingOrder | undefined {
    const entry = this.resting.find((o) => o.orderId === orderId);
    return entry === undefined ? undefined : strip(entry);
  }

  orders(): RestingOrder[] {
    return [...this.sorted(1), ...this.sorted(2)].map(strip);
  }

  size(): number {
    return this.resting.length;
  }

  checkInvariants(): void {
    for (const o of this.resting) {
      if (!isId(o.remaining))
        throw new Error(`reference: order ${o.orderId} remaining ${o.remaining}`);
    }
    const bid = this.bestBid();
    const ask = this.bestAsk();
    if (bid !== null && ask !== null && bid >= ask)
      throw new Error(`reference: crossed ${bid}/${ask}`);
  }

  /** One side in priority order: best price first (highest bid, lowest ask), then arrival. */
  private sorted(side: Side): Entry[] {
    return this.resting.filter((o) => o.side === side).sort((a, b) => compare(side, a, b));
  }

  /** The first order of sorted(side), found by a linear scan (the bench replays long prefixes). */
  private best(side: Side): Entry | undefined {
    let best: Entry | undefined;
    for (const o of this.resting) {
      if (o.side === side && (best === undefined || compare(side, o, best) < 0)) best = o;
    }
    return best;
  }

  private remove(entry: Entry): void {
    this.resting = this.resting.filter((o) => o !== entry);
  }
}

function compare(side: Side, a: Entry, b: Entry): number {
  return (side === 1 ? b.price - a.price : a.price - b.price) || a.seq - b.seq;
}

function cancelled(o: RestingOrder, reason: CancelReason): BookEvent {
  const { orderId, ownerId, side, price, remaining } = o;
  return { type: 'cancelled', orderId, ownerId, side, price, remaining, reason };
}

function strip({ orderId, ownerId, side, price, remaining }: Entry): RestingOrder {
  return { orderId, ownerId, side, price, remaining };
}
