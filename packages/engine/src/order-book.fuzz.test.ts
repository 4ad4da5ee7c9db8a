import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book.js';
import { ReferenceBook } from './reference-book.js';
import { RandomCommands, type FuzzCommand } from './testing/random-commands.js';
import type { BookEvent, RestingOrder } from './types.js';

const COMMANDS_PER_SEED = 2_000;
const RANDOM_SEEDS = Array.from({ length: 200 }, (_, i) => 1_000 + i);
/** Seeds that once found a bug (or cover a rare path); keep them when the random range changes. */
const REGRESSION_SEEDS = [1, 7, 42, 20240601];
const BANDS = [0, 10, 300, 500, 10_000];

/**
 * Replays one seeded stream into the fast book and the reference book, comparing after EVERY
 * command: events, best prices, band limits, depth and all resting orders; both books check their
 * invariants. On a mismatch the message names the seed, the command index and the last commands.
 */
function replay(seed: number): void {
  const bandBps = BANDS[seed % BANDS.length] ?? 500;
  const fast = new OrderBook({ bandBps });
  const reference = new ReferenceBook({ bandBps });
  const stream = new RandomCommands(seed);
  const recent: FuzzCommand[] = [];
  const fastOut: BookEvent[] = [];
  const referenceOut: BookEvent[] = [];
  for (let i = 0; i < COMMANDS_PER_SEED; i++) {
    const command = stream.next();
    recent.push(command);
    if (recent.length > 5) recent.shift();
    fastOut.length = 0;
    referenceOut.length = 0;
    if (command.op === 'place') {
      fast.place(command.cmd, fastOut);
      reference.place(command.cmd, referenceOut);
    } else {
      fast.cancel(command.orderId, fastOut);
      reference.cancel(command.orderId, referenceOut);
    }
    const where = () =>
      `seed ${seed} op ${i}: ${JSON.stringify(command)}\nlast: ${JSON.stringify(recent)}`;
    same(fastOut, referenceOut, where);
    same(snapshot(fast), snapshot(reference), where);
    const fastOrders = fast.orders();
    const referenceOrders = reference.orders();
    if (!sameOrders(fastOrders, referenceOrders))
      expect(fastOrders, where()).toEqual(referenceOrders);
    try {
      fast.checkInvariants();
      reference.checkInvariants();
    } catch (error) {
      throw new Error(`${where()}\n${String(error)}`, { cause: error });
    }
  }
  same(rebuilt(fast).orders(), fast.orders(), () => `seed ${seed}: rebuild from orders()`);
}

function snapshot(book: OrderBook | ReferenceBook) {
  return {
    size: book.size(),
    best: [book.bestBid(), book.bestAsk()],
    band: [book.marketLimitPrice(1), book.marketLimitPrice(2)],
    depth: book.depth(4),
  };
}

/** Field by field, because stringifying every resting order after every command dominated the run. */
function sameOrders(a: RestingOrder[], b: RestingOrder[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i];
    return (
      y !== undefined &&
      x.orderId === y.orderId &&
      x.ownerId === y.ownerId &&
      x.side === y.side &&
      x.price === y.price &&
      x.remaining === y.remaining
    );
  });
}

/** A new book restored from the old one's orders in id order, as the server does on start. */
function rebuilt(book: OrderBook): OrderBook {
  const copy = new OrderBook({ bandBps: 500 });
  for (const order of book.orders().sort((a, b) => a.orderId - b.orderId)) copy.restore(order);
  copy.checkInvariants();
  return copy;
}

/** A cheap string compare first: expect() only runs (and renders its diff) on a mismatch. */
function same(actual: unknown, expected: unknown, where: () => string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    expect(actual, where()).toEqual(expected);
}

describe('OrderBook against ReferenceBook on seeded random streams', () => {
  it.each(REGRESSION_SEEDS)('regression seed %i', (seed) => replay(seed));

  // Chunks of 50 seeds (about 2 s each) keep progress visible and each test well inside its timeout.
  const chunks = [0, 50, 100, 150].map((start) => RANDOM_SEEDS.slice(start, start + 50));
  it.each(chunks)(
    `random seeds %i… (50 seeds × ${COMMANDS_PER_SEED} commands)`,
    (...seeds) => {
      for (const seed of seeds) replay(seed);
    },
    30_000,
  );
});
