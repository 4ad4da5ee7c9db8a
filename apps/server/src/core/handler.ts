import type { Db } from '../db/client.js';

/**
 * A product's command handler (spot, wallet, convert; later lever, micro, earn, escrow). Each
 * command method follows the same steps: validate and check funds (refusing with a `Rejected`
 * result code, nothing changed), then `sequencer.run` to apply: ledger postings through
 * `sequencer.ledger`, the product's rows and events into `sequencer.batch`, all committed
 * together before the command is answered.
 */
export interface Handler {
  /** The product's name, for logs. */
  readonly name: string;
  /**
   * Reads the handler's memory from the store: at start, and again after a failed commit (the
   * sequencer takes no command until every handler has loaded).
   */
  load(db: Db): Promise<void>;
}

/** The key of a client-chosen id (order or transfer) in a map of a user's ids. */
export function clientKey(userId: number, clientId: string) {
  return `${userId}:${clientId}`;
}
