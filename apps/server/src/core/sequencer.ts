import type { FastifyBaseLogger } from 'fastify';
import type { Db, RunPrepared, Store } from '../db/client.js';
import { Batch } from './batch.js';
import { type Clock, systemClock } from './clock.js';
import type { Handler } from './handler.js';
import {
  CORE_SYSTEM_ACCOUNTS,
  Ledger,
  type Account,
  type JournalRow,
  type LedgerSink,
  type PostingRow,
  type SystemAccount,
} from './ledger.js';
import { loadLedger } from './rebuild.js';
import { Rejected } from './result.js';
import type { Committed } from './types.js';

/**
 * How many batches may be on their way to the store at once: two, so that the store works on
 * one while the next is applied and sent (a third gained nothing in the API bench).
 */
const MAX_IN_FLIGHT = 2;
/** After a failed batch, the store is read again after this long while it keeps failing. */
const REBUILD_RETRY_MS = [100, 500, 1_000, 2_000, 5_000];

/**
 * The single writer (ARCHITECTURE §4), knowing nothing of any product: handlers apply commands,
 * one at a time and in order, to the ledger and their own memory (`run`); the effects of each few
 * milliseconds are committed together (group commit) and a command is answered only after its
 * batch has committed. Committed batches go to the listeners (the read model) in order.
 */
export class Sequencer implements LedgerSink {
  private current = new Batch();
  private scheduled = false;
  /** Batches sent to the store and not yet answered, and the last of them. */
  private inFlight = 0;
  private tail: Promise<void> = Promise.resolve();
  /** A batch with other domains' rows is being written: it is written alone (see `flush`). */
  private alone = false;
  /** The sequence number of the last batch sent to the store. */
  private lastBatch = 0;
  /**
   * Set when a batch failed or a change threw: memory holds effects the store does not, so no
   * command is taken until `recover` has rebuilt memory from the store.
   */
  private failure: unknown = null;
  private recovering: Promise<void> | null = null;
  private readonly listeners: ((c: Committed) => void)[] = [];
  private readonly handlers: Handler[] = [];
  private readonly systemAccounts: SystemAccount[] = [...CORE_SYSTEM_ACCOUNTS];
  private readonly floors = new Map<string, (currencyId: number) => bigint>();
  private books!: Ledger;
  private timersOn = false;

  /**
   * `clock` is the time of every command and timer of the core and its handlers: the system
   * clock in the server, a simulated one in the simulation (test/sim).
   */
  constructor(
    private readonly store: Pick<Store, 'db' | 'prepared'>,
    private readonly log: FastifyBaseLogger,
    readonly clock: Clock = systemClock,
  ) {}

  /** Adds a product's handler; all are registered before `start`. */
  register<T extends Handler>(handler: T): T {
    this.handlers.push(handler);
    return handler;
  }

  /** Adds a product's system accounts (its counterparty, say); all are added before `start`. */
  /**
   * What a system account must keep (per currency) to pay what its product owes: an operator's
   * draw never takes it below (wallet's `adjustSystem`). Registered by the product's handler.
   */
  keepFloor(code: string, floor: (currencyId: number) => bigint) {
    this.floors.set(code, floor);
  }

  /** What `code` must keep in `currencyId` now (0 when its product registered no floor). */
  floorOf(code: string, currencyId: number): bigint {
    return this.floors.get(code)?.(currencyId) ?? 0n;
  }

  registerSystemAccounts(accounts: readonly SystemAccount[]) {
    for (const a of accounts) {
      if (this.systemAccounts.some((s) => s.code === a.code))
        throw new Error(`system account ${a.code} is registered twice`);
      this.systemAccounts.push(a);
    }
  }

  /** Reads the ledger and every handler's memory from the store. */
  async start() {
    await this.load();
  }

  /** Starts the handlers' timers (the server is ready); `stopTimers` stops them. */
  startTimers() {
    if (this.timersOn) return;
    this.timersOn = true;
    for (const handler of this.handlers) handler.start?.();
  }

  stopTimers() {
    this.timersOn = false;
    for (const handler of this.handlers) handler.stop?.();
  }

