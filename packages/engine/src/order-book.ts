import { BookSide, OrderNode, type PriceLevel } from './book-side.js';
import { checkBookInvariants } from './book-invariants.js';
import { assertBandBps, marketBandLimit } from './market-band.js';
import type {
  BookEvent,
  BookOptions,
  Level,
  PlaceCommand,
  RestingOrder,
  Side,
  TakePreview,
} from './types.js';

/**
 * The fast price-time-priority book of one market: a command processor (place, cancel, restore)
 * that appends events to the caller's array. Pure and deterministic: no clock, no randomness, no
 * I/O; the same commands always give the same events and the same book. Business failures are
 * 'rejected' events, never exceptions. Prices are integer ticks and sizes integer lots.
 */
export class OrderBook {
  private readonly bids = new BookSide(1);
  private readonly asks = new BookSide(2);
  private readonly byId = new Map<number, OrderNode>();
  private readonly bandBps: number;
  /** Ids arrive increasing, so every id ≤ this one has been seen: the duplicate check is one compare. */
  private highestId = 0;
  /** Finished nodes, chained through `next`, reused so resting an order allocates nothing. */
  private spare: OrderNode | null = null;

  constructor(options: BookOptions) {
    assertBandBps(options.bandBps);
    this.bandBps = options.bandBps;
  }

  /**
   * Events: 'accepted', then per fill a 'trade' (followed by 'filled' for a maker that is done), and
   * for the taker exactly one of 'filled' | 'rested' | 'cancelled'. A malformed id is 'invalid'; an
   * id at or below the highest seen is 'duplicate_order'; any other malformed field is 'invalid'
   * (the id still counts as seen). The owner only has to be a safe integer: it is compared, not
   * counted.
   */
  place(cmd: PlaceCommand, out: BookEvent[]): void {
    const orderId = cmd.orderId;
    if (!isPositiveSafeInteger(orderId)) {
      out.push({ type: 'rejected', orderId, reason: 'invalid' });
      return;
    }
    if (orderId <= this.highestId) {
      out.push({ type: 'rejected', orderId, reason: 'duplicate_order' });
      return;
    }
    this.highestId = orderId;
    const side = cmd.side;
    const isLimit = cmd.kind === 'limit';
    if (
      (side !== 1 && side !== 2) ||
      (!isLimit && cmd.kind !== 'market') ||
      !isPositiveSafeInteger(cmd.qty) ||
      !Number.isSafeInteger(cmd.ownerId) ||
      (isLimit && !isPositiveSafeInteger(cmd.price))
    ) {
      out.push({ type: 'rejected', orderId, reason: 'invalid' });
      return;
    }
    out.push({ type: 'accepted', orderId });
    if (isLimit) this.placeLimit(cmd, out);
    else this.placeMarket(cmd, out);
  }

  /** A resting order is removed with 'cancelled' reason 'user'; anything else is 'unknown_order'. */
  cancel(orderId: number, out: BookEvent[]): void {
    const node = this.byId.get(orderId);
    if (node === undefined) {
      out.push({ type: 'rejected', orderId, reason: 'unknown_order' });
      return;
    }
    this.sideOf(node.side).remove(node);
    this.pushCancelled(node, 'user', out);
    this.release(node);
  }

  /**
   * Puts a stored resting order back without matching, at the back of its level (callers restore in
   * orderId order, which is arrival order). Bad data here is a corrupt store, not a business
   * failure, so it throws: a malformed order, an id not above every id seen, or a price that would
   * cross the book (a consistent book never crosses).
   */
  restore(order: RestingOrder): void {
    const { orderId, ownerId, side, price, remaining } = order;
    if (
      !isPositiveSafeInteger(orderId) ||
      !Number.isSafeInteger(ownerId) ||
      (side !== 1 && side !== 2) ||
      !isPositiveSafeInteger(price) ||
      !isPositiveSafeInteger(remaining)
    ) {
      throw new RangeError(`restore: malformed order ${JSON.stringify(order)}`);
    }
    if (orderId <= this.highestId) {
      throw new RangeError(
        `restore: order ${orderId} is not above the highest id ${this.highestId}`,
      );
    }
    const opposite = side === 1 ? this.asks.bestPrice() : this.bids.bestPrice();
    if (opposite !== null && (side === 1 ? price >= opposite : price <= opposite)) {
      throw new RangeError(`restore: order ${orderId} at ${price} would cross ${opposite}`);
    }
    this.highestId = orderId;
    this.rest(orderId, ownerId, side, price, remaining);
  }

