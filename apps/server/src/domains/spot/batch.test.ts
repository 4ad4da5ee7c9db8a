import { fileURLToPath } from 'node:url';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type RunPrepared, type Store } from '../../db/client.js';
import { KEYED_PLANS } from '../../db/keyed-plans.js';
import { accounts, journal, orders, postings, systemState, trades } from '../../db/schema.js';
import { fromUnits } from '@exchange/engine';
import { Batch } from '../../core/batch.js';
import { BATCH_KEY } from '../../core/rebuild.js';
import type { Account } from '../../core/ledger.js';
import { SPOT_PART } from './spot-rows.js';
import type { OrderState } from './types.js';
import { pgliteTemplate } from '../../../test/pglite-template.js';

const MIGRATIONS = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const AT = new Date('2026-11-21T10:00:00.000Z');

function account(id: number, userId: number, available: bigint, locked: bigint): Account {
  return { id, userId, systemCode: null, currencyId: 1, type: 1, available, locked };
}

function order(id: number, userId: number, status: 0 | 1 | 2): OrderState {
  return {
    id,
    userId,
    marketId: 1,
    side: 1,
    type: 0,
    price: 2_000_000_000_000_000_000n,
    priceTicks: 200,
    qty: 1_000_000_000_000_000_000n,
    qtyLots: 100,
    filledLots: 0,
    filledQty: 0n,
    filledQuote: 0n,
    fee: 0n,
    locked: 2_000_000_000_000_000_000n,
    status,
    clientOrderId: id % 2 ? `c"${id}\\` : null,
    createdAt: AT,
    updatedAt: AT,
  };
}

/** A batch of `n` orders placed, each with its account and a two-posting lock entry. */
function batchOf(n: number, first: number): Batch {
  const batch = new Batch();
  for (let i = first; i < first + n; i++) {
    const a = account(i, i, 5n * 10n ** 18n, 2n * 10n ** 18n);
    batch.account(a, true);
    batch.part(SPOT_PART).order(order(i, i, 0));
    batch.part(SPOT_PART).created.add(i);
    batch.journal(
      { id: i, kind: 'order.lock', refId: i, actorId: null, reason: null, createdAt: AT },
      [
        { journalId: i, accountId: i, currencyId: 1, bucket: 0, amount: -(2n * 10n ** 18n) },
        { journalId: i, accountId: i, currencyId: 1, bucket: 1, amount: 2n * 10n ** 18n },
      ],
    );
  }
  return batch;
}

/** An empty embedded store at batch number 0. */
async function freshStore(): Promise<Store> {
  const store = await openStore({
    databaseUrl: undefined,
    dataDir: 'memory://',
    migrationsDir: MIGRATIONS,
    initialData: await pgliteTemplate(MIGRATIONS),
  });
  await store.db.insert(systemState).values({ key: BATCH_KEY, value: '0' });
  return store;
}