  /** The handlers' memory as plain data, per handler (see `Handler.snapshot`). */
  snapshot(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const h of this.handlers) if (h.snapshot) out[h.name] = h.snapshot();
    return out;
  }

  /**
   * Every account whose lock differs from what the handlers say they hold in it (`Handler.locks`):
   * empty when memory is consistent. Accounts of types no handler reported are left out unless
   * something is locked in them.
   */
  lockMismatches(): string[] {
    const held = new Map<string, bigint>();
    const types = new Set<number>();
    for (const h of this.handlers)
      for (const l of h.locks?.() ?? []) {
        const key = `${l.userId}:${l.currencyId}:${l.type}`;
        held.set(key, (held.get(key) ?? 0n) + l.amount);
        types.add(l.type);
      }
    const out: string[] = [];
    for (const a of this.books.all()) {
      if (a.userId === null) continue;
      const key = `${a.userId}:${a.currencyId}:${a.type}`;
      const expected = held.get(key) ?? 0n;
      held.delete(key);
      if (a.locked !== expected)
        out.push(`account ${a.id} (${key}) locks ${a.locked}, its handlers hold ${expected}`);
    }
    for (const [key, amount] of held)
      if (amount !== 0n) out.push(`handlers hold ${amount} in ${key}, which has no account`);
    return out;
  }

  /** Whether a failure is being recovered from (commands are refused meanwhile). */
  get failed(): boolean {
    return this.failure !== null;
  }

  private get db(): Db {
    return this.store.db;
  }
  private get prepared(): RunPrepared {
    return this.store.prepared;
  }

  /** The ledger, for handlers applying a command inside `run` (and reading balances before). */
  get ledger(): Ledger {
    return this.books;
  }

  /** The batch being filled, for handlers' rows and audit entries inside `run`. */
  get batch(): Batch {
    return this.current;
  }

  private async load() {
    const snap = await loadLedger(this.db);
    this.books = new Ledger(
      snap.accounts,
      { nextAccountId: snap.nextAccountId, nextJournalId: snap.nextJournalId },
      this,
      this.systemAccounts,
    );
    this.lastBatch = snap.lastBatch;
    for (const handler of this.handlers) await handler.load(this.db);
  }

  // LedgerSink: the ledger's changes go to the batch being filled.
  journal(row: JournalRow, postings: PostingRow[]) {
    this.current.journal(row, postings);
  }
  account(account: Account, opened?: boolean) {
    this.current.account(account, opened);
  }

  onCommit(listener: (c: Committed) => void) {
    this.listeners.push(listener);
  }

  /** Refuses commands while memory is being rebuilt after a failure. */
  ensureRunning() {
    if (this.failure) throw new Rejected('UNAVAILABLE');
  }

  /** Resolves once the core takes commands again after a failure (at once when it does). */
  recovered(): Promise<void> {
    return this.recovering ?? Promise.resolve();
  }

  /**
   * Applies a command's change, answered once its batch has committed. The handler has checked
   * everything before: a throw inside is a bug that leaves memory unknown, so the command is
   * answered `INTERNAL` and memory is rebuilt from the store (see `fail`).
   */
  run<T>(change: () => T): Promise<T> {
    this.ensureRunning();
    let result: T;
    try {
      result = change();
    } catch (err) {
      this.fail(err);
      throw new Rejected('INTERNAL');
    }
    return this.acknowledge(() => result);
  }

  /** Answers with `value` once everything applied so far has committed (a replay, say). */
  acknowledge<T>(value: () => T): Promise<T> {
    const committed = this.current.wait();
    this.schedule();
    return committed.then(value);
  }

  /** Waits for everything applied so far to be committed. */
  async close() {
    while (this.inFlight || !this.current.empty || this.current.waiters.length) {
      if (this.inFlight) await this.tail;
      else await this.flush();
      if (this.failure) return;
    }
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.mayFlush()) void this.flush();
    });
  }

  /**
   * Whether the current batch may be sent now. Batches of the core's own rows go to the store
   * in order over one connection, at most `MAX_IN_FLIGHT` at a time. A batch with other domains'
   * rows is written in a transaction on another connection, so it waits for the batches before
   * it to be answered and the ones after it wait for it.
   */
  private mayFlush() {
    if (!this.inFlight) return true;
    return this.inFlight < MAX_IN_FLIGHT && !this.alone && !this.current.extras.length;
  }

  /**
   * Group commit: one transaction for everything applied since the last batch was sent, sent as
   * soon as the event loop has nothing else queued and `mayFlush` allows. The store works on one
   * batch while the next is applied and sent; each batch is answered only once it and every
   * batch before it have committed. A batch whose predecessor failed fails too (each moves the
   * store's batch number on from its predecessor's, see `BATCH_KEY`), and the core rebuilds its
   * memory from the store (`fail`).
   */
  private flush(): Promise<void> {
    const batch = this.current;
    if (batch.empty && !batch.waiters.length) return this.tail;
    this.current = new Batch();
    const committed = batch.committed();
    this.inFlight++;
    this.alone = batch.extras.length > 0;
    const previous = this.tail;
    // Sent at once, before the answer to the previous batch (extras wait for it, see mayFlush).
    const written = batch.empty
      ? Promise.resolve()
      : batch.commit(this.db, this.prepared, ++this.lastBatch, new Date(this.clock.now()));
    // Awaited below, in order; until then its failure must not count as unhandled.
    written.catch(() => undefined);
    const run = async () => {
      await previous;
      let failed = false;
      try {
        await written;
      } catch (err) {
        failed = true;
        this.fail(err);
      }
      // Failed, or sent after a batch that failed (and then refused by the store as well).
      if (failed || this.failure) {
        for (const w of batch.waiters) w.reject(new Rejected('UNAVAILABLE'));
        return;
      }
      // Resolving only queues the answers; they are written after this function returns.
      for (const w of batch.waiters) w.resolve();
      // The handlers first (a risk tick follows the book), then the read model and the bus.
      for (const handler of this.handlers) {
        try {
          handler.afterCommit?.(committed);
        } catch (err) {
          this.log.error({ err, handler: handler.name }, 'after-commit of a handler failed');
        }
      }
      for (const listener of this.listeners) {
        try {
          listener(committed);
        } catch (err) {
          this.log.error({ err }, 'commit listener failed');
        }
      }
    };
    const done = run().finally(() => {
      this.inFlight--;
      if (!this.inFlight) this.alone = false;
      if (!this.failure && (!this.current.empty || this.current.waiters.length)) this.schedule();
    });
    this.tail = done;
    return done;
  }

  /**
   * A batch failed to commit, or a change threw half-way: memory now holds effects the store does
   * not. Every command not yet committed is answered `UNAVAILABLE` (the failed batch's in `flush`,
   * the batches sent after it are refused by the store, the one being filled here), new commands
   * are refused until memory has been read again from the store, and then the core serves again.
   * The process never exits for it: the store is the truth and stays consistent.
   */
  private fail(err: unknown) {
    if (this.failure) return;
    this.failure = err;
    this.log.error(
      { err },
      'core: a batch could not be committed; its commands are refused and memory is rebuilt from the store',
    );
    this.recovering = this.recover().finally(() => {
      this.recovering = null;
    });
  }

  private async recover() {
    this.dropUncommitted();
    // Batches on their way are answered first (refused by the store, as their predecessor failed).
    while (this.inFlight) await this.tail;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.load();
        this.dropUncommitted();
        this.failure = null;
        this.log.warn('core: memory rebuilt from the store; taking commands again');
        return;
      } catch (err) {
        const wait = REBUILD_RETRY_MS[Math.min(attempt, REBUILD_RETRY_MS.length - 1)] ?? 5_000;
        this.log.error({ err, retry_in_ms: wait }, 'core: the store could not be read');
        await new Promise<void>((resolve) => this.clock.after(wait, resolve));
      }
    }
  }

  /** Refuses the commands of the batch being filled: they were applied to memory only. */
  private dropUncommitted() {
    const dropped = this.current;
    this.current = new Batch();
    for (const w of dropped.waiters) w.reject(new Rejected('UNAVAILABLE'));
  }
}
