import { eq, max } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accounts, journal, systemState } from '../db/schema.js';
import { units } from './amounts.js';
import type { Account } from './ledger.js';

/** The ledger as the store holds it: what the sequencer reads at start and after a failure. */
export interface LedgerSnapshot {
  accounts: Account[];
  nextAccountId: number;
  nextJournalId: number;
  /** The sequence number of the last batch the core committed (see `BATCH_KEY`). */
  lastBatch: number;
}

/**
 * The `system_state` key holding the sequence number of the last committed batch: each batch
 * moves it from its predecessor's number to its own, so a batch whose predecessor did not commit
 * fails as well (the core sends the next batch before the last is answered).
 */
export const BATCH_KEY = 'core.batch';

/** Reads every account's balances, the next ids and the batch number from the store. */
export async function loadLedger(db: Db): Promise<LedgerSnapshot> {
  const rows = await db.select().from(accounts);
  const loaded: Account[] = rows.map((a) => ({
    id: a.id,
    userId: a.userId,
    systemCode: a.systemCode,
    currencyId: a.currencyId,
    type: a.type,
    available: units(a.balance),
    locked: units(a.lockBalance),
  }));
  const [j] = await db.select({ v: max(journal.id) }).from(journal);
  const [a] = await db.select({ v: max(accounts.id) }).from(accounts);
  await db.insert(systemState).values({ key: BATCH_KEY, value: '0' }).onConflictDoNothing();
  const [b] = await db.select().from(systemState).where(eq(systemState.key, BATCH_KEY));
  return {
    accounts: loaded,
    nextAccountId: (a?.v ?? 0) + 1,
    nextJournalId: (j?.v ?? 0) + 1,
    lastBatch: Number(b?.value ?? 0),
  };
}
