import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A server process of a benchmark, with the last lines it printed (shown if it fails to start). */
export interface Running {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: string[];
}

/** A port nobody listens on at this moment. */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node <args>` in `cwd` with exactly `env` (plus PATH), keeping its last 200 chunks of
 * output; `echo` also writes them to this process's stderr as they come.
 */
export function spawnServer(
  args: string[],
  cwd: string,
  env: Record<string, string>,
  echo = false,
): Running {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (b: Buffer) => {
    if (echo) process.stderr.write(b);
    output.push(b.toString('utf8'));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output };
}

/** Waits until `base`/api/health answers 200; throws with the server's output if it exits or times out. */
export async function waitHealthy(base: string, server: Running, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < until && !exited) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the server did not start:\n${server.output.join('')}`);
}
