import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PipelinedConnection } from './pipeline.js';
import { KEYED_PLANS } from './keyed-plans.js';
import { namedStatements } from './pglite-named.js';
import { PgliteThread } from './pglite-thread.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs one statement that returns no rows as a named prepared statement: each connection parses
 * and plans a given statement text once and then only binds new values.
 * It is planned with `KEYED_PLANS`: without sequential scans, hash joins or merge joins.
 */
export type RunPrepared = (name: string, text: string, values: string[]) => Promise<void>;

export interface Store {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** For the hot statements written again and again with the same text (the core's batches). */
  prepared: RunPrepared;
  close(): Promise<void>;
}

export interface StoreOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  migrationsDir: string;
  /**
   * The built database thread (dist/pglite-worker.mjs). With it PGlite runs off the event loop;
   * without it (tests and source runs) in the calling thread.
   */
  pgliteWorker?: URL | null;
  /** Told once if the database thread dies; the store is unusable from then on. */
  onLost?: (err: Error) => void;
  /**
   * A PGlite data directory dump (`dumpDataDir`) to start a `memory://` database from instead of
   * an empty one: the tests load an already migrated copy.
   */
  initialData?: Blob;
}

/** Opens PGlite (default) or PostgreSQL (`DATABASE_URL`) and applies the versioned migrations. */
export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection can be ended by the server (restart, pg_terminate_backend, a dropped test
    // database). The pool discards it and opens another on next use; without a listener the
    // 'error' event would be an uncaught exception that stops the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: options.migrationsDir });
    // The prepared statements have a connection of their own, pipelined (the core sends its
    // next batch before the last is answered), whose planner settings hold for its whole life.
    const config = {
      connectionString: options.databaseUrl,
      application_name: 'exchange-core',
      options: Object.entries(KEYED_PLANS)
        .map(([key, value]) => `-c ${key}=${value}`)
        .join(' '),
    };
    let keyed: PipelinedConnection | null = null;
    let opening: Promise<PipelinedConnection> | null = null;
    const prepared: RunPrepared = (name, text, values) => {
      if (keyed && !keyed.lost) return keyed.run(name, text, values);
      // Calls made while it opens run in the order they were made, once it is open.
      opening ??= PipelinedConnection.open(config).then(
        (c) => {
          keyed = c;
          opening = null;
          return c;
        },
        (err: unknown) => {
          opening = null;
          throw err;
        },
      );
      return opening.then((c) => c.run(name, text, values));
    };
    return {
      db,
      kind: 'postgres',
      prepared,
      close: async () => {
        await Promise.all([pool.end(), keyed?.end()]);
      },
    };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = options.pgliteWorker
    ? await PgliteThread.start(options.pgliteWorker, options)
    : await PGlite.create(
        options.dataDir,
        options.initialData && options.dataDir.startsWith('memory://')
          ? { loadDataDir: options.initialData }
          : {},
      );
  // A new 16 MB WAL segment is otherwise zero-filled through PGlite's JavaScript file layer: a
  // 50-60 ms stall of every commit about once per 16 MB written. Without it only the segment's last
  // byte is written; replay reads the unwritten rest as zeros all the same (PGlite is one session
  // for its whole life, so the setting holds).
  await client.query('set wal_init_zero = off');
  // The thread offers the query and transaction calls that drizzle's driver makes.
  const db = drizzlePglite(client as PGlite, { schema });
  await migratePglite(db, { migrationsFolder: options.migrationsDir });
  const prepared: RunPrepared =
    client instanceof PgliteThread
      ? (name, text, values) => client.prepared(name, text, values)
      : namedStatements(client);
  return { db, kind: 'pglite', prepared, close: () => client.close() };
}
