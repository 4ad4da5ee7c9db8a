import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, RowMode } from '@electric-sql/pglite';

/** A statement for the database thread (pglite-worker.ts); id 0 is its start-up answer. */
export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: RowMode | undefined;
      /** Types whose text is returned as is (the only parsers drizzle asks for). */
      rawTypes: number[];
    }
  | { id: number; op: 'prepared'; name: string; text: string; values: string[] }
  | { id: number; op: 'close' };

export type ThreadReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

/** What drizzle's PGlite driver calls on its client (query and transaction) and nothing more. */
export interface QueryClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

export interface ThreadOptions {
  /** PGlite's data directory, or memory:// */
  dataDir: string;
  /** Told once if the thread dies. */
  onLost?: (err: Error) => void;
}

/** A database error as thrown in the thread, with its fields (code, constraint …) restored. */
function restore(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message));
  Object.assign(err, fields);
  return err;
}

/**
 * The main thread's handle on PGlite running in a worker thread: the same query and transaction
 * surface as a PGlite instance, so drizzle's PGlite driver uses it unchanged.
 *
 * PGlite is one connection. As PGlite itself does, a transaction holds the connection: statements
 * from outside it wait until it ends. If the thread dies, every pending and later statement fails
 * and `onLost` is told once.
 */
export class PgliteThread implements QueryClient {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;
  private lost: Error | null = null;
  private closing = false;
  /** Ends when the transaction holding the connection (if any) has finished. */
  private held: Promise<void> = Promise.resolve();
  /** Settles once the last prepared statement asked for has been sent (see `prepared`). */
  private preparedOrder: Promise<void> = Promise.resolve();

  private constructor(
    workerUrl: URL,
    options: ThreadOptions,
    private readonly onLost: (err: Error) => void,
    ready: { resolve: () => void; reject: (e: Error) => void },
  ) {
    this.worker = new Worker(workerUrl, { workerData: { dataDir: options.dataDir } });
    this.pending.set(0, { resolve: () => ready.resolve(), reject: ready.reject });
    this.worker.on('message', (msg: ThreadReply) => {
      const waiter = this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id);
      if (msg.ok) waiter.resolve(msg.result);
      else waiter.reject(restore(msg.error));
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => {
      if (!this.closing) this.fail(new Error(`the database thread exited with code ${code}`));
    });
  }

  /** Starts the thread and opens (or creates) the data directory in it. */
  static async start(workerUrl: URL, options: ThreadOptions): Promise<PgliteThread> {
    let thread: PgliteThread | undefined;
    const onLost = options.onLost ?? (() => undefined);
    await new Promise<void>((resolve, reject) => {
      thread = new PgliteThread(workerUrl, options, onLost, { resolve, reject });
    });
    if (!thread) throw new Error('the database thread did not start');
    return thread;
  }

  private fail(err: Error) {
    if (this.lost) return;
    this.lost = err;
    for (const waiter of this.pending.values()) waiter.reject(err);
    this.pending.clear();
    this.onLost(err);
  }

  private send<T>(request: ThreadRequest): Promise<T> {
    if (this.lost) return Promise.reject(this.lost);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(request.id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage(request);
    });
  }

  /** One statement, sent without waiting for an open transaction. */
  private run<T>(sql: string, params: unknown[] = [], options?: QueryOptions) {
    if (options?.serializers || options?.blob || options?.onNotice || options?.paramTypes) {
      throw new Error('this query option cannot cross to the database thread');
    }
    const rawTypes: number[] = [];
    const parsers = Object.entries(options?.parsers ?? {}) as [
      string,
      (value: string, typeId: number) => unknown,
    ][];
    for (const [oid, parse] of parsers) {
      // A function cannot cross threads; drizzle only asks for the text as it is.
      if (parse('\u0000', Number(oid)) !== '\u0000') {
        throw new Error(`the parser for type ${oid} cannot cross to the database thread`);
      }
      rawTypes.push(Number(oid));
    }
    return this.send<Results<T>>({
      id: this.nextId++,
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode,
      rawTypes,
    });
  }

  /** Resolves once no transaction holds the connection. */
  private async free() {
    for (;;) {
      const held = this.held;
      await held;
      if (held === this.held) return;
    }
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await this.free();
    return this.run<T>(sql, params, options);
  }

  /**
   * A named prepared statement that returns no rows (see pglite-named.ts), outside transactions.
   * Statements are sent to the thread in the order of these calls, each once no transaction holds
   * the connection (waiting for `free` alone could reorder them: a call that waited for one
   * transaction goes on to wait for the next behind a call made after it).
   */
  prepared(name: string, text: string, values: string[]): Promise<void> {
    const free = this.preparedOrder.then(() => this.free());
    this.preparedOrder = free;
    return free.then(async () => {
      await this.send<unknown>({ id: this.nextId++, op: 'prepared', name, text, values });
    });
  }

  /** BEGIN … COMMIT around `fn`, ROLLBACK if it throws; other statements wait for its end. */
  async transaction<T>(fn: (tx: QueryClient) => Promise<T>): Promise<T> {
    let release!: () => void;
    const previous = this.held;
    this.held = new Promise<void>((resolve) => (release = resolve));
    await previous;
    let open = true;
    const tx: QueryClient = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        if (!open) return Promise.reject(new Error('the transaction has ended'));
        return this.run<R>(sql, params, options);
      },
    };
    try {
      await this.run('BEGIN');
      let result: T;
      try {
        result = await fn(tx);
      } catch (err) {
        open = false;
        await this.run('ROLLBACK').catch(() => undefined);
        throw err;
      }
      open = false;
      await this.run('COMMIT');
      return result;
    } finally {
      release();
    }
  }

  async close() {
    await this.held;
    if (this.lost) {
      await this.worker.terminate();
      return;
    }
    this.closing = true;
    try {
      await this.send({ id: this.nextId++, op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}
