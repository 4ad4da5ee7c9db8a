import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, holderPid, pidFile } from '../src/db/pid-lock.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const lockModule = pathToFileURL(join(serverDir, 'src/db/pid-lock.ts')).href;
const hasProc = existsSync('/proc/self/cmdline');

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'exchange-lock-'));
  dirs.push(dir);
  return dir;
}

/** Resolves once the child has written `line` on its standard output. */
function started(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes(line)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}: ${out}`)));
  });
}

/** Another Node process that claims the directory, as a server would, and keeps running. */
async function holder(dir: string): Promise<ChildProcess> {
  const code = `import(${JSON.stringify(lockModule)}).then((m) => {
    m.claimDataDir(${JSON.stringify(dir)});
    console.log('claimed');
    setInterval(() => undefined, 1000);
  });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await started(child, 'claimed');
  return child;
}

/** A live process that is not a server (what a reused pid may belong to). */
async function stranger(): Promise<ChildProcess> {
  const child = spawn('sleep', ['30'], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

function claim(dir: string) {
  const warnings: string[] = [];
  const release = claimDataDir(dir, (line) => warnings.push(line));
  return { release, warnings };
}

describe('the data directory lock', () => {
  it('refuses a directory a live server holds', async () => {
    const dir = tempDir();
    const child = await holder(dir);
    expect(holderPid(dir)).toBe(child.pid);
    expect(() => claim(dir)).toThrow(`in use by process ${child.pid}`);
  });

  it('takes over, with one warning, from a server killed outright', async () => {
    const dir = tempDir();
    const child = await holder(dir);
    child.kill('SIGKILL');
    await exited(child);
    expect(holderPid(dir)).toBeNull();
    const { release, warnings } = claim(dir);
    expect(warnings).toEqual([expect.stringContaining(`process ${child.pid} is gone`)]);
    expect(holderPid(dir)).toBe(process.pid);
    release();
    expect(existsSync(pidFile(dir))).toBe(false);
  });

  it.skipIf(!hasProc)('takes over when the pid now belongs to another program', async () => {
    const dir = tempDir();
    const other = await stranger();
    const pid = other.pid ?? 0;
    writeFileSync(
      pidFile(dir),
      JSON.stringify({ pid, cmdline: '/usr/bin/node dist/main.mjs', startTime: null }),
    );
    const first = claim(dir);
    expect(first.warnings).toEqual([expect.stringContaining('another program')]);
    first.release();
    // Same program, started at another time: a reused pid too.
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '');
    writeFileSync(
      pidFile(dir),
      JSON.stringify({ pid, cmdline: cmdline.replace(/\0/g, ' '), startTime: '1' }),
    );
    const second = claim(dir);
    expect(second.warnings).toEqual([expect.stringContaining('started later')]);
    second.release();
  });

  it.skipIf(!hasProc)('reads the bare pid of earlier versions', async () => {
    const dir = tempDir();
    const other = await stranger();
    writeFileSync(pidFile(dir), String(other.pid));
    const { release, warnings } = claim(dir);
    expect(warnings).toEqual([expect.stringContaining('not a Node process')]);
    release();
    // A live Node process with a bare pid may be a server of an earlier version: refused.
    const child = await holder(tempDir());
    writeFileSync(pidFile(dir), String(child.pid));
    expect(() => claim(dir)).toThrow(`in use by process ${child.pid}`);
  });

  it('takes over an unreadable lock file, and keeps its own claim across claims', () => {
    const dir = tempDir();
    writeFileSync(pidFile(dir), 'garbage');
    const first = claim(dir);
    expect(first.warnings).toEqual([expect.stringContaining('unreadable')]);
    const again = claim(dir);
    expect(again.warnings).toEqual([]);
    again.release();
    expect(existsSync(pidFile(dir))).toBe(false);
  });
});
