import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process's database: the server marks its data directory while it runs so that
 * tools (the admin CLI) never open it at the same time. A process killed outright (SIGKILL, a
 * crash, the container stopped) leaves its mark behind; the next start must tell that from a
 * live holder. PGlite's own postmaster.pid is no help there: it always holds the pid -42, and
 * PGlite opens a directory it was left in regardless.
 */
export function pidFile(dataDir: string) {
  return join(dataDir, 'exchange.pid');
}

/** Who holds the directory: recorded with enough to recognise the process, not just its pid. */
interface Holder {
  pid: number;
  /** /proc/<pid>/cmdline at claim time, NULs as spaces; null where there is no /proc. */
  cmdline: string | null;
  /** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot); null without /proc. */
  startTime: string | null;
}

function readProc(pid: number, file: 'cmdline' | 'stat'): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

function cmdlineOf(pid: number): string | null {
  const raw = readProc(pid, 'cmdline');
  return raw === null ? null : raw.replace(/\0+$/, '').replace(/\0/g, ' ');
}

function startTimeOf(pid: number): string | null {
  const stat = readProc(pid, 'stat');
  if (stat === null) return null;
  // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function identify(pid: number): Holder {
  return { pid, cmdline: cmdlineOf(pid), startTime: startTimeOf(pid) };
}

/** The recorded holder; a file of earlier versions holds the bare pid. */
function readHolder(file: string): Holder | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  const bare = Number(text);
  if (Number.isInteger(bare) && bare > 0) return { pid: bare, cmdline: null, startTime: null };
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) {
      return null;
    }
    return {
      pid: parsed.pid,
      cmdline: typeof parsed.cmdline === 'string' ? parsed.cmdline : null,
      startTime: typeof parsed.startTime === 'string' ? parsed.startTime : null,
    };
  } catch {
    return null;
  }
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Why the recorded holder no longer holds the directory, or null while it does: its pid is gone,
 * or now belongs to another process (pids are reused, in a container after every restart).
 */
function staleReason(holder: Holder): string | null {
  if (!pidExists(holder.pid)) return `process ${holder.pid} is gone`;
  const now = identify(holder.pid);
  if (holder.startTime !== null && now.startTime !== null && now.startTime !== holder.startTime) {
    return `process ${holder.pid} is another process now (started later)`;
  }
  if (holder.cmdline !== null && now.cmdline !== null && now.cmdline !== holder.cmdline) {
    return `process ${holder.pid} is another program now (${now.cmdline.slice(0, 80)})`;
  }
  // A file of an earlier version records no command line: only a Node process can be ours.
  if (holder.cmdline === null && now.cmdline !== null && !/\bnode/i.test(now.cmdline)) {
    return `process ${holder.pid} is not a Node process (${now.cmdline.slice(0, 80)})`;
  }
  return null;
}

/** The live holder's pid, or null when the directory is free or its mark is stale. */
export function holderPid(dataDir: string): number | null {
  const holder = readHolder(pidFile(dataDir));
  return holder && staleReason(holder) === null ? holder.pid : null;
}

/**
 * Marks the directory as this process's; throws while another live process holds it, takes it
 * over (with one warning line) from a holder that is gone. Returns the release.
 */
export function claimDataDir(
  dataDir: string,
  warn: (line: string) => void = (line) => console.warn(line),
): () => void {
  if (dataDir.startsWith('memory://')) return () => undefined;
  mkdirSync(dataDir, { recursive: true });
  const file = pidFile(dataDir);
  const mine = JSON.stringify(identify(process.pid));
  // Two processes starting together: the file is created exclusively, and the loser looks again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const holder = readHolder(file);
    if (holder && holder.pid !== process.pid) {
      const stale = staleReason(holder);
      if (stale === null) {
        throw new Error(`${dataDir} is in use by process ${holder.pid}; stop it first`);
      }
      warn(`${dataDir}: taking over the lock of a stopped server (${stale})`);
    } else if (!holder && existsSync(file)) {
      warn(`${dataDir}: taking over an unreadable lock file ${file}`);
    }
    rmSync(file, { force: true });
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        // Only our own mark: a process that took over a lock it thought stale keeps its own.
        if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw new Error(`${dataDir}: could not claim ${file}; another process keeps claiming it`);
}
