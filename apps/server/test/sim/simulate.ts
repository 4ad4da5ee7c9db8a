/**
 * One seed of the deterministic simulation of the core: a seeded generator sends every product random commands from many users in batches,
 * moves the simulated clock in jumps (risk ticks, settlement passes and the overnight fee fire on
 * it), and restarts the core from the store now and then. After every batch the invariants are
 * checked (invariants.ts); at every restart memory must equal a rebuild from the store. A
 * violation names its seed and step; the same seed replays it.
 */
import { sql } from 'drizzle-orm';
import { Rejected } from '../../src/core/result.js';
import { startProducts } from '../../src/products.js';
import { silent } from '../silent-log.js';
import { SimClock } from './clock.js';
import { Generator } from './generate.js';
import { fingerprint, memoryViolations, storeViolations } from './invariants.js';
import { Random } from './random.js';
import { makeWorld, simOptions, START_MS, type World } from './world.js';

export interface SimOptions {
  steps: number;
  /** Check the store (audit, memory = store) after every this many batches (1: every batch). */
  storeEvery?: number;
}

export interface SimResult {
  seed: number;
  steps: number;
  batches: number;
  restarts: number;
  accepted: number;
  /** Accepted commands by kind. */
  acceptedBy: Record<string, number>;
  refused: Record<string, number>;
  violations: string[];
  /** Journal entries by kind: what happened (trades, settlements, stop-outs, fees). */
  journal: Record<string, number>;
  /** A hash of every command and its answer, in order: equal for two runs of one seed. */
  trace: string;
}

export async function simulate(seed: number, options: SimOptions): Promise<SimResult> {
  const rng = new Random(seed);
  const world = await makeWorld(START_MS + rng.int(0, 300) * 1000);
  const gen = new Generator(rng, world, world.products.modules);
  const result: SimResult = {
    seed,
    steps: 0,
    batches: 0,
    restarts: 0,
    accepted: 0,
    acceptedBy: {},
    refused: {},
    violations: [],
    journal: {},
    trace: '',
  };
  let hash = 0x811c9dc5;
  const mix = (text: string) => {
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  };
  const fail = (what: string[]) => {
    for (const v of what) result.violations.push(`seed ${seed} step ${result.steps}: ${v}`);
  };
  const settle = () => world.products.core.close();
  const storeEvery = options.storeEvery ?? 1;

  try {
    while (result.steps < options.steps && !result.violations.length) {
      const r = rng.next();
      if (r < 0.06) {
        // Time passes: ticks, passes and fees due on the way fire in order.
        const ms = rng.chance(0.15) ? rng.int(10_000, 90_000) : rng.int(100, 3_000);
        mix(`clock ${ms}`);
        await world.clock.advance(ms, settle);
        result.steps++;
        fail(memoryViolations(world.products.core));
        continue;
      }
      if (r < 0.065) {
        result.restarts++;
        result.steps++;
        fail(await restart(world));
        continue;
      }
      const size = rng.int(1, 8);
      const answers: Promise<void>[] = [];
      for (let i = 0; i < size && result.steps < options.steps; i++) {
        const command = gen.next(world.products);
        result.steps++;
        answers.push(
          world.products.sendAny(command).then(
            (answer) => {
              result.accepted++;
              result.acceptedBy[command.kind] = (result.acceptedBy[command.kind] ?? 0) + 1;
              mix(`${JSON.stringify(command)}=${JSON.stringify(answer)}`);
            },
            (err: unknown) => {
              const code = err instanceof Rejected ? err.code : 'THROWN';
              mix(`${JSON.stringify(command)}!${code}`);
              if (code === 'INTERNAL' || code === 'UNAVAILABLE' || code === 'THROWN')
                fail([`${command.kind} answered ${code}: ${String(err)}`]);
              else result.refused[code] = (result.refused[code] ?? 0) + 1;
            },
          ),
        );
      }
      await Promise.all(answers);
      await settle();
      result.batches++;
      // A moment passes between two batches (a tick or a pass may fire).
      await world.clock.advance(rng.int(0, 250), settle);
      fail(memoryViolations(world.products.core));
      if (result.batches % storeEvery === 0)
        fail(await storeViolations(world.store, world.products.core));
      if (result.batches % REBUILD_EVERY === 0) fail(await rebuildViolations(world));
    }
    if (!result.violations.length) {
      await world.clock.advance(400_000, settle);
      fail(memoryViolations(world.products.core));
      fail(await storeViolations(world.store, world.products.core));
      fail(await restart(world));
    }
    result.journal = await journalKinds(world);
  } finally {
    world.products.core.stopTimers();
    await world.products.core.close();
    world.clock.clear();
  }
  result.trace = (hash >>> 0).toString(16);
  return result;
}

async function journalKinds(world: World): Promise<Record<string, number>> {
  const r = await world.store.db.execute(
    sql`select kind, count(*)::int as n from journal where created_at >= ${new Date(START_MS - 60_000)} group by kind order by kind`,
  );
  const rows = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as {
    kind: string;
    n: number;
  }[];
  return Object.fromEntries(rows.map((x) => [x.kind, Number(x.n)]));
}

/** Batches between two comparisons of memory with a second core read from the store. */
const REBUILD_EVERY = 25;

/**
 * Reads a second core from the store beside the running one (its timers never fire): the two
 * must hold the same books, orders, positions, options and balances.
 */
async function rebuildViolations(world: World): Promise<string[]> {
  const shadow = await startProducts(world.store, silent, {
    ...simOptions(),
    clock: new SimClock(world.clock.now()),
  });
  return compare(fingerprint(world.products.core), fingerprint(shadow.core), 'rebuild');
}

function compare(before: Record<string, string>, after: Record<string, string>, what: string) {
  const out: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (before[key] !== after[key])
      out.push(
        `${what}: ${key}'s memory differs from the store's: ${diff(before[key], after[key])}`,
      );
  return out;
}

/** Stops the core and starts a new one from the store: its memory must equal the old one's. */
async function restart(world: World): Promise<string[]> {
  const old = world.products.core;
  await old.close();
  old.stopTimers();
  world.clock.clear();
  const before = fingerprint(old);
  world.products = await startProducts(world.store, silent, {
    ...simOptions(),
    clock: world.clock,
  });
  world.products.core.startTimers();
  const after = fingerprint(world.products.core);
  const out: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (before[key] !== after[key])
      out.push(
        `restart: ${key}'s memory differs from a rebuild from the store: ${diff(before[key], after[key])}`,
      );
  return out;
}

function diff(a = '', b = ''): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `before …${a.slice(Math.max(0, i - 80), i + 80)}… after …${b.slice(Math.max(0, i - 80), i + 80)}…`;
}
