/**
 * The simulated exchange: an in-memory store with the reference data, leverage and micro trade
 * open on two pairs with funded houses, traders funded in every account they use and a book on
 * each pair. It is built once per process and copied for each seed, so a seed starts from the
 * same store every time.
 */
import { ACCOUNT_TYPE } from '@exchange/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/config.js';
import { units } from '../../src/core/amounts.js';
import { openStore, type Store } from '../../src/db/client.js';
import { firstOperatorId } from '../../src/domains/user/index.js';
import { PRODUCT_MODULES, startProducts, type Products } from '../../src/products.js';
import { seed } from '../../src/seed/seed.js';
import { silent } from '../silent-log.js';
import type { ProductModule, ProductOptions, SimMarket } from '../../src/product-module.js';
import { SimClock } from './clock.js';
import { contextOf, Quotes } from './generate.js';
import { Random } from './random.js';

/** 23:50 on 1 March 2026 in Bangkok: a seed's ten simulated minutes cross a midnight (fees). */
export const START_MS = Date.UTC(2026, 2, 1, 16, 50);
export const TRADERS = Array.from({ length: 12 }, (_, i) => 2001 + i);
export const MAKERS = [3001, 3002];

/** A simulated pair, with where its price starts, its quoting step and its order sizes. */
/** The options every module's simulation asks the core to start with (a shorter earning day, say). */
export function simOptions(): ProductOptions {
  return Object.assign(
    {},
    ...(PRODUCT_MODULES as readonly ProductModule[]).map((m) => m.simulation?.options ?? {}),
  ) as ProductOptions;
}

export interface WorldMarket extends SimMarket {
  /** Mid price in ticks at the start, and the tick step traders quote in. */
  mid: number;
  step: number;
  /** Order sizes, in lots of the pair's quantity decimals. */
  lots: [number, number];
}

export interface World {
  store: Store;
  clock: SimClock;
  products: Products;
  markets: WorldMarket[];
  usdt: number;
  operator: number;
}

const config = loadConfig({
  NODE_ENV: 'test',
  PASSWORD_HASH_COST: '10',
  DEMO: '0',
  MARKET_MAKER: '0',
});

interface Template {
  store: Store;
  markets: WorldMarket[];
  usdt: number;
  operator: number;
  /** Puts every table back as it was when the template was built. */
  reset(): Promise<void>;
}

let template: Promise<Template> | null = null;
let migrated: () => Promise<Blob | undefined> = () => Promise.resolve(undefined);

/** A migrated database to start the template from (the test run's copy), instead of migrating. */
export function startFrom(data: () => Promise<Blob | undefined>) {
  migrated = data;
}

/**
 * A fresh world for one seed: the process's one store, put back to the template's state (every
 * table copied back from a saved copy: far faster than a new database), with products started on
 * the seed's clock.
 */
export async function makeWorld(startMs: number): Promise<World> {
  template ??= buildTemplate();
  const t = await template;
  await t.reset();
  const clock = new SimClock(startMs);
  const products = await startProducts(t.store, silent, { ...simOptions(), clock });
  products.core.startTimers();
  return {
    store: t.store,
    clock,
    products,
    markets: t.markets,
    usdt: t.usdt,
    operator: t.operator,
  };
}

/** Closes the process's store (after the last seed). */
export async function closeWorlds() {
  if (!template) return;
  const t = await template;
  template = null;
  await t.store.close();
}

