import { OrderBook } from '../order-book.js';
import { ReferenceBook } from '../reference-book.js';
import type { BookEvent, BookOptions, OrderKind, PlaceCommand, Side } from '../types.js';

export type AnyBook = OrderBook | ReferenceBook;

/** Both implementations, so one suite runs against the naive book and the fast one. */
export const implementations: [string, (options: BookOptions) => AnyBook][] = [
  ['OrderBook', (options) => new OrderBook(options)],
  ['ReferenceBook', (options) => new ReferenceBook(options)],
];

/**
 * A book with terse commands for scenario tests: ids are handed out 1, 2, 3… and every command
 * returns its events after the book's invariants have been checked.
 */
export class Harness {
  nextId = 1;

  constructor(readonly book: AnyBook) {}

  buy(qty: number, price: number, ownerId = 1): BookEvent[] {
    return this.place({ side: 1, kind: 'limit', qty, price, ownerId });
  }

  sell(qty: number, price: number, ownerId = 1): BookEvent[] {
    return this.place({ side: 2, kind: 'limit', qty, price, ownerId });
  }

  marketBuy(qty: number, ownerId = 1): BookEvent[] {
    return this.place({ side: 1, kind: 'market', qty, price: 0, ownerId });
  }

  marketSell(qty: number, ownerId = 1): BookEvent[] {
    return this.place({ side: 2, kind: 'market', qty, price: 0, ownerId });
  }

  place(fields: {
    side: Side;
    kind: OrderKind;
    qty: number;
    price: number;
    ownerId: number;
  }): BookEvent[] {
    return this.send({ orderId: this.nextId++, ...fields });
  }

  /** A raw command, ids and all (for invalid and duplicate ones). */
  send(cmd: PlaceCommand): BookEvent[] {
    const out: BookEvent[] = [];
    this.book.place(cmd, out);
    this.book.checkInvariants();
    return out;
  }

  cancel(orderId: number): BookEvent[] {
    const out: BookEvent[] = [];
    this.book.cancel(orderId, out);
    this.book.checkInvariants();
    return out;
  }
}
