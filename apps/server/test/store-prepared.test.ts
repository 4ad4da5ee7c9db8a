import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYED_PLANS } from '../src/db/keyed-plans.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    string
  >[];

describe("the core's prepared statements", () => {
  it('are planned with keyed plans only, and leave the settings of other statements alone', async () => {
    const names = Object.keys(KEYED_PLANS);
    // A statement that writes down the settings it ran under.
    await t.store.prepared(
      'keyed_probe',
      "insert into system_state (key, value) select 'probe.' || name, setting from pg_settings " +
        'where name = any($1::text[])',
      [`{${names.join(',')}}`],
    );
    const seen = rowsOf(
      await t.store.db.execute(
        sql`select key, value from system_state where key like 'probe.%' order by key`,
      ),
    );
    expect(seen).toEqual(names.sort().map((name) => ({ key: `probe.${name}`, value: 'off' })));
    const after = rowsOf(
      await t.store.db.execute(
        sql`select setting from pg_settings where name = any(${`{${names.join(',')}}`}::text[]) and setting <> 'on'`,
      ),
    );
    expect(after).toEqual([]);
  });

  it('run in the order sent when sent without waiting, and one failing leaves the rest alone', async () => {
    await t.store.db.execute(sql`create table pipe_probe (n int primary key, seen bigint)`);
    const insert = 'insert into pipe_probe (n, seen) select $1::int, count(*) from pipe_probe';
    const outcomes = await Promise.allSettled([
      t.store.prepared('pipe_insert', insert, ['1']),
      t.store.prepared('pipe_insert', insert, ['2']),
      // A duplicate key: this one fails, the ones before and after it do not.
      t.store.prepared('pipe_insert', insert, ['1']),
      t.store.prepared('pipe_insert', insert, ['3']),
      // A statement that cannot be parsed fails; its name is parsed afresh when used again.
      t.store.prepared('pipe_broken', 'insert into no_such_table values ($1::int)', ['4']),
      t.store.prepared('pipe_insert', insert, ['4']),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    // A name whose first use fails after it was parsed (a duplicate key) is not parsed again.
    await expect(t.store.prepared('pipe_again', insert, ['1'])).rejects.toThrow();
    await t.store.prepared('pipe_again', insert, ['5']);
    await t.store.db.execute(sql`create table no_such_table (n int)`);
    await t.store.prepared('pipe_broken', 'insert into no_such_table values ($1::int)', ['5']);
    // Each saw the rows of every statement sent before it.
    const rows = rowsOf(await t.store.db.execute(sql`select n, seen from pipe_probe order by n`));
    expect(rows.map((r) => [Number(r.n), Number(r.seen)])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 4],
    ]);
    expect(rowsOf(await t.store.db.execute(sql`select n from no_such_table`))).toEqual([{ n: 5 }]);
    await t.store.db.execute(sql`drop table pipe_probe, no_such_table`);
  });

  it.runIf(process.env.DATABASE_URL)(
    'open a new connection once theirs is lost, failing only what was sent on the old one',
    async () => {
      await t.store.prepared('lost_probe', 'select $1::int', ['1']);
      const ended = rowsOf(
        await t.store.db.execute(
          sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = 'exchange-core' and datname = current_database()`,
        ),
      );
      expect(ended).toEqual([{ ended: true }]);
      // Whatever was sent before the loss was noticed fails; the next statement reconnects.
      let ok = false;
      for (let i = 0; i < 50 && !ok; i++) {
        ok = await t.store.prepared('lost_probe', 'select $1::int', [String(i)]).then(
          () => true,
          () => false,
        );
        if (!ok) await new Promise((r) => setTimeout(r, 20));
      }
      expect(ok).toBe(true);
    },
  );
});
