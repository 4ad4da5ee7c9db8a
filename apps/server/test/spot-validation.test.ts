import { CALLS } from '@exchange/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journal } from '../src/db/schema.js';
import { createTestApp, expectError, okData, type TestApp } from './helpers.js';
import {
  balance,
  BTC,
  buy,
  buyRaw,
  cancel,
  ETH_BTC,
  operatorToken,
  orderCount,
  sell,
  sellRaw,
  setMarketStatus,
  trader,
  type Trader,
  USDT,
} from './spot-helpers.js';

let t: TestApp;
let op: string;
let u: Trader;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
  u = await trader(t, op, { USDT: '1000', BTC: '1', ETH: '10' });
});
afterAll(() => t.close());

const sides = [
  ['buy', buyRaw],
  ['sell', sellRaw],
] as const;

async function journalCount() {
  const [row] = await t.store.db.select({ n: count() }).from(journal);
  return row?.n ?? 0;
}

/** Nothing changed: no order, no journal entry, the same balances. */
async function unchanged<T>(run: () => Promise<T>): Promise<T> {
  const before = {
    orders: await orderCount(t),
    journal: await journalCount(),
    usdt: await balance(t, u.token, USDT),
    btc: await balance(t, u.token, BTC),
  };
  const result = await run();
  expect({
    orders: await orderCount(t),
    journal: await journalCount(),
    usdt: await balance(t, u.token, USDT),
    btc: await balance(t, u.token, BTC),
  }).toEqual(before);
  return result;
}

describe.each(sides)('%s: the documents’ keys', (side, place) => {
  it('no quantity → trade.p_num (limit and market)', async () => {
    await unchanged(async () => {
      expectError(await place(t, u.token, { price: '100' }), 422, 'trade.p_num');
      expectError(await place(t, u.token, { type: 1 }), 422, 'trade.p_num');
      expectError(await place(t, u.token, { number: '  ', price: '100' }), 422, 'trade.p_num');
    });
  });

  it('a limit order without a price → trade.p_price', async () => {
    await unchanged(async () => {
      expectError(await place(t, u.token, { number: '0.01' }), 422, 'trade.p_price');
      expectError(await place(t, u.token, { number: '0.01', price: '' }), 422, 'trade.p_price');
      expectError(
        await place(t, u.token, { number: '0.01', type: 0, price: ' ' }),
        422,
        'trade.p_price',
      );
    });
  });

  it('more price decimals than the market allows → trade.price_scale', async () => {
    await unchanged(async () => {
      // BTC/USDT allows 2 decimals; ETH/BTC allows 4 (spec 1 §5: at most 4).
      expectError(
        await place(t, u.token, { number: '0.01', price: '100.123' }),
        422,
        'trade.price_scale',
      );
      expectError(
        await place(t, u.token, { market: ETH_BTC, number: '0.01', price: '0.04921' }),
        422,
        'trade.price_scale',
      );
    });
    // Trailing zeros past the scale are the same price.
    const ok = await (side === 'buy' ? buy : sell)(t, u.token, {
      number: '0.001',
      price: side === 'buy' ? '100.100' : '900000.000',
    });
    expect(ok.price).toBe(side === 'buy' ? '100.1' : '900000');
    await cancel(t, u.token, ok);
  });

  it('more quantity decimals than the market allows → trade.qty_scale', async () => {
    await unchanged(async () => {
      expectError(
        await place(t, u.token, { number: '0.0000011', price: '100' }),
        422,
        'trade.qty_scale',
      );
      expectError(
        await place(t, u.token, { number: '0.0000011', type: 1 }),
        422,
        'trade.qty_scale',
      );
    });
  });

  it('below the minimum quantity → trade.min_qty', async () => {
    await unchanged(async () => {
      // BTC/USDT: at least 0.00001.
      const res = await place(t, u.token, { number: '0.000009', price: '100' });
      expectError(res, 422, 'trade.min_qty');
    });
  });

  it.each(['0', '-1', '1e5', 'abc', '0x10', '1,5', '+1', '.5', '1.', '0.0000000'])(
    'quantity %j → trade.invalid_number',
    async (number) => {
      await unchanged(async () => {
        expectError(await place(t, u.token, { number, price: '100' }), 422, 'trade.invalid_number');
      });
    },
  );

  it.each(['0', '-100', '1e5', 'abc', '0.00'])('price %j → trade.invalid_number', async (price) => {
    await unchanged(async () => {
      expectError(await place(t, u.token, { number: '0.01', price }), 422, 'trade.invalid_number');
    });
  });

  it('an unknown market → market.not_found', async () => {
    await unchanged(async () => {
      expectError(
        await place(t, u.token, { market: 999, number: '0.01', price: '100' }),
        404,
        'market.not_found',
      );
    });
  });

  it('an order type other than 0 or 1 is refused', async () => {
    await unchanged(async () => {
      const res = await t.call(
        side === 'buy' ? CALLS.buy : CALLS.sell,
        { currency_match_id: 1, number: '0.01', price: '100', type: 2 },
        { token: u.token },
      );
      expectError(res, 422, 'common.invalid_param');
    });
  });
});