describe('the batch statement', () => {
  let store: Store;
  const calls: { name: string; text: string; values: unknown[] }[] = [];
  // Records each statement, then runs it as the store does (named, on PGlite).
  const prepared: RunPrepared = async (name, text, values) => {
    calls.push({ name, text, values });
    await store.prepared(name, text, values);
  };

  beforeAll(async () => {
    store = await freshStore();
  });
  afterAll(() => store?.close());
  /** The number of the next batch to commit. */
  let sequence = 0;
  const next = () => ++sequence;

  it('has one text for batches of any size, so PostgreSQL prepares it once', async () => {
    await batchOf(1, 1).commit(store.db, prepared, next(), new Date());
    await batchOf(3, 2).commit(store.db, prepared, next(), new Date());
    expect(calls).toHaveLength(2);
    const [one, three] = calls;
    expect(three?.name).toBe(one?.name);
    expect(three?.text).toBe(one?.text);
    // Rows travel as array parameters: as many parameters whatever the row count.
    expect(three?.values).toHaveLength(one?.values.length ?? -1);

    const rows = await store.db.select().from(orders).orderBy(asc(orders.id));
    expect(rows.map((r) => [r.id, r.clientOrderId, r.status])).toEqual([
      [1, 'c"1\\', 0],
      [2, null, 0],
      [3, 'c"3\\', 0],
      [4, null, 0],
    ]);
    expect(await store.db.select().from(postings)).toHaveLength(8);
    const [a4] = await store.db.select().from(accounts).orderBy(asc(accounts.id)).offset(3);
    expect([a4?.balance, a4?.lockBalance]).toEqual([
      '5.000000000000000000',
      '2.000000000000000000',
    ]);
  });

  it('names another text for another set of tables, and updates rows it wrote before', async () => {
    const batch = new Batch();
    const filled = { ...order(1, 1, 1), filledLots: 100, filledQty: 10n ** 18n, locked: 0n };
    batch.part(SPOT_PART).order(filled);
    // Stored by the first batch: updated, not inserted again.
    batch.account(account(2, 2, 7n * 10n ** 18n, 0n));
    batch.part(SPOT_PART).trades.push({
      id: 1,
      marketId: 1,
      price: 2n * 10n ** 18n,
      qty: 10n ** 18n,
      quoteQty: 2n * 10n ** 18n,
      takerSide: 2,
      makerOrderId: 1,
      takerOrderId: 2,
      makerUserId: 1,
      takerUserId: 2,
      buyerFee: 0n,
      sellerFee: 0n,
      createdAt: AT,
    });
    await batch.commit(store.db, prepared, next(), new Date());
    expect(calls).toHaveLength(3);
    expect(calls[2]?.name).not.toBe(calls[0]?.name);
    const [row] = await store.db.select().from(orders).orderBy(asc(orders.id)).limit(1);
    expect([row?.status, row?.filledQty, row?.locked]).toEqual([
      1,
      '1.000000000000000000',
      '0.000000000000000000',
    ]);
    expect(await store.db.select().from(trades)).toHaveLength(1);
    const [a2] = await store.db.select().from(accounts).orderBy(asc(accounts.id)).offset(1);
    expect([a2?.id, a2?.balance, a2?.lockBalance]).toEqual([
      2,
      '7.000000000000000000',
      '0.000000000000000000',
    ]);
    // Rows opened or placed are inserted; rows stored before are updated, never upserted.
    expect(calls[0]?.text).toMatch(/insert into accounts .*insert into orders /);
    expect(calls[0]?.text).not.toMatch(/on conflict|update (accounts|orders)/);
    expect(calls[2]?.text).toMatch(/update accounts a .* where a\.id = u\.id/);
    expect(calls[2]?.text).toMatch(/update orders o .* where o\.id = u\.id/);
    expect(calls[2]?.text).not.toMatch(/insert into (accounts|orders)|on conflict/);
    expect(await store.db.select().from(accounts)).toHaveLength(4);
    expect(await store.db.select().from(orders)).toHaveLength(4);
  });

  it('inserts the orders it placed and updates those stored before in one statement', async () => {
    const batch = batchOf(1, 10);
    const resting = { ...order(2, 2, 0), filledLots: 50, filledQty: 5n * 10n ** 17n };
    batch.part(SPOT_PART).order(resting);
    await batch.commit(store.db, prepared, next(), new Date());
    const byId = new Map(
      (await store.db.select().from(orders)).map((r) => [r.id, [r.status, r.filledQty]]),
    );
    expect(byId.get(10)).toEqual([0, '0.000000000000000000']);
    expect(byId.get(2)).toEqual([0, '0.500000000000000000']);
    expect(await store.db.select().from(orders)).toHaveLength(5);
  });

  it('updates stored rows by key, however small the tables were when it was planned', async () => {
    const text = calls[2]?.text ?? '';
    const values = calls[2]?.values ?? [];
    // The plan PostgreSQL caches after a few runs, made under the statements' planner settings
    // while the tables hold a handful of rows (without them: a sequential scan and a hash join).
    const plan = await store.db.transaction(async (tx) => {
      for (const [key, value] of Object.entries(KEYED_PLANS))
        await tx.execute(sql`select set_config(${key}, ${value}, true)`);
      await tx.execute(sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`);
      await tx.execute(sql.raw(`prepare keyed_plan as ${text}`));
      const args = values.map((v) => `'${String(v).replace(/'/g, "''")}'`).join(', ');
      const rows = await tx.execute(sql.raw(`explain (costs off) execute keyed_plan(${args})`));
      await tx.execute(sql.raw('deallocate keyed_plan'));
      return (rows as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r).join(''))
        .join('\n');
    });
    expect(plan).toMatch(/Index Scan using accounts_pkey on accounts/);
    expect(plan).toMatch(/Index Scan using orders_pkey on orders/);
    expect(plan).not.toMatch(/Seq Scan|Hash Join|Merge Join/);
    // The settings hold for the batch's own statement only, not for the session after it.
    const shown = await store.db.execute(sql`show enable_seqscan`);
    expect(JSON.stringify(shown)).toMatch(/"on"/);
  });

  it("writes the same rows through drizzle when the batch has other domains' rows", async () => {
    const batch = batchOf(2, 5);
    // Another domain's row makes it one drizzle transaction instead of the prepared statement.
    batch.extras.push((tx) => tx.execute(sql`select 1`));
    await batch.commit(store.db, prepared, next(), new Date());
    expect(calls).toHaveLength(4);
    expect(await store.db.select().from(orders)).toHaveLength(7);
    expect(await store.db.select().from(postings)).toHaveLength(14);
  });

  it('refuses a batch whose predecessor is not in the store, writing nothing of it', async () => {
    const before = await Promise.all([
      store.db.select().from(orders),
      store.db.select().from(journal),
    ]);
    // Number sequence + 2: the batch numbered sequence + 1 never committed.
    await expect(
      batchOf(2, 20).commit(store.db, prepared, sequence + 2, new Date()),
    ).rejects.toThrow(/division by zero/);
    // The same with other domains' rows, in its drizzle transaction.
    const batch = batchOf(1, 30);
    batch.extras.push((tx) => tx.execute(sql`select 1`));
    await expect(batch.commit(store.db, prepared, sequence + 2, new Date())).rejects.toThrow();
    const after = await Promise.all([
      store.db.select().from(orders),
      store.db.select().from(journal),
    ]);
    expect(after.map((rows) => rows.length)).toEqual(before.map((rows) => rows.length));
    const [mark] = await store.db.select().from(systemState);
    expect(mark?.value).toBe(String(sequence));
    // In order, it commits.
    await batchOf(1, 40).commit(store.db, prepared, next(), new Date());
    expect(await store.db.select().from(orders)).toHaveLength(before[0].length + 1);
  });
});

