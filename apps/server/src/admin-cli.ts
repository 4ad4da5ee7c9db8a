import { loadConfig } from './config.js';
import { openStore } from './db/client.js';
import { claimDataDir } from './db/pid-lock.js';
import { auditLedger as runAudit } from './products.js';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  audit   per currency: the sum over all accounts (must be 0), negative balances, locked funds
          versus what open orders reserve, balances that differ from their postings

Uses DATABASE_URL, or the PGlite directory DATA_DIR (only while the server is stopped; a running
server answers GET /api/admin/audit).`;

async function audit() {
  const config = loadConfig();
  const release = config.databaseUrl ? () => undefined : claimDataDir(config.dataDir);
  const store = await openStore(config);
  try {
    const report = await runAudit(store.db);
    const rows = report.currencies.map((c) => ({
      currency: c.currency,
      sum: c.sum,
      negative: c.negative_accounts,
      locked: c.locked,
      reserved: c.reserved_by_orders,
      unposted: c.unposted_accounts,
      system: c.system_mismatches,
      ok: c.ok ? 'ok' : 'FAIL',
    }));
    console.table(rows);
    console.log(report.ok ? 'audit ok' : 'audit FAILED');
    return report.ok ? 0 : 1;
  } finally {
    await store.close();
    release();
  }
}

async function main() {
  const command = process.argv[2];
  if (command === 'audit') return audit();
  console.log(USAGE);
  return command ? 2 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
