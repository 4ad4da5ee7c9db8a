/**
 * What must hold after every batch of the simulation. In memory: per currency the balances of
 * every account sum to zero, none but the outside world's is negative, and each user account's
 * lock equals what the handlers hold in it (open orders, withdrawals, positions, options). In the store: the
 * ledger audit (sums, no negative balance, what is locked in each product's accounts equals what
 * its rows reserve, every balance equals its postings), and every balance equals memory's.
 */
import type { Sequencer } from '../../src/core/sequencer.js';
import { loadLedger } from '../../src/core/rebuild.js';
import type { Store } from '../../src/db/client.js';
import { auditLedger } from '../../src/products.js';

export function memoryViolations(core: Sequencer): string[] {
  const out: string[] = [];
  if (core.failed) out.push('the core failed: a change threw or a batch did not commit');
  const sums = new Map<number, bigint>();
  for (const a of core.ledger.all()) {
    sums.set(a.currencyId, (sums.get(a.currencyId) ?? 0n) + a.available + a.locked);
    if (a.systemCode !== 'outside' && (a.available < 0n || a.locked < 0n))
      out.push(`account ${a.id} is negative: ${a.available} available, ${a.locked} locked`);
  }
  for (const [currency, sum] of sums)
    if (sum !== 0n) out.push(`currency ${currency}: balances sum to ${sum}, not 0`);
  out.push(...core.lockMismatches());
  return out;
}

export async function storeViolations(store: Store, core: Sequencer): Promise<string[]> {
  const out: string[] = [];
  const report = await auditLedger(store.db);
  for (const c of report.currencies)
    if (!c.ok)
      out.push(
        `audit ${c.currency}: sum ${c.sum}, negative ${c.negative_accounts}, locked ${c.locked} ` +
          `≠ reserved ${c.reserved_by_orders}, unposted ${c.unposted_accounts}, ` +
          `system mismatches ${c.system_mismatches}`,
      );
  const stored = new Map((await loadLedger(store.db)).accounts.map((a) => [a.id, a]));
  let inMemory = 0;
  for (const a of core.ledger.all()) {
    inMemory++;
    const s = stored.get(a.id);
    if (!s) out.push(`account ${a.id} is in memory, not in the store`);
    else if (s.available !== a.available || s.locked !== a.locked)
      out.push(
        `account ${a.id}: memory ${a.available}/${a.locked}, store ${s.available}/${s.locked}`,
      );
  }
  if (inMemory !== stored.size) out.push(`${stored.size} accounts stored, ${inMemory} in memory`);
  return out;
}

/** Everything the core holds as plain data: the ledger's balances and each handler's snapshot. */
export function fingerprint(core: Sequencer): Record<string, string> {
  const ledger = [...core.ledger.all()]
    .map((a) => `${a.id}:${a.available}:${a.locked}`)
    .sort()
    .join(',');
  const out: Record<string, string> = { ledger };
  for (const [name, snap] of Object.entries(core.snapshot())) out[name] = JSON.stringify(snap);
  return out;
}
