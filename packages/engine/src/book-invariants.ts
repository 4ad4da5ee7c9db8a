import type { BookSide, OrderNode } from './book-side.js';

/**
 * Recomputes everything the fast book keeps incrementally and throws an Error naming the first
 * violation: level order and keys, queue links, per-level counts and quantities, the id index,
 * the highest seen id, and an uncrossed book. O(n); meant for tests and audits, not the hot path.
 */
export function checkBookInvariants(
  bids: BookSide,
  asks: BookSide,
  byId: Map<number, OrderNode>,
  highestId: number,
): void {
  const seen = checkSide(bids, byId, highestId) + checkSide(asks, byId, highestId);
  if (seen !== byId.size) fail(`index holds ${byId.size} orders but the levels hold ${seen}`);
  const bid = bids.bestPrice();
  const ask = asks.bestPrice();
  if (bid !== null && ask !== null && bid >= ask) fail(`book is crossed: bid ${bid} ≥ ask ${ask}`);
}

function checkSide(side: BookSide, byId: Map<number, OrderNode>, highestId: number): number {
  const name = side.side === 1 ? 'bids' : 'asks';
  let orders = 0;
  let previousKey = -Infinity;
  side.levels.forEach((level, index) => {
    const at = `${name}[${index}] @${level.price}`;
    if (!Number.isSafeInteger(level.price) || level.price <= 0) fail(`${at}: bad price`);
    if (level.key !== side.sign * level.price) fail(`${at}: key ${level.key} does not match price`);
    if (level.key <= previousKey) fail(`${at}: levels out of order`);
    previousKey = level.key;
    if (level.head === null || level.count === 0) fail(`${at}: empty level kept`);
    if (level.head?.prev != null) fail(`${at}: head has a predecessor`);
    let count = 0;
    let qty = 0;
    let last: OrderNode | null = null;
    for (let node: OrderNode | null = level.head; node !== null; node = node.next) {
      const what = `${at} order ${node.orderId}`;
      if (node.prev !== last) fail(`${what}: broken back link`);
      if (node.level !== level) fail(`${what}: points at another level`);
      if (node.price !== level.price) fail(`${what}: price ${node.price} in the wrong level`);
      if (node.side !== side.side) fail(`${what}: on the wrong side`);
      if (!Number.isSafeInteger(node.remaining) || node.remaining <= 0) {
        fail(`${what}: remaining ${node.remaining}`);
      }
      if (byId.get(node.orderId) !== node) fail(`${what}: missing from the id index`);
      if (node.orderId > highestId) fail(`${what}: above the highest seen id ${highestId}`);
      if (last !== null && node.orderId <= last.orderId) fail(`${what}: queue not in time order`);
      count += 1;
      qty += node.remaining;
      last = node;
      if (count > byId.size) fail(`${at}: queue has a cycle`);
    }
    if (level.tail !== last) fail(`${at}: tail is not the last order`);
    if (count !== level.count) fail(`${at}: count ${level.count}, queue holds ${count}`);
    if (qty !== level.qty) fail(`${at}: qty ${level.qty}, orders sum to ${qty}`);
    orders += count;
  });
  return orders;
}

function fail(message: string): never {
  throw new Error(`order book invariant violated: ${message}`);
}