  /** Best opposite price ± the band (see marketBandLimit); null when that side of the book is empty. */
  marketLimitPrice(side: Side): number | null {
    const best = side === 1 ? this.asks.bestPrice() : this.bids.bestPrice();
    return best === null ? null : marketBandLimit(side, best, this.bandBps);
  }

  bestBid(): number | null {
    return this.bids.bestPrice();
  }

  /**
   * What a taker of `ownerId` on `side` would get for `qty` if it took the opposite side now, down
   * to any price, without changing the book: the quantity available (at most `qty`), its notional
   * (Σ price × lots, in ticks × lots) and the best and worst prices it would reach. The owner's
   * own resting orders are skipped, as `match` cancels them instead of trading (self-trade
   * prevention), so a limit order at `worst` fills exactly `filled` for exactly `notional`.
   */
  preview(side: Side, qty: number, ownerId: number): TakePreview {
    const levels = (side === 1 ? this.asks : this.bids).levels;
    let filled = 0;
    let notional = 0n;
    let best: number | null = null;
    let worst: number | null = null;
    for (let i = levels.length - 1; i >= 0 && filled < qty; i--) {
      const level = levels[i];
      for (let node = level?.head ?? null; node !== null && filled < qty; node = node.next) {
        if (node.ownerId === ownerId) continue;
        const take = Math.min(node.remaining, qty - filled);
        filled += take;
        notional += BigInt(node.price) * BigInt(take);
        best ??= node.price;
        worst = node.price;
      }
    }
    return { filled, notional, best, worst };
  }

  bestAsk(): number | null {
    return this.asks.bestPrice();
  }

  depth(maxLevels: number): { bids: Level[]; asks: Level[] } {
    return { bids: this.bids.depth(maxLevels), asks: this.asks.depth(maxLevels) };
  }

  order(orderId: number): RestingOrder | undefined {
    const node = this.byId.get(orderId);
    return node === undefined ? undefined : toResting(node);
  }

  orders(): RestingOrder[] {
    const result: RestingOrder[] = [];
    for (const side of [this.bids, this.asks]) {
      for (let i = side.levels.length - 1; i >= 0; i--) {
        for (let node = side.levels[i]?.head ?? null; node !== null; node = node.next) {
          result.push(toResting(node));
        }
      }
    }
    return result;
  }

  size(): number {
    return this.byId.size;
  }

  checkInvariants(): void {
    checkBookInvariants(this.bids, this.asks, this.byId, this.highestId);
  }

  /** Good till cancelled: matches while prices cross, then the remainder rests at its limit. */
  private placeLimit(cmd: PlaceCommand, out: BookEvent[]): void {
    const remaining = this.match(cmd, cmd.price, out);
    if (remaining === 0) {
      out.push({ type: 'filled', orderId: cmd.orderId });
      return;
    }
    this.rest(cmd.orderId, cmd.ownerId, cmd.side, cmd.price, remaining);
    out.push({
      type: 'rested',
      orderId: cmd.orderId,
      side: cmd.side,
      price: cmd.price,
      remaining,
    });
  }

