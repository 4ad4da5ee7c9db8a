import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process's database: the server marks its data directory while it runs so that
 * tools (the admin CLI) never open it at the same time.
 */
export function pidFile(dataDir: string) {
  return join(dataDir, 'exchange.pid');
}

export function holderPid(dataDir: string): number | null {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

export function claimDataDir(dataDir: string): () => void {
  if (dataDir.startsWith('memory://')) return () => undefined;
  mkdirSync(dataDir, { recursive: true });
  const holder = holderPid(dataDir);
  if (holder !== null && holder !== process.pid) {
    throw new Error(`${dataDir} is in use by process ${holder}; stop it first`);
  }
  writeFileSync(pidFile(dataDir), String(process.pid));
  return () => rmSync(pidFile(dataDir), { force: true });
}
