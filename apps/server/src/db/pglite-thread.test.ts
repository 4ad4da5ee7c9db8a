import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './client.js';
import { PgliteThread } from './pglite-thread.js';
import { currencies } from './schema.js';

// The thread runs the TypeScript source through tsx, as the built server runs dist/pglite-worker.mjs.
const WORKER = new URL('../../test/pglite-worker-source.mjs', import.meta.url);
const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

describe('PGlite in its own thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'exchange-thread-'));
  let store: Store;
  let thread: PgliteThread;

  beforeAll(async () => {
    thread = await PgliteThread.start(WORKER, { dataDir: join(dir, 'a') });
    store = await openStore({
      databaseUrl: undefined,
      dataDir: join(dir, 'b'),
      migrationsDir: MIGRATIONS,
      pgliteWorker: WORKER,
    });
  });

  afterAll(async () => {
    await thread?.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers statements with parameters and typed results', async () => {
    const res = await thread.query<{ n: number; big: bigint; t: string; j: unknown }>(
      'select $1::int + 1 as n, 9007199254740993::int8 as big, $2::text as t, \'{"a":[1]}\'::jsonb as j',
      [41, 'ok'],
    );
    expect(res.rows).toEqual([{ n: 42, big: 9007199254740993n, t: 'ok', j: { a: [1] } }]);
  });

  it('returns the text of the types whose parser keeps it as is', async () => {
    const res = await thread.query<[string]>("select '2026-01-02 03:04:05+00'::timestamptz", [], {
      rowMode: 'array',
      parsers: { 1184: (v: string) => v },
    });
    expect(res.rows[0]?.[0]).toMatch(/^2026-01-02 03:04:05/);
    await expect(
      thread.query('select 1', [], { parsers: { 1184: (v: string) => v.length } }),
    ).rejects.toThrow(/cannot cross/);
  });

  it('keeps the database error fields', async () => {
    await thread.query('create table u (k text primary key)');
    await thread.query("insert into u values ('x')");
    const err = await thread.query("insert into u values ('x')").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 'u_pkey' });
  });

  it('commits a transaction, rolls back a failed one, and holds other statements until it ends', async () => {
    await thread.query('create table t (v int)');
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    const tx = thread.transaction(async (q) => {
      await q.query('insert into t values (1)');
      inside();
      await new Promise((r) => setTimeout(r, 50));
      await q.query('insert into t values (2)');
      order.push('tx');
    });
    await entered;
    // Sent while the transaction is open: it must neither run inside it nor see half of it.
    const outside = thread.query<{ c: number }>('select count(*)::int as c from t').then((r) => {
      order.push('outside');
      return r.rows[0]?.c;
    });
    await tx;
    expect(await outside).toBe(2);
    expect(order).toEqual(['tx', 'outside']);

    await expect(
      thread.transaction(async (q) => {
        await q.query('insert into t values (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const after = await thread.query<{ c: number }>('select count(*)::int as c from t');
    expect(after.rows[0]?.c).toBe(2);
  });

  it('runs named prepared statements, parsed once, and recovers after a failed one', async () => {
    await thread.query('create table n (k int primary key, v text)');
    const text = 'insert into n select * from unnest($1::int[], $2::text[])';
    await thread.prepared('n_insert', text, ['{1,2}', '{"a","b"}']);
    // The name is known now: only its values travel (a second Parse of it would fail).
    await thread.prepared('n_insert', text, ['{3}', '{"c"}']);
    const err = await thread.prepared('n_insert', text, ['{3}', '{"d"}']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', constraint: 'n_pkey' });
    await thread.prepared('n_insert', text, ['{4}', '{"d"}']);
    // A syntax error is refused, and the name can then hold a valid text.
    await expect(thread.prepared('n_bad', 'insert into n nonsense', [])).rejects.toThrow();
    await thread.prepared('n_bad', 'delete from n where k = $1::int', ['1']);
    const rows = await thread.query<{ k: number; v: string }>('select k, v from n order by k');
    expect(rows.rows).toEqual([
      { k: 2, v: 'b' },
      { k: 3, v: 'c' },
      { k: 4, v: 'd' },
    ]);
  });

  it('sends prepared statements in the order asked, whatever transactions they wait for', async () => {
    await thread.query('create table seen (k text primary key, before bigint)');
    const text = 'insert into seen select $1::text, count(*) from seen';
    const gate = () => {
      let open!: () => void;
      return { wait: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    };
    const first = gate();
    const second = gate();
    // A transaction holds the connection; a statement waits for it; a second transaction queues
    // behind the first; a second statement waits for both.
    const t1 = thread.transaction(() => first.wait);
    await new Promise((r) => setTimeout(r, 10));
    const a = thread.prepared('seen_insert', text, ['a']);
    const t2 = thread.transaction(() => second.wait);
    const b = thread.prepared('seen_insert', text, ['b']);
    first.open();
    await new Promise((r) => setTimeout(r, 10));
    second.open();
    await Promise.all([t1, t2, a, b]);
    const rows = await thread.query<{ k: string; before: number }>(
      'select k, before from seen order by k',
    );
    expect(rows.rows).toEqual([
      { k: 'a', before: 0 },
      { k: 'b', before: 1 },
    ]);
  });

  it('serves drizzle: migrations, queries and transactions', async () => {
    const [before] = await store.db.select({ n: count() }).from(currencies);
    expect(before?.n).toBe(0);
    await store.db.transaction(async (tx) => {
      await tx.insert(currencies).values({ code: 'ZZZ', name: 'Zed' });
      await tx.execute(sql`select 1`);
    });
    const rows = await store.db.select().from(currencies).where(eq(currencies.code, 'ZZZ'));
    expect(rows).toHaveLength(1);
    await expect(
      store.db.transaction(async (tx) => {
        await tx.insert(currencies).values({ code: 'YYY', name: 'Why' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await store.db.select().from(currencies).where(eq(currencies.code, 'YYY'))).toEqual([]);
  });

  it('opens the store without zero-filling new WAL segments (a commit stall each 16 MB)', async () => {
    const res = await store.db.execute(sql`show wal_init_zero`);
    expect((res as { rows: unknown[] }).rows).toEqual([{ wal_init_zero: 'off' }]);
  });

  it('fails every statement once the thread has stopped, and says so once', async () => {
    const lost: Error[] = [];
    const doomed = await PgliteThread.start(WORKER, {
      dataDir: 'memory://',
      onLost: (err) => lost.push(err),
    });
    await doomed.query('select 1');
    await (doomed as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(doomed.query('select 1')).rejects.toThrow(/exited/);
    expect(lost).toHaveLength(1);
    await doomed.close();
  });
});
