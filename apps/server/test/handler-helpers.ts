/**
 * Shared set-up for the handlers' own tests (domains/<product>/handler.test.ts): a seeded memory
 * store, the products started on it, and `expectInsufficient`, which calls a command that must be
 * refused for lack of funds and proves that nothing changed.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { loadConfig } from '../src/config.js';
import { units } from '../src/core/amounts.js';
import type { Batch } from '../src/core/batch.js';
import { ACCOUNT_TYPE, type Ledger } from '../src/core/ledger.js';
import { Rejected } from '../src/core/result.js';
import type { Sequencer } from '../src/core/sequencer.js';
import { openStore, type Store } from '../src/db/client.js';
import type { ConvertHandler } from '../src/domains/convert/index.js';
import type { OrderState, SpotHandler, SpotMarket } from '../src/domains/spot/index.js';
import type { PendingWithdrawal, WalletHandler } from '../src/domains/wallet/index.js';
import { startProducts, type Products } from '../src/products.js';
import { seed } from '../src/seed/seed.js';
import { pgliteTemplate } from './pglite-template.js';
import { silent } from './silent-log.js';

export const USDT = 1;
export const BTC = 2;
export const TRADE: number = ACCOUNT_TYPE.trade;
export const LEGAL: number = ACCOUNT_TYPE.legal;
/** The user whose commands are refused, and the one who makes the BTC/USDT book. */
export const ALICE = 1001;
export const MAKER = 1002;

/** The private state of the sequencer and the handlers, read to prove a refusal changed none of it. */
interface SequencerInternals {
  ledger: Ledger;
  batch: Batch;
  failure: unknown;
}
interface SpotInternals {
  markets: Map<number, SpotMarket>;
  openOrders: Map<number, OrderState>;
  clientIds: Map<string, number>;
  nextOrderId: number;
  nextTradeId: number;
  openCounts: Map<string, number>;
}
interface WalletInternals {
  nextWithdrawalId: number;
  nextTransferId: number;
  transferClientIds: Map<string, number>;
  pendingWithdrawals: Map<number, PendingWithdrawal>;
}
interface ConvertInternals {
  nextConversionId: number;
}
const seqOf = (core: Sequencer) => core as unknown as SequencerInternals;
const spotOf = (spot: SpotHandler) => spot as unknown as SpotInternals;
const walletOf = (wallet: WalletHandler) => wallet as unknown as WalletInternals;
const convertOf = (convert: ConvertHandler) => convert as unknown as ConvertInternals;

/** A memory store with the reference data (currencies, markets) and an empty ledger. */
export async function seededStore(): Promise<Store> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: '10',
    DEMO: '0',
    MARKET_MAKER: '0',
  });
  const store = await openStore({
    databaseUrl: undefined,
    dataDir: 'memory://',
    migrationsDir: config.migrationsDir,
    initialData: await pgliteTemplate(config.migrationsDir),
  });
  await seed(store.db, config);
  return store;
}

/** A seeded store with every product's handler started on it. */
export async function startSeeded(): Promise<{ store: Store; p: Products }> {
  const store = await seededStore();
  const p = await startProducts(store, silent);
  return { store, p };
}

export function btcUsdt(p: Products): SpotMarket {
  const market = p.spot.marketOf(BTC, USDT);
  if (!market) throw new Error('no BTC/USDT market in the seed');
  return market;
}

/** An operator adjustment of `amount` (negative to take). */
export const credit = (
  p: Products,
  userId: number,
  currencyId: number,
  amount: string,
  type = TRADE,
) =>
  p.wallet.adjust({
    actorId: null,
    userId,
    accountType: type,
    currencyId,
    amount: units(amount),
    reason: 'handler guards test',
  });

/** A limit order, unlimited (not subject to the per-user limits). */
export const limit = (p: Products, userId: number, side: 1 | 2, number: string, price: string) =>
  p.spot.place({ userId, marketId: btcUsdt(p).id, side, type: 0, number, price });

/** `[available, locked]` of one of Alice's accounts. */
export function balance(p: Products, currencyId: number, type = TRADE) {
  const a = seqOf(p.core).ledger.find(ALICE, currencyId, type);
  return [a?.available ?? 0n, a?.locked ?? 0n];
}

