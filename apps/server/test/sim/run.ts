/**
 * `npm run sim -- --seeds N --steps M [--seed S] [--jobs J]`: runs seeds S … S+N-1 (S defaults
 * to 1) in J processes (default: one per core, at most 4), prints each violation with its seed
 * and step, then one line:
 * RESULT seeds=… steps=… batches=… restarts=… violations=… ms=…
 * A violation replays alone with `--seeds 1 --seed <its seed>`.
 */
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { simulate } from './simulate.js';
import { closeWorlds } from './world.js';

interface Totals {
  steps: number;
  batches: number;
  restarts: number;
  violations: string[];
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

const seeds = arg('seeds', 10);
const steps = arg('steps', 2_000);
const first = arg('seed', 1);
const storeEvery = arg('store-every', 10);
const jobs = Math.max(1, Math.min(arg('jobs', Math.min(4, availableParallelism())), seeds));

/** Runs seeds first … first+count-1 in this process. */
async function runSeeds(from: number, count: number): Promise<Totals> {
  const totals: Totals = { steps: 0, batches: 0, restarts: 0, violations: [] };
  for (let seed = from; seed < from + count; seed++) {
    const r = await simulate(seed, { steps, storeEvery });
    totals.steps += r.steps;
    totals.batches += r.batches;
    totals.restarts += r.restarts;
    totals.violations.push(...r.violations);
    for (const v of r.violations) console.log(`VIOLATION ${v}`);
    if (process.env.SIM_VERBOSE)
      console.log(
        `seed ${seed}: ${r.steps} steps, ${r.batches} batches, ${r.restarts} restarts, ` +
          `accepted ${JSON.stringify(r.acceptedBy)}, refused ${JSON.stringify(r.refused)}, ` +
          `journal ${JSON.stringify(r.journal)}, trace ${r.trace}`,
      );
  }
  await closeWorlds();
  return totals;
}

/** Runs a share of the seeds in a child process of this same script. */
function child(from: number, count: number): Promise<Totals> {
  return new Promise((resolve, reject) => {
    const argv = ['--child', '--seed', String(from), '--seeds', String(count)];
    argv.push('--steps', String(steps), '--store-every', String(storeEvery));
    const p = fork(process.argv[1] as string, argv, { execArgv: process.execArgv });
    let totals: Totals | null = null;
    p.on('message', (m) => {
      totals = m as Totals;
    });
    p.on('exit', (code) =>
      totals ? resolve(totals) : reject(new Error(`a simulation process exited with ${code}`)),
    );
  });
}

const started = performance.now();
if (process.argv.includes('--child')) {
  const totals = await runSeeds(first, seeds);
  process.send?.(totals);
  process.exit(0);
}
let totals: Totals[];
if (jobs === 1) totals = [await runSeeds(first, seeds)];
else {
  const share = Math.ceil(seeds / jobs);
  const parts: Promise<Totals>[] = [];
  for (let from = first; from < first + seeds; from += share)
    parts.push(child(from, Math.min(share, first + seeds - from)));
  totals = await Promise.all(parts);
}
const sum = (f: (t: Totals) => number) => totals.reduce((n, t) => n + f(t), 0);
const violations = sum((t) => t.violations.length);
const ms = Math.round(performance.now() - started);
console.log(
  `RESULT seeds=${seeds} steps=${sum((t) => t.steps)} batches=${sum((t) => t.batches)} ` +
    `restarts=${sum((t) => t.restarts)} violations=${violations} ms=${ms}`,
);
process.exit(violations ? 1 : 0);
