/**
 * The embedded database in its own thread. PostgreSQL compiled to WebAssembly runs synchronously,
 * file writes included, on whichever thread calls it: here, so that the server's event loop keeps
 * answering requests and matching orders while a batch is written.
 *
 * The main thread speaks to it through `PgliteThread` (pglite-thread.ts): one message per
 * statement, answered in order. Transactions are the main thread's BEGIN … COMMIT statements;
 * the main thread sends nothing else while one is open.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest } from './pglite-thread.js';
import { namedStatements } from './pglite-named.js';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

const { dataDir } = workerData as { dataDir: string };
const identity = (value: string) => value;

function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  // DatabaseError carries code, detail, constraint … as own properties.
  return { ...err, name: err.name, message: err.message, stack: err.stack };
}

async function main(out: NonNullable<typeof parentPort>) {
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir);
  } catch (err) {
    out.postMessage({ id: 0, ok: false, error: errorFields(err) } satisfies ThreadReply);
    return;
  }
  out.postMessage({ id: 0, ok: true, result: null } satisfies ThreadReply);
  const named = namedStatements(db);
  /** Answers request `id` with the outcome of `work`. */
  const answer = (id: number, work: Promise<unknown>) =>
    work.then(
      (result) => out.postMessage({ id, ok: true, result: result ?? null } satisfies ThreadReply),
      (err: unknown) =>
        out.postMessage({ id, ok: false, error: errorFields(err) } satisfies ThreadReply),
    );

  out.on('message', (msg: ThreadRequest) => {
    if (msg.op === 'close') return void answer(msg.id, db.close());
    if (msg.op === 'prepared') return void answer(msg.id, named(msg.name, msg.text, msg.values));
    const options: QueryOptions = {};
    if (msg.rowMode) options.rowMode = msg.rowMode;
    if (msg.rawTypes.length) {
      options.parsers = {};
      for (const oid of msg.rawTypes) options.parsers[oid] = identity;
    }
    void answer(msg.id, db.query(msg.sql, msg.params, options));
  });
}

void main(port);