describe('timestamps of batch rows', () => {
  let store: Store;
  beforeAll(async () => {
    store = await freshStore();
  });
  afterAll(() => store?.close());

  it('stores every timestamp to the millisecond, from before 1970 to the year 2100', async () => {
    const times = [
      0,
      -1,
      -999,
      -86_400_001,
      Date.UTC(2026, 10, 21, 10, 0, 0, 5),
      Date.UTC(2026, 10, 21, 10, 0, 0, 50),
      Date.UTC(2026, 10, 21, 10, 0, 0, 999),
      Date.UTC(2026, 10, 21, 23, 59, 59, 999),
      Date.UTC(2099, 11, 31, 23, 59, 59, 1),
      Date.UTC(2100, 11, 31, 23, 59, 59, 999),
    ];
    // And any millisecond between 1940 and 2100.
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 48271) % 2147483647;
      const second = Date.UTC(1940, 0, 1) / 1000 + (seed % 5_049_000) * 1000;
      times.push(second * 1000 + (seed % 1000));
    }
    const batch = new Batch();
    times.forEach((ms, i) => {
      const o = order(200 + i, 200 + i, 0);
      o.createdAt = new Date(ms);
      o.updatedAt = new Date(ms + 1);
      batch.part(SPOT_PART).order(o);
      batch.part(SPOT_PART).created.add(o.id);
      batch.journal(
        {
          id: 200 + i,
          kind: 'adjust',
          refId: null,
          actorId: null,
          reason: null,
          createdAt: new Date(ms - 1),
        },
        [],
      );
    });
    await batch.commit(
      store.db,
      (name, text, values) => store.prepared(name, text, values),
      1,
      new Date(),
    );
    const stored = await store.db
      .select({ id: orders.id, createdAt: orders.createdAt, updatedAt: orders.updatedAt })
      .from(orders)
      .where(sql`${orders.id} >= 200`)
      .orderBy(asc(orders.id));
    expect(stored.map((r) => [r.createdAt.getTime(), r.updatedAt.getTime()])).toEqual(
      times.map((ms) => [ms, ms + 1]),
    );
    const entries = await store.db
      .select({ createdAt: journal.createdAt })
      .from(journal)
      .where(sql`${journal.id} >= 200`)
      .orderBy(asc(journal.id));
    expect(entries.map((r) => r.createdAt.getTime())).toEqual(times.map((ms) => ms - 1));
  });

  it('stores every amount exactly, as the units with an exponent', async () => {
    const SCALE = 18n;
    // One unit, whole numbers, 30 integer digits (NUMERIC(48,18)'s most), zero and negatives.
    const amounts = [
      0n,
      1n,
      -1n,
      10n ** SCALE,
      -(10n ** SCALE),
      65_000_120_000_000_000_000_000n,
      10n ** 48n - 1n,
      -(10n ** 48n - 1n),
    ];
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 500; i++) {
      const magnitude = BigInt(next()) * 10n ** BigInt(next() % 30) + BigInt(next() % 1000);
      amounts.push(next() % 3 === 0 ? -magnitude : magnitude);
    }
    const batch = new Batch();
    const rows = amounts.map((amount, i) => ({
      journalId: 900,
      accountId: 900 + i,
      currencyId: 1,
      bucket: 0,
      amount,
    }));
    batch.journal(
      { id: 900, kind: 'adjust', refId: null, actorId: null, reason: null, createdAt: AT },
      rows,
    );
    const sent: { text: string; values: string[] }[] = [];
    await batch.commit(
      store.db,
      (name, text, values) => {
        sent.push({ text, values });
        return store.prepared(name, text, values);
      },
      2,
      new Date(),
    );
    expect(sent[0]?.text).toContain('insert into postings');
    expect(sent[0]?.values.join()).toContain('65000120000000000000000e-18');
    const stored = await store.db
      .select({ amount: postings.amount })
      .from(postings)
      .where(sql`${postings.journalId} = 900`)
      .orderBy(asc(postings.accountId));
    expect(stored.map((r) => r.amount)).toEqual(amounts.map((a) => fromUnits(a, 18)));
  });
});
