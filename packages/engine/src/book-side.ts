import type { Level, Side } from './types.js';

/**
 * One price level: a FIFO queue of resting orders (an intrusive doubly linked list, so a cancel
 * unlinks its node in O(1)) and the aggregate quantity that depth snapshots read.
 */
export class PriceLevel {
  /** Sort key: the price for bids, −price for asks, so that on both sides the best level is the largest key. */
  key = 0;
  price = 0;
  qty = 0;
  count = 0;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
}

/** The level of a node that is in no queue (new or released). */
const DETACHED = new PriceLevel();

/** A resting order. Nodes are recycled by the book, so a released node's fields are stale. */
export class OrderNode {
  orderId = 0;
  ownerId = 0;
  side: Side = 1;
  price = 0;
  remaining = 0;
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  level: PriceLevel = DETACHED;
}

/**
 * One side of the book: levels in an array sorted by ascending key, best LAST. Matching consumes
 * the best level, so emptying it is a pop; new orders land near the best price, so inserting a
 * level shifts only the few entries after it. Emptied levels are kept for reuse.
 */
export class BookSide {
  readonly levels: PriceLevel[] = [];
  /** +1 for bids, −1 for asks: key = sign × price. */
  readonly sign: 1 | -1;
  private readonly spare: PriceLevel[] = [];

  constructor(readonly side: Side) {
    this.sign = side === 1 ? 1 : -1;
  }

  bestPrice(): number | null {
    const best = this.levels[this.levels.length - 1];
    return best === undefined ? null : best.price;
  }

  /** Appends the node at the tail of its price's queue (time priority), creating the level if needed. */
  append(node: OrderNode): void {
    const level = this.levelAt(node.price);
    node.level = level;
    node.next = null;
    node.prev = level.tail;
    if (level.tail === null) level.head = node;
    else level.tail.next = node;
    level.tail = node;
    level.qty += node.remaining;
    level.count += 1;
  }

  /** Unlinks the node (O(1)) and drops its level when it becomes empty. */
  remove(node: OrderNode): void {
    const level = node.level;
    if (node.prev === null) level.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) level.tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = null;
    node.next = null;
    node.level = DETACHED;
    level.qty -= node.remaining;
    level.count -= 1;
    if (level.count === 0) this.dropLevel(level);
  }

  /** Aggregated levels, best first. */
  depth(maxLevels: number): Level[] {
    const result: Level[] = [];
    for (let i = this.levels.length - 1; i >= 0 && result.length < maxLevels; i--) {
      const level = this.levels[i];
      if (level !== undefined) result.push({ price: level.price, qty: level.qty });
    }
    return result;
  }

  private levelAt(price: number): PriceLevel {
    const key = this.sign * price;
    const levels = this.levels;
    const index = lowerBound(levels, key);
    const found = levels[index];
    if (found !== undefined && found.key === key) return found;
    const level = this.spare.pop() ?? new PriceLevel();
    level.key = key;
    level.price = price;
    level.qty = 0;
    level.count = 0;
    level.head = null;
    level.tail = null;
    // copyWithin rather than splice(), which allocates the array of removed items.
    levels.push(level);
    levels.copyWithin(index + 1, index, levels.length - 1);
    levels[index] = level;
    return level;
  }

  private dropLevel(level: PriceLevel): void {
    const levels = this.levels;
    const last = levels.length - 1;
    if (levels[last] === level) {
      levels.pop();
    } else {
      const index = lowerBound(levels, level.key);
      levels.copyWithin(index, index + 1);
      levels.pop();
    }
    level.head = null;
    level.tail = null;
    this.spare.push(level);
  }
}

/** The first index whose key is ≥ key (levels.length when none is). */
function lowerBound(levels: PriceLevel[], key: number): number {
  let lo = 0;
  let hi = levels.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const level = levels[mid];
    if (level !== undefined && level.key < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