/**
 * The maker's book (a bid of 1 BTC at 60000 and an ask of 1 BTC at 70000) and Alice's balances:
 * 1000 USDT of which 500 are locked in a bid and 0.5 BTC of which 0.1 are locked in an ask, so
 * 500 USDT and 0.4 BTC available; and 5 USDT in her legal account.
 */
export async function aliceWithOrders(p: Products) {
  await credit(p, MAKER, USDT, '1000000');
  await credit(p, MAKER, BTC, '10');
  await limit(p, MAKER, 1, '1', '60000');
  await limit(p, MAKER, 2, '1', '70000');
  await credit(p, ALICE, USDT, '1000');
  await credit(p, ALICE, BTC, '0.5');
  await credit(p, ALICE, USDT, '5', LEGAL);
  await limit(p, ALICE, 1, '0.01', '50000');
  await limit(p, ALICE, 2, '0.1', '80000');
  await p.core.close();
  expect(balance(p, USDT)).toEqual([units('500'), units('500')]);
  expect(balance(p, BTC)).toEqual([units('0.4'), units('0.1')]);
  expect(balance(p, USDT, LEGAL)).toEqual([units('5'), 0n]);
}

/** Everything a command could change, as plain values. */
export function state(p: Products) {
  const ledger = seqOf(p.core).ledger;
  const spot = spotOf(p.spot);
  const wallet = walletOf(p.wallet);
  return {
    accounts: [...ledger.all()]
      .map((a) => `${a.id}:${a.userId}:${a.systemCode}:${a.currencyId}:${a.type}`)
      .sort(),
    balances: [...ledger.all()].map((a) => `${a.id}:${a.available}:${a.locked}`).sort(),
    openOrders: [...spot.openOrders.values()]
      .map((o) => `${o.id}:${o.status}:${o.filledLots}:${o.locked}`)
      .sort(),
    books: [...spot.markets.values()].map((m) =>
      m.book
        .orders()
        .map((o) => `${o.orderId}:${o.side}:${o.price}:${o.remaining}`)
        .sort(),
    ),
    ids: [
      spot.nextOrderId,
      spot.nextTradeId,
      wallet.nextWithdrawalId,
      wallet.nextTransferId,
      convertOf(p.convert).nextConversionId,
    ],
    clientIds: spot.clientIds.size,
    transferClientIds: wallet.transferClientIds.size,
    pendingWithdrawals: wallet.pendingWithdrawals.size,
    openCounts: [...spot.openCounts.entries()].sort(),
  };
}

const replacer = (_: string, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v);

/**
 * Calls a command that must be refused at once for lack of funds: `INSUFFICIENT_FUNDS` thrown by
 * the command itself, before anything is applied (the ledger's guard behind it would answer
 * `INTERNAL` and fail the sequencer), and nothing changed.
 */
export async function expectInsufficient(p: Products, command: () => Promise<unknown>) {
  const seq = seqOf(p.core);
  // Everything before has been committed: the batch being filled is empty.
  await p.core.close();
  expect(seq.batch.empty).toBe(true);
  const before = state(p);
  let thrown: unknown;
  let result: Promise<unknown> | undefined;
  try {
    result = command();
  } catch (err) {
    thrown = err;
  }
  if (result) {
    // It was taken: wait for the outcome so the failure says what happened.
    const outcome = await result.then(
      (value) => ({ taken: value }),
      (err: unknown) => ({ rejected: err }),
    );
    expect.fail(`the command was taken instead of refused: ${JSON.stringify(outcome, replacer)}`);
  }
  expect(thrown).toBeInstanceOf(Rejected);
  expect(thrown).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  expect(state(p)).toEqual(before);
  expect(seq.batch.empty).toBe(true);
  expect(seq.batch.waiters).toHaveLength(0);
  // Refused as a user error: the sequencer did not fail and takes commands.
  expect(seq.failure).toBeNull();
}

/**
 * A fresh seeded store and handlers for each test, with Alice's orders in the book (an order or
 * transfer wrongly taken in one test cannot hide another's); closed after each.
 */
export function eachSeeded(): () => Products {
  let store: Store | undefined;
  let products: Products | undefined;
  beforeEach(async () => {
    ({ store, p: products } = await startSeeded());
    await aliceWithOrders(products);
  });
  afterEach(async () => {
    await products?.core.close();
    await store?.close();
  });
  return () => {
    if (!products) throw new Error('no products outside a test');
    return products;
  };
}
