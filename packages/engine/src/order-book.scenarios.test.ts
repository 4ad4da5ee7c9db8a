import { describe, expect, it } from 'vitest';
import { brief } from './testing/brief.js';
import { Harness, implementations } from './testing/harness.js';
import { renderBook, table } from './testing/render-book.js';
import { OrderBook } from './order-book.js';
import type { PlaceCommand } from './types.js';

describe.each(implementations)('%s scenarios', (_name, make) => {
  const setup = (bandBps = 500) => new Harness(make({ bandBps }));

  it('trades a crossing limit order at the maker price', () => {
    const h = setup();
    h.sell(5, 101, 1);
    expect(h.buy(3, 103, 2)).toEqual([
      { type: 'accepted', orderId: 2 },
      {
        type: 'trade',
        makerOrderId: 1,
        takerOrderId: 2,
        makerOwnerId: 1,
        takerOwnerId: 2,
        takerSide: 1,
        price: 101,
        qty: 3,
        makerRemaining: 2,
        takerRemaining: 0,
      },
      { type: 'filled', orderId: 2 },
    ]);
    expect(renderBook(h.book)).toBe(table(`     | 101 | 2`));
  });

  it('fills partially across levels and rests the remainder', () => {
    const h = setup();
    h.sell(2, 101, 1);
    h.sell(3, 102, 1);
    h.sell(4, 103, 1);
    expect(brief(h.buy(6, 102, 2))).toEqual([
      'accepted 4',
      'trade 1<-4 2@101 m0 t4',
      'filled 1',
      'trade 2<-4 3@102 m0 t1',
      'filled 2',
      'rested 4 1@102',
    ]);
    expect(renderBook(h.book)).toBe(
      table(`
            | 103 | 4
          1 | 102 |
      `),
    );
  });

  it('keeps time priority within a level', () => {
    const h = setup();
    h.sell(2, 100, 1);
    h.sell(2, 100, 2);
    h.sell(2, 100, 3);
    expect(brief(h.buy(3, 100, 9))).toEqual([
      'accepted 4',
      'trade 1<-4 2@100 m0 t1',
      'filled 1',
      'trade 2<-4 1@100 m1 t0',
      'filled 4',
    ]);
    expect(h.book.orders().map((o) => [o.orderId, o.remaining])).toEqual([
      [2, 1],
      [3, 2],
    ]);
  });

  it('gives the taker the price improvement on both sides', () => {
    const h = setup();
    h.sell(1, 100, 1);
    h.buy(1, 99, 1);
    expect(brief(h.buy(1, 105, 2))).toContain('trade 1<-3 1@100 m0 t0');
    expect(brief(h.sell(1, 90, 2))).toContain('trade 2<-4 1@99 m0 t0');
    expect(renderBook(h.book)).toBe('');
  });

  it('walks the asks with a market buy and the bids with a market sell', () => {
    const h = setup();
    h.sell(1, 100, 1);
    h.sell(2, 101, 1);
    h.sell(3, 102, 1);
    expect(brief(h.marketBuy(4, 2))).toEqual([
      'accepted 4',
      'trade 1<-4 1@100 m0 t3',
      'filled 1',
      'trade 2<-4 2@101 m0 t1',
      'filled 2',
      'trade 3<-4 1@102 m2 t0',
      'filled 4',
    ]);
    h.buy(1, 99, 1);
    h.buy(2, 98, 1);
    expect(brief(h.marketSell(2, 2)).slice(1)).toEqual([
      'trade 5<-7 1@99 m0 t1',
      'filled 5',
      'trade 6<-7 1@98 m1 t0',
      'filled 7',
    ]);
    expect(renderBook(h.book)).toBe(
      table(`
            | 102 | 2
          1 |  98 |
      `),
    );
  });

  it('stops a market order at the band fixed at entry and cancels the rest as unfilled', () => {
    const h = setup(500);
    h.sell(1, 100, 1);
    h.sell(1, 105, 1);
    h.sell(1, 106, 1);
    expect(h.book.marketLimitPrice(1)).toBe(105); // floor(100 × 1.05)
    expect(brief(h.marketBuy(5, 2))).toEqual([
      'accepted 4',
      'trade 1<-4 1@100 m0 t4',
      'filled 1',
      'trade 2<-4 1@105 m0 t3',
      'filled 2',
      'cancelled 4 unfilled 3@105',
    ]);
    expect(renderBook(h.book)).toBe(table(`     | 106 | 1`));

    h.cancel(3);
    h.buy(1, 100, 1);
    h.buy(1, 95, 1);
    h.buy(1, 94, 1);
    expect(h.book.marketLimitPrice(2)).toBe(95); // ceil(100 × 0.95)
    expect(brief(h.marketSell(3, 2)).slice(-1)).toEqual(['cancelled 8 unfilled 1@95']);
    expect(renderBook(h.book)).toBe(table(`   1 | 94 |`));
  });

  it('rounds the band inward with integer maths', () => {
    const h = setup(500);
    expect(h.book.marketLimitPrice(1)).toBeNull();
    h.sell(1, 101, 1);
    h.buy(1, 99, 1);
    expect(h.book.marketLimitPrice(1)).toBe(106); // floor(106.05)
    expect(h.book.marketLimitPrice(2)).toBe(95); // ceil(94.05)
  });

  it('cancels a market order with no_liquidity on an empty side', () => {
    const h = setup();
    h.buy(1, 99, 1);
    expect(brief(h.marketBuy(7, 2))).toEqual(['accepted 2', 'cancelled 2 no_liquidity 7@0']);
    expect(renderBook(h.book)).toBe(table(`   1 | 99 |`));
  });

  it('cancels the resting order of the same owner and keeps matching (self-trade prevention)', () => {
    const h = setup();
    h.sell(2, 100, 1);
    h.sell(2, 100, 2);
    h.sell(1, 101, 1);
    expect(brief(h.buy(5, 101, 1))).toEqual([
      'accepted 4',
      'cancelled 1 self_trade 2@100',
      'trade 2<-4 2@100 m0 t3',
      'filled 2',
      'cancelled 3 self_trade 1@101',
      'rested 4 3@101',
    ]);
    h.sell(1, 103, 1);
    expect(brief(h.marketSell(4, 1))).toEqual([
      'accepted 6',
      'cancelled 4 self_trade 3@101',
      'cancelled 6 unfilled 4@96',
    ]);
    expect(renderBook(h.book)).toBe(table(`     | 103 | 1`));
  });

  it('cancels a resting order and rejects unknown or finished ids', () => {
    const h = setup();
    h.buy(4, 99, 7);
    h.sell(1, 99, 8);
    expect(h.cancel(1)).toEqual([
      {
        type: 'cancelled',
        orderId: 1,
        ownerId: 7,
        side: 1,
        price: 99,
        remaining: 3,
        reason: 'user',
      },
    ]);
    expect(h.cancel(1)).toEqual([{ type: 'rejected', orderId: 1, reason: 'unknown_order' }]);
    expect(brief(h.cancel(2))).toEqual(['rejected 2 unknown_order']);
    expect(brief(h.cancel(42))).toEqual(['rejected 42 unknown_order']);
    expect(h.book.size()).toBe(0);
  });

  it('rejects an id that rests, was seen or is below the highest seen', () => {
    const h = setup();
    h.buy(1, 99, 1);
    const again = { side: 1, kind: 'limit', qty: 1, price: 99, ownerId: 1 } as const;
    h.nextId = 1;
    expect(brief(h.place(again))).toEqual(['rejected 1 duplicate_order']);
    h.nextId = 5;
    h.place(again);
    h.nextId = 3;
    expect(brief(h.place(again))).toEqual(['rejected 3 duplicate_order']);
    expect(h.book.size()).toBe(2);
  });

  it('rejects invalid commands without touching the book', () => {
    const h = setup();
    h.sell(1, 100, 1);
    const base: PlaceCommand = {
      orderId: 0,
      ownerId: 2,
      side: 1,
      kind: 'limit',
      price: 100,
      qty: 1,
    };
    const broken: Partial<Record<keyof PlaceCommand, unknown>>[] = [
      { qty: 0 },
      { qty: 1.5 },
      { qty: -1 },
      { qty: 2 ** 53 },
      { price: 0 },
      { price: 100.5 },
      { side: 3 },
      { kind: 'stop' },
      { ownerId: 0.5 },
      { kind: 'market', qty: Number.NaN },
    ];
    broken.forEach((fields, i) => {
      const cmd = { ...base, orderId: 10 + i, ...fields } as PlaceCommand;
      expect(brief(h.send(cmd)), JSON.stringify(fields)).toEqual([`rejected ${10 + i} invalid`]);
    });
    expect(brief(h.send({ ...base, orderId: -1 }))).toEqual(['rejected -1 invalid']);
    expect(brief(h.send({ ...base, orderId: 30.5 }))).toEqual(['rejected 30.5 invalid']);
    // An invalid command still uses up its id; a market order's price is ignored.
    expect(brief(h.send({ ...base, orderId: 10 }))).toEqual(['rejected 10 duplicate_order']);
    expect(brief(h.send({ ...base, orderId: 40, kind: 'market', price: -5 })).at(-1)).toBe(
      'filled 40',
    );
  });

  it('aggregates depth per level, best first, up to the level limit', () => {
    const h = setup();
    h.buy(1, 98, 1);
    h.buy(2, 99, 2);
    h.buy(3, 99, 3);
    h.buy(4, 97, 1);
    h.sell(5, 101, 1);
    h.sell(6, 101, 2);
    h.sell(7, 103, 1);
    h.sell(8, 102, 1);
    expect(h.book.depth(2)).toEqual({
      bids: [
        { price: 99, qty: 5 },
        { price: 98, qty: 1 },
      ],
      asks: [
        { price: 101, qty: 11 },
        { price: 102, qty: 8 },
      ],
    });
    expect(renderBook(h.book)).toBe(
      table(`
            | 103 | 7
            | 102 | 8
            | 101 | 11
          5 |  99 |
          1 |  98 |
          4 |  97 |
      `),
    );
    expect(h.book.depth(0)).toEqual({ bids: [], asks: [] });
    expect([h.book.bestBid(), h.book.bestAsk()]).toEqual([99, 101]);
  });

  it('restores resting orders without matching, then matches them in restored order', () => {
    const h = setup();
    h.book.restore({ orderId: 3, ownerId: 1, side: 2, price: 101, remaining: 2 });
    h.book.restore({ orderId: 5, ownerId: 2, side: 2, price: 101, remaining: 2 });
    h.book.restore({ orderId: 8, ownerId: 1, side: 1, price: 99, remaining: 4 });
    h.book.checkInvariants();
    expect(renderBook(h.book)).toBe(
      table(`
            | 101 | 4
          4 |  99 |
      `),
    );
    h.nextId = 8;
    expect(brief(h.buy(1, 101, 9))).toEqual(['rejected 8 duplicate_order']);
    expect(brief(h.buy(3, 101, 9))).toEqual([
      'accepted 9',
      'trade 3<-9 2@101 m0 t1',
      'filled 3',
      'trade 5<-9 1@101 m1 t0',
      'filled 9',
    ]);
    expect(h.book.order(5)).toEqual({ orderId: 5, ownerId: 2, side: 2, price: 101, remaining: 1 });
    expect(h.book.order(3)).toBeUndefined();
  });
});

describe('OrderBook.restore', () => {
  it('throws on data a consistent store cannot hold', () => {
    const book = new OrderBook({ bandBps: 500 });
    book.restore({ orderId: 2, ownerId: 1, side: 2, price: 101, remaining: 2 });
    expect(() =>
      book.restore({ orderId: 2, ownerId: 1, side: 2, price: 102, remaining: 1 }),
    ).toThrow(/highest id/);
    expect(() =>
      book.restore({ orderId: 3, ownerId: 1, side: 1, price: 101, remaining: 1 }),
    ).toThrow(/cross/);
    expect(() =>
      book.restore({ orderId: 4, ownerId: 1, side: 1, price: 99, remaining: 0 }),
    ).toThrow(/malformed/);
    expect(() => new OrderBook({ bandBps: -1 })).toThrow(/bandBps/);
  });
});
