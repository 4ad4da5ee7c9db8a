/**
 * Micro-trade settlement benchmark (`npm run bench:micro`): 50,000 micro orders on BTC/USDT from
 * 1,000 users, all ending at the same whole second, settled by the core's settlement pass over a
 * real store (a fresh PGlite directory, or a new PostgreSQL database when DATABASE_URL is set).
 * Between the open and the end moment the pair trades at a higher price, so the up orders win and
 * the down orders lose: every order posts a settlement with its own journal entry.
 *
 * Our figure is the lag of that pass: from the end moment to the commit of all 50,000
 * settlements (the goal is under 1 s). The peer, measured in the same run on the same store: the
 * straightforward settlement, one transaction per order (update the order, write its journal
 * entry and postings, update the two balances), timed on 2,000 orders and scaled to 50,000.
 *
 * Prints one line: RESULT orders=… same_second=… settle_lag_ms=… p99_lag_ms=… orders_per_s=…
 *   wins=… losses=… peer_orders_per_s=… peer_ms_50000=… store=…
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.js';
import { scaled } from '../apps/server/src/core/amounts.js';
import { openStore } from '../apps/server/src/db/client.js';
import { openMoment } from '../apps/server/src/domains/micro/index.js';
import { startProducts } from '../apps/server/src/products.js';
import { seed } from '../apps/server/src/seed/seed.js';

const ORDERS = Number(process.env.BENCH_MICRO_ORDERS ?? 50_000);
const USERS = 1_000;
const PEER_ORDERS = 2_000;
const BTC_USDT = 1;
const USDT = 1;
const BTC = 2;
const MAKER = 900_001;
const TAKER = 900_002;
const OPERATOR = 900_003;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-micro-'));
  const base = loadConfig({ NODE_ENV: 'production', DEMO: '0', MARKET_MAKER: '0' });
  const pgUrl = process.env.DATABASE_URL;
  let dbName: string | null = null;
  let databaseUrl: string | undefined;
  if (pgUrl) {
    dbName = `bench_micro_${String(process.pid)}`;
    const admin = await openStore({ ...base, databaseUrl: pgUrl, dataDir: dir });
    await admin.db.execute(sql.raw(`create database ${dbName}`));
    await admin.close();
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = { ...base, dataDir: dir, databaseUrl };
  const store = await openStore(config);
  await seed(store.db, config);
  const log = pino({ level: 'warn' });
  const products = await startProducts(store, log, {
    limits: () => ({ ordersPerSecond: 1e9, openOrdersPerMarket: 1e9 }),
    microLimits: () => ({ ordersPerSecond: 1e9, openOrders: 1e9 }),
  });
  const { micro, wallet, spot, core } = products;

  // Terms: USDT stakes 1 to 1,000,000, 1 % fee, no practical cap; options of 5 to 60 seconds so
  // that orders accepted over several seconds can all end at one moment.
  await micro.setCurrency(
    USDT,
    'USDT',
    2,
    {
      enabled: true,
      numbers: [],
      min: scaled(1n, 0),
      max: scaled(1_000_000n, 0),
      feeRate: '0.01',
      defaultCap: scaled(10n ** 12n, 0),
    },
    OPERATOR,
  );
  const options = Array.from({ length: 56 }, (_, i) => ({ seconds: i + 5, ratio: '0.8' }));
  await micro.setPair(BTC_USDT, { open: true, options }, OPERATOR);
  const fund = (userId: number, currencyId: number, amount: bigint, accountType: 1 | 4) =>
    wallet.adjust({
      actorId: OPERATOR,
      userId,
      accountType,
      currencyId,
      amount: scaled(amount, 0),
      reason: 'bench funding',
    });
  await wallet.adjustSystem({
    actorId: OPERATOR,
    code: 'micro-house',
    currencyId: USDT,
    amount: scaled(10n ** 10n, 0),
    reason: 'bench house',
  });
  for (let u = 1; u <= USERS; u++) await fund(u, USDT, 1_000_000n, 4);
  for (const u of [MAKER, TAKER]) {
    await fund(u, USDT, 10n ** 9n, 1);
    await fund(u, BTC, 10_000n, 1);
  }
  const trade = async (price: string) => {
    await spot.place({
      userId: MAKER,
      marketId: BTC_USDT,
      side: 2,
      type: 0,
      number: '0.001',
      price,
    });
    await spot.place({
      userId: TAKER,
      marketId: BTC_USDT,
      side: 1,
      type: 0,
      number: '0.001',
      price,
    });
  };
  for (let i = 0; i < 5; i++) await trade('65000');
  // Resting quotes far from the trades give the book a price a push must pay to move, and the
  // guard lets the house owe up to 10^6 × that (this measures settling, not the bound).
  await spot.place({
    userId: MAKER,
    marketId: BTC_USDT,
    side: 1,
    type: 0,
    number: '1',
    price: '50000',
  });
  await spot.place({
    userId: MAKER,
    marketId: BTC_USDT,
    side: 2,
    type: 0,
    number: '1',
    price: '80000',
  });
  await micro.setGuard(
    BTC_USDT,
    { minTrades: 1, minVolume: scaled(1n, 3), multiplePpm: 1n },
    OPERATOR,
  );

  // Every order ends at `target`; each takes the duration that brings its open moment there.
  const target = openMoment(Date.now()) + 40_000;
  let sameSecond = 0;
  const started = Date.now();
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const seconds = (target - openMoment(Date.now())) / 1000;
    pending.push(
      micro
        .submit({
          userId: 1 + (i % USERS),
          marketId: BTC_USDT,
          currencyId: USDT,
          type: i % 2 === 0 ? 1 : 2,
          seconds,
          number: String(10 + (i % 90)),
        })
        .then((row) => {
          if (row.endAt === target) sameSecond += 1;
        }),
    );
    if (pending.length >= 2_000) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  const submitMs = Date.now() - started;
  if (Date.now() > target - 12_000)
    throw new Error(`submitting took ${String(submitMs)} ms: too slow for the window`);
  // After every open moment, the price rises: up wins, down loses.
  await sleep(Math.max(0, target - 10_000 - Date.now()));
  for (let i = 0; i < 10; i++) await trade('66000');

  let lag = -1;
  let settled = 0;
  micro.onPass = (moment, n, lagMs) => {
    if (moment === target) {
      lag = lagMs;
      settled = n;
    }
  };
  while (lag < 0) await sleep(50);
  const counts = await store.db.execute(
    sql`select outcome, count(*)::int as n from micro_orders group by outcome`,
  );
  const rows = (Array.isArray(counts) ? counts : (counts as { rows: unknown[] }).rows) as {
    outcome: string | null;
    n: number;
  }[];
  const outcome = (o: string) => rows.find((r) => r.outcome === o)?.n ?? 0;

  // The peer: one transaction per order on the same store (a copy of the stored orders).
  await store.db.execute(
    sql`create table peer_orders as select * from micro_orders order by id limit ${PEER_ORDERS}`,
  );
  await store.db.execute(sql`create table peer_accounts as select * from accounts`);
  await store.db.execute(sql`alter table peer_accounts add primary key (id)`);
  await store.db.execute(sql`alter table peer_orders add primary key (id)`);
  await store.db.execute(sql`create table peer_journal (like journal including all)`);
  await store.db.execute(sql`create table peer_postings (like postings including all)`);
  const ids = await store.db.execute(sql`select id, user_id, number, fee from peer_orders`);
  const peerRows = (Array.isArray(ids) ? ids : (ids as { rows: unknown[] }).rows) as {
    id: string;
    user_id: number;
    number: string;
    fee: string;
  }[];
  const peerStart = performance.now();
  let journalId = 1;
  for (const r of peerRows) {
    const j = journalId++;
    await store.db.transaction(async (tx) => {
      await tx.execute(
        sql`update peer_orders set status = 3, outcome = 'win', fact_profits = number * 0.8, settled_at = now() where id = ${r.id}`,
      );
      await tx.execute(
        sql`insert into peer_journal (id, kind, ref_id, created_at) values (${j}, 'micro.settle', ${r.id}, now())`,
      );
      await tx.execute(
        sql`insert into peer_postings (journal_id, account_id, currency_id, bucket, amount)
            values (${j}, 1, 1, 1, -(${r.number}::numeric + ${r.fee}::numeric)),
                   (${j}, 1, 1, 0, ${r.number}::numeric * 1.8),
                   (${j}, 2, 1, 0, ${r.fee}::numeric - ${r.number}::numeric * 0.8)`,
      );
      await tx.execute(
        sql`update peer_accounts set balance = balance + ${r.number}::numeric * 1.8 where user_id = ${r.user_id} and type = 4`,
      );
      await tx.execute(
        sql`update peer_accounts set balance = balance - ${r.number}::numeric * 0.8 where system_code = 'micro-house'`,
      );
    });
  }
  const peerMs = performance.now() - peerStart;
  const peerPerS = (peerRows.length / peerMs) * 1000;

  micro.stop();
  await core.close();
  await store.close();
  if (dbName && pgUrl) {
    const admin = await openStore({ ...base, databaseUrl: pgUrl, dataDir: dir });
    await admin.db.execute(sql.raw(`drop database if exists ${dbName}`));
    await admin.close();
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `micro settlement: ${String(ORDERS)} orders submitted in ${String(submitMs)} ms; ` +
      `${String(sameSecond)} end at the same second; the pass settled ${String(settled)}`,
  );
  console.log(
    `RESULT orders=${String(ORDERS)} same_second=${String(sameSecond)} settle_lag_ms=${String(lag)} ` +
      `p99_lag_ms=${String(lag)} orders_per_s=${String(Math.round((settled / Math.max(1, lag)) * 1000))} ` +
      `wins=${String(outcome('win'))} losses=${String(outcome('loss'))} ` +
      `peer_orders_per_s=${String(Math.round(peerPerS))} ` +
      `peer_ms_50000=${String(Math.round((50_000 / peerPerS) * 1000))} ` +
      `store=${pgUrl ? 'postgres' : 'pglite'}`,
  );
}

await main();
process.exit(0);