describe('funds', () => {
  it('a buy costing more than the available quote → balance.insufficient, nothing changed', async () => {
    await unchanged(async () => {
      // 0.1 × 10,001 = 1,000.1 USDT > 1,000.
      expectError(
        await buyRaw(t, u.token, { number: '0.1', price: '10001' }),
        422,
        'balance.insufficient',
      );
    });
    // Exactly the balance is enough.
    const order = await buy(t, u.token, { number: '0.1', price: '10000' });
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '0', lock_balance: '1000' });
    // What is locked is not available for another order.
    expectError(
      await buyRaw(t, u.token, { number: '0.001', price: '100' }),
      422,
      'balance.insufficient',
    );
    await cancel(t, u.token, order);
    expect(await balance(t, u.token, USDT)).toEqual({ balance: '1000', lock_balance: '0' });
  });

  it('a sell of more base than available → balance.insufficient, nothing changed', async () => {
    await unchanged(async () => {
      expectError(
        await sellRaw(t, u.token, { number: '1.000001', price: '100000' }),
        422,
        'balance.insufficient',
      );
      expectError(
        await sellRaw(t, u.token, { market: ETH_BTC, number: '10.0001', price: '0.05' }),
        422,
        'balance.insufficient',
      );
    });
  });

  it('a user who never held the currency cannot order', async () => {
    const empty = await trader(t, op);
    expectError(
      await buyRaw(t, empty.token, { number: '0.001', price: '100' }),
      422,
      'balance.insufficient',
    );
    expectError(
      await sellRaw(t, empty.token, { number: '0.001', price: '100' }),
      422,
      'balance.insufficient',
    );
  });
});

describe('a halted market', () => {
  it('refuses buy, sell and market orders with trade.remind; cancel still works', async () => {
    const other = await trader(t, op, { BTC: '1', USDT: '100000' });
    const resting = await buy(t, u.token, { number: '0.01', price: '50000' });
    const ask = await sell(t, other.token, { number: '0.01', price: '70000' });
    await setMarketStatus(t, 1, 'halted');
    try {
      await unchanged(async () => {
        for (const [, place] of sides) {
          expectError(
            await place(t, u.token, { number: '0.001', price: '60000' }),
            422,
            'trade.remind',
          );
          expectError(await place(t, u.token, { number: '0.001', type: 1 }), 422, 'trade.remind');
        }
      });
      // Cancelling is always possible: nobody's funds are stuck in a halted market.
      expect(await cancel(t, u.token, resting)).toMatchObject({ status: 2 });
      expect(await cancel(t, other.token, ask)).toMatchObject({ status: 2 });
      expect(await balance(t, u.token, USDT)).toEqual({ balance: '1000', lock_balance: '0' });
      // Other markets trade on.
      const eth = await sell(t, u.token, { market: ETH_BTC, number: '0.01', price: '0.06' });
      await cancel(t, u.token, eth);
    } finally {
      await setMarketStatus(t, 1, 'open');
    }
    const again = await buy(t, u.token, { number: '0.001', price: '50000' });
    await cancel(t, u.token, again);
  });

  it('stays halted after a restart (the status is rebuilt from the store)', async () => {
    await setMarketStatus(t, 1, 'halted');
    await t.restart();
    expectError(await buyRaw(t, u.token, { number: '0.001', price: '100' }), 422, 'trade.remind');
    await setMarketStatus(t, 1, 'open');
    const ok = await t.call(
      CALLS.buy,
      { currency_match_id: 1, number: '0.001', price: '100' },
      { token: u.token },
    );
    await cancel(t, u.token, CALLS.buy.response.parse(okData(ok)));
  });
});
