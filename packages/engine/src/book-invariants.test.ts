import { describe, expect, it } from 'vitest';
import type { BookSide, OrderNode } from './book-side.js';
import { OrderBook } from './order-book.js';
import type { BookEvent } from './types.js';

/** The private state checkInvariants guards, reached by a cast: tests only. */
interface Internals {
  bids: BookSide;
  asks: BookSide;
  byId: Map<number, OrderNode>;
  highestId: number;
}

function sample(): { book: OrderBook; state: Internals } {
  const book = new OrderBook({ bandBps: 500 });
  const out: BookEvent[] = [];
  let orderId = 1;
  for (const [side, price, qty] of [
    [1, 99, 2],
    [1, 99, 3],
    [1, 98, 1],
    [2, 101, 4],
    [2, 102, 5],
  ] as const) {
    book.place({ orderId: orderId++, ownerId: orderId, side, kind: 'limit', price, qty }, out);
  }
  book.checkInvariants();
  return { book, state: book as unknown as Internals };
}

function node(state: Internals, orderId: number): OrderNode {
  const found = state.byId.get(orderId);
  if (found === undefined) throw new Error(`no order ${orderId}`);
  return found;
}

describe('OrderBook.checkInvariants catches corruption', () => {
  const cases: [string, (state: Internals) => void, RegExp][] = [
    ['a level quantity', (s) => (node(s, 1).level.qty += 1), /qty 6, orders sum to 5/],
    ['an order quantity', (s) => (node(s, 2).remaining = 7), /orders sum to/],
    [
      'a zero remaining',
      (s) => ((node(s, 3).remaining = 0), (node(s, 3).level.qty = 0)),
      /remaining 0/,
    ],
    ['a level count', (s) => (node(s, 4).level.count = 2), /count 2, queue holds 1/],
    ['the id index', (s) => s.byId.delete(5), /missing from the id index/],
    ['an extra index entry', (s) => s.byId.set(9, node(s, 1)), /index holds 6/],
    ['level order', (s) => s.bids.levels.reverse(), /out of order/],
    ['a back link', (s) => (node(s, 2).prev = null), /broken back link/],
    ['a tail', (s) => (node(s, 1).level.tail = node(s, 1)), /tail/],
    ['a price in the wrong level', (s) => (node(s, 3).price = 97), /wrong level/],
    [
      'a crossed book',
      (s) => ((node(s, 4).level.price = 99), (node(s, 4).level.key = -99), (node(s, 4).price = 99)),
      /crossed/,
    ],
    ['the highest seen id', (s) => (s.highestId = 2), /above the highest seen id/],
    ['time order in a queue', (s) => (node(s, 2).orderId = 0), /time order|index/],
  ];

  it.each(cases)('a corrupted %s', (_what, corrupt, message) => {
    const { book, state } = sample();
    corrupt(state);
    expect(() => book.checkInvariants()).toThrow(message);
  });
});