  /**
   * Walks the book from the best opposite price up to the protection band fixed at entry; what is
   * left is cancelled 'unfilled' (a market order never rests). With no opposite order at entry it
   * is cancelled 'no_liquidity'. The cancelled event's price is the band limit (0 when there was none).
   */
  private placeMarket(cmd: PlaceCommand, out: BookEvent[]): void {
    const limit = this.marketLimitPrice(cmd.side);
    const { orderId, ownerId, side } = cmd;
    if (limit === null) {
      out.push({
        type: 'cancelled',
        orderId,
        ownerId,
        side,
        price: 0,
        remaining: cmd.qty,
        reason: 'no_liquidity',
      });
      return;
    }
    const remaining = this.match(cmd, limit, out);
    if (remaining === 0) {
      out.push({ type: 'filled', orderId });
      return;
    }
    out.push({
      type: 'cancelled',
      orderId,
      ownerId,
      side,
      price: limit,
      remaining,
      reason: 'unfilled',
    });
  }

  /**
   * Price-time priority: takes the best opposite level while it crosses `limit` (buy: ask ≤ limit,
   * sell: bid ≥ limit), oldest order first, always at the MAKER's price. Self-trade prevention: a
   * resting order of the taker's owner is cancelled ('self_trade') and matching goes on.
   * Returns the taker's remaining quantity.
   */
  private match(cmd: PlaceCommand, limit: number, out: BookEvent[]): number {
    const opposite = cmd.side === 1 ? this.asks : this.bids;
    const levels = opposite.levels;
    const limitKey = opposite.sign * limit;
    const { orderId, ownerId, side } = cmd;
    let remaining = cmd.qty;
    while (remaining > 0) {
      const level: PriceLevel | undefined = levels[levels.length - 1];
      if (level === undefined || level.key < limitKey) break;
      let node = level.head;
      while (node !== null && remaining > 0) {
        const next: OrderNode | null = node.next;
        if (node.ownerId === ownerId) {
          opposite.remove(node);
          this.pushCancelled(node, 'self_trade', out);
          this.release(node);
        } else {
          const qty = node.remaining < remaining ? node.remaining : remaining;
          node.remaining -= qty;
          level.qty -= qty;
          remaining -= qty;
          out.push({
            type: 'trade',
            makerOrderId: node.orderId,
            takerOrderId: orderId,
            makerOwnerId: node.ownerId,
            takerOwnerId: ownerId,
            takerSide: side,
            price: node.price,
            qty,
            makerRemaining: node.remaining,
            takerRemaining: remaining,
          });
          if (node.remaining === 0) {
            opposite.remove(node);
            out.push({ type: 'filled', orderId: node.orderId });
            this.release(node);
          }
        }
        node = next;
      }
    }
    return remaining;
  }

  private rest(
    orderId: number,
    ownerId: number,
    side: Side,
    price: number,
    remaining: number,
  ): void {
    const spare = this.spare;
    let node: OrderNode;
    if (spare === null) {
      node = new OrderNode();
    } else {
      node = spare;
      this.spare = spare.next;
    }
    node.orderId = orderId;
    node.ownerId = ownerId;
    node.side = side;
    node.price = price;
    node.remaining = remaining;
    this.sideOf(side).append(node);
    this.byId.set(orderId, node);
  }

  /** Forgets a node that has left the book and keeps it for reuse. */
  private release(node: OrderNode): void {
    this.byId.delete(node.orderId);
    node.prev = null;
    node.next = this.spare;
    this.spare = node;
  }

  private pushCancelled(node: OrderNode, reason: 'user' | 'self_trade', out: BookEvent[]): void {
    out.push({
      type: 'cancelled',
      orderId: node.orderId,
      ownerId: node.ownerId,
      side: node.side,
      price: node.price,
      remaining: node.remaining,
      reason,
    });
  }

  private sideOf(side: Side): BookSide {
    return side === 1 ? this.bids : this.asks;
  }
}

/** False for anything that is not a number too: commands may come from parsed JSON. */
function isPositiveSafeInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function toResting(node: OrderNode): RestingOrder {
  return {
    orderId: node.orderId,
    ownerId: node.ownerId,
    side: node.side,
    price: node.price,
    remaining: node.remaining,
  };
}