async function buildTemplate(): Promise<Template> {
  const store = await openStore({
    databaseUrl: undefined,
    dataDir: 'memory://',
    migrationsDir: config.migrationsDir,
    initialData: await migrated(),
  });
  await seed(store.db, config);
  const operator = await firstOperatorId(store.db);
  if (operator === null) throw new Error('the seed made no operator');
  const clock = new SimClock(START_MS - 3_600_000);
  const p = await startProducts(store, silent, { ...simOptions(), clock });
  const markets = [
    marketOf(p, 'BTC/USDT', 500, [1_000, 50_000]),
    marketOf(p, 'ETH/USDT', 50, [1_000, 100_000]),
  ];
  const usdt = markets[0]?.quote as number;
  await fund(p, markets, usdt);
  // Each product opens itself for the simulated users (its module's `simulation.setup`).
  const rng = new Random(1);
  const quotes = new Quotes(rng, markets);
  for (const module of p.modules) {
    if (!module.simulation?.setup) continue;
    await module.simulation.setup({
      ...contextOf(p, module, rng, quotes, { markets, usdt, operator }),
      fundSystem: async (code, currencyId, amount) => {
        await p.wallet.adjustSystem({
          actorId: operator,
          code,
          currencyId,
          amount,
          reason: 'simulation house funding',
        });
      },
      credit: async (userId, currencyId, amount, type) => {
        await creditUser(p, userId, currencyId, amount, type);
      },
    });
  }
  await p.core.close();
  p.core.stopTimers();
  return { store, markets, usdt, operator, reset: await saveTables(store) };
}

/** Copies every table into schema sim_base; the function returned copies them back. */
async function saveTables(store: Store): Promise<() => Promise<void>> {
  const rows = async <T>(query: string) => {
    const r = await store.db.execute(sql.raw(query));
    return (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as T[];
  };
  const tables = (
    await rows<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  ).map((t) => `"${t.name}"`);
  const sequences = await rows<{ name: string; value: string | null }>(
    "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'",
  );
  await store.db.execute(sql.raw('create schema sim_base'));
  for (const t of tables)
    await store.db.execute(sql.raw(`create table sim_base.${t} as table public.${t}`));
  const restore = [
    'set session_replication_role = replica',
    `truncate ${tables.map((t) => `public.${t}`).join(', ')}`,
    ...tables.map(
      (t) => `insert into public.${t} overriding system value select * from sim_base.${t}`,
    ),
    ...sequences.map((s) =>
      s.value === null
        ? `select setval('public."${s.name}"', 1, false)`
        : `select setval('public."${s.name}"', ${s.value}, true)`,
    ),
    'set session_replication_role = default',
  ];
  return async () => {
    await store.db.transaction(async (tx) => {
      for (const q of restore) await tx.execute(sql.raw(q));
    });
  };
}

function marketOf(p: Products, symbol: string, step: number, lots: [number, number]): WorldMarket {
  const info = p.markets.symbol(symbol);
  if (!info) throw new Error(`no ${symbol} in the seed`);
  const m = p.spot.market(info.id);
  if (!m) throw new Error(`no ${symbol} book`);
  const reference = symbol.startsWith('BTC') ? '65000' : '3200';
  return {
    id: m.id,
    base: m.baseCurrencyId,
    quote: m.quoteCurrencyId,
    mid: Number(units(reference) / 10n ** BigInt(18 - m.priceDecimals)),
    step,
    priceDecimals: m.priceDecimals,
    qtyDecimals: m.qtyDecimals,
    lots,
  };
}

/** Every trader's and maker's trade account (products fund their own accounts in their set-up). */
async function fund(p: Products, markets: WorldMarket[], usdt: number) {
  const credit = (u: number, c: number, amount: string, type: number) =>
    creditUser(p, u, c, amount, type);
  for (const u of TRADERS) {
    await credit(u, usdt, '200000', ACCOUNT_TYPE.trade);
    for (const m of markets)
      await credit(u, m.base, m.base === markets[0]?.base ? '3' : '40', ACCOUNT_TYPE.trade);
  }
  for (const u of MAKERS) {
    await credit(u, usdt, '5000000', ACCOUNT_TYPE.trade);
    for (const m of markets)
      await credit(u, m.base, m.base === markets[0]?.base ? '100' : '1500', ACCOUNT_TYPE.trade);
  }
}

/** An operator adjustment crediting a user's account (the simulation's funding). */
function creditUser(p: Products, userId: number, currencyId: number, amount: string, type: number) {
  return p.wallet.adjust({
    actorId: null,
    userId,
    accountType: type,
    currencyId,
    amount: units(amount),
    reason: 'simulation funding',
  });
}
