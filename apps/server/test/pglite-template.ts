/**
 * A migrated, empty PGlite database built once per test run and loaded by every test that opens
 * an in-memory store. A fresh `memory://` PGlite runs initdb and then every migration (about 3 s
 * each time); loading the copy takes a fraction of that. The tests see the same database either
 * way: `openStore` still runs the migrator over the copy, which finds every migration applied.
 *
 * The default export is the server project's vitest `globalSetup`: it writes the copy to a
 * temporary file and hands its path to the test files (`inject`). Without it (a file run by
 * another runner) or with DATABASE_URL set, `pgliteTemplate()` returns undefined and stores are
 * built from scratch as before.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openStore } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template's tar file, or '' when there is none. */
    pgliteTemplate: string;
  }
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle', import.meta.url));

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return undefined;
  }
  const store = await openStore({
    databaseUrl: undefined,
    dataDir: 'memory://',
    migrationsDir: MIGRATIONS_DIR,
  });
  let data: Blob;
  try {
    // openStore's PGlite is the client drizzle was built with.
    const client = (store.db as unknown as { $client: PGlite }).$client;
    data = await client.dumpDataDir('none');
  } finally {
    await store.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'exchange-pglite-template-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await data.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

let loaded: Promise<Blob | undefined> | null = null;

/**
 * The migrated template for `openStore`'s `initialData`, read once per test file; undefined for
 * another migrations folder than the one it was built from.
 */
export function pgliteTemplate(migrationsDir = MIGRATIONS_DIR): Promise<Blob | undefined> {
  if (resolve(migrationsDir) !== resolve(MIGRATIONS_DIR)) return Promise.resolve(undefined);
  loaded ??= (async () => {
    let file: string | undefined;
    try {
      file = inject('pgliteTemplate');
    } catch {
      return undefined; // not inside vitest
    }
    if (!file) return undefined;
    return new Blob([await readFile(file)]);
  })();
  return loaded;
}
