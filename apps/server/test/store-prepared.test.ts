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
});
