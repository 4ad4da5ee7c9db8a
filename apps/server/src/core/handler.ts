import type { Db } from '../db/client.js';
import type { Committed } from './types.js';

/**
 * A product's command handler: the part of a product module (src/product-module.ts) that lives
 * in the core. Each command method follows the same steps: validate and check funds (refusing
 * with a `Rejected` result code, nothing changed), then `sequencer.run` to apply: ledger postings
 * through `sequencer.ledger`, the product's rows into its part of `sequencer.batch`, all committed
 * together before the command is answered. Time comes from `sequencer.clock`, never the wall.
 */
export interface Handler {
  /** The product's name, for logs. */
  readonly name: string;
  /**
   * Reads the handler's memory from the store: at start, and again after a failed commit (the
   * sequencer takes no command until every handler has loaded).
   */
  load(db: Db): Promise<void>;
  /** Follows each committed batch, in commit order (a risk tick of the pairs it moved, say). */
  afterCommit?(committed: Committed): void;
  /** Starts the product's timers once the server is ready (they run as the handler's commands). */
  start?(): void;
  /** Stops its timers: the server is closing. */
  stop?(): void;
  /**
   * The handler's memory as plain data, in a stable order: equal after a reload from the store
   * when memory and store agree (the simulation compares the two at every restart).
   */
  snapshot?(): unknown;
  /**
   * What it holds locked in users' accounts now, from memory (open orders, pending withdrawals,
   * positions, options): an account's lock must equal the sum over every handler (the
   * simulation checks it after every batch; the audit checks the same in the store).
   */
  locks?(): Iterable<Lock>;
}

/** An amount a handler holds locked in one user account (ledger units). */
export interface Lock {
  userId: number;
  currencyId: number;
  type: number;
  amount: bigint;
}

/** The key of a client-chosen id (order or transfer) in a map of a user's ids. */
export function clientKey(userId: number, clientId: string) {
  return `${userId}:${clientId}`;
}
