import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { throttles } from '../../db/schema.js';

export interface ThrottleState {
  count: number;
  /** Epoch ms when the window, and any lock-out it carries, ends. */
  windowEnd: number;
}

const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

/**
 * Ended windows are deleted now and then: keys are addresses and account texts an attacker can
 * vary at will, so the table must not keep every one it has seen.
 */
async function sweep(db: Db, now: number) {
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  await db.delete(throttles).where(lt(throttles.windowEnd, new Date(now)));
}

/**
 * Counts one attempt under `key` in one statement: a window that has ended starts again at 1, so
 * parallel hits (and other processes on the same database) each see their own count.
 */
export async function hitThrottle(
  db: Db,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<ThrottleState> {
  const at = new Date(now);
  const end = new Date(now + windowMs);
  const ended = sql`${throttles.windowEnd} <= ${at}`;
  const [row] = await db
    .insert(throttles)
    .values({ key, count: 1, windowStart: at, windowEnd: end })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        count: sql`case when ${ended} then 1 else ${throttles.count} + 1 end`,
        windowStart: sql`case when ${ended} then ${at} else ${throttles.windowStart} end`,
        windowEnd: sql`case when ${ended} then ${end} else ${throttles.windowEnd} end`,
      },
    })
    .returning({ count: throttles.count, windowEnd: throttles.windowEnd });
  await sweep(db, now);
  if (!row) throw new Error(`throttle ${key} was not written`);
  return { count: row.count, windowEnd: row.windowEnd.getTime() };
}

/** The live window of `key`, or null when there is none (never counted, or ended). */
export async function readThrottle(
  db: Db,
  key: string,
  now = Date.now(),
): Promise<ThrottleState | null> {
  const [row] = await db
    .select({ count: throttles.count, windowEnd: throttles.windowEnd })
    .from(throttles)
    .where(and(eq(throttles.key, key), gt(throttles.windowEnd, new Date(now))));
  return row ? { count: row.count, windowEnd: row.windowEnd.getTime() } : null;
}

/** Whole seconds until `windowEnd`, at least 1 (a retry-after of 0 would invite a retry now). */
export function secondsUntil(windowEnd: number, now = Date.now()): number {
  return Math.max(1, Math.ceil((windowEnd - now) / 1000));
}
