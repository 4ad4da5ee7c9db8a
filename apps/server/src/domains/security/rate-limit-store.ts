import { CALLS } from '@exchange/contract';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../../db/client.js';
import { hitThrottle, readThrottle } from './throttles.js';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** The sensitive calls: those with a bucket of config.rateLimits (sign-in, register, codes, reset). */
const STORED_ROUTES = new Set(
  Object.values(CALLS)
    .filter((call) => call.rateLimit)
    .map((call) => `${call.method} /api/${call.path}`),
);

/** `POST /api/user/login`: the route a child store counts for (its rows' key prefix). */
function routeOf(options: object): string {
  const info: unknown = 'routeInfo' in options ? options.routeInfo : undefined;
  if (typeof info !== 'object' || info === null) return '';
  const method = 'method' in info && typeof info.method === 'string' ? info.method : '';
  const url = 'url' in info && typeof info.url === 'string' ? info.url : '';
  return `${method} ${url}`;
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/** Counts in the `throttles` table: a restart does not hand every address a fresh allowance. */
class StoredBuckets implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number) {
    const now = Date.now();
    hitThrottle(this.db, `${this.prefix}|${key}`, timeWindow, now).then(
      (s) => callback(null, { current: s.count, ttl: Math.max(0, s.windowEnd - now) }),
      (err: unknown) => callback(asError(err)),
    );
  }

  /** The plugin's `{ increment: false }` peek: the same numbers without counting. */
  read(key: string, callback: Callback) {
    const now = Date.now();
    readThrottle(this.db, `${this.prefix}|${key}`, now).then(
      (s) =>
        callback(null, s ? { current: s.count, ttl: s.windowEnd - now } : { current: 0, ttl: 0 }),
      (err: unknown) => callback(asError(err)),
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

/** Counts in memory, for any other route given a limit of its own: no write per request. */
class MemoryBuckets implements FastifyRateLimitStore {
  private readonly buckets = new Map<string, { count: number; end: number }>();

  incr(key: string, callback: Callback, timeWindow: number) {
    const now = Date.now();
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.end <= now) {
      // Ended windows go when a new one starts, so addresses seen once are not kept for good.
      for (const [k, b] of this.buckets) if (b.end <= now) this.buckets.delete(k);
      bucket = { count: 0, end: now + timeWindow };
      this.buckets.set(key, bucket);
    }
    bucket.count += 1;
    callback(null, { current: bucket.count, ttl: bucket.end - now });
  }

  read(key: string, callback: Callback) {
    const now = Date.now();
    const bucket = this.buckets.get(key);
    const live = bucket && bucket.end > now ? bucket : null;
    callback(null, live ? { current: live.count, ttl: live.end - now } : { current: 0, ttl: 0 });
  }

  child(): FastifyRateLimitStore {
    return new MemoryBuckets();
  }
}

/**
 * The plugin passes `child` the route's merged options with `routeInfo`, which its own types
 * (RouteOptions) do not declare.
 */
export interface ThrottleStoreCtor {
  new (): FastifyRateLimitStore & { child(routeOptions: object): FastifyRateLimitStore };
}

/**
 * The @fastify/rate-limit store. The plugin is registered with `global: false`, so only routes
 * with a limit of their own get a child store: the sensitive calls count in the `throttles`
 * table, so a restart does not hand every address a fresh allowance; any other route in memory.
 * The high-volume calls have no limit here and never reach either.
 */
export function throttleStore(db: Db): ThrottleStoreCtor {
  return class ThrottleStore implements FastifyRateLimitStore {
    private readonly memory = new MemoryBuckets();

    incr(key: string, callback: Callback, timeWindow: number) {
      this.memory.incr(key, callback, timeWindow);
    }

    read(key: string, callback: Callback) {
      this.memory.read(key, callback);
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const route = routeOf(routeOptions);
      // Each route counts on its own, as with the plugin's memory store.
      return STORED_ROUTES.has(route)
        ? new StoredBuckets(db, `rate|${route}`)
        : new MemoryBuckets();
    }
  };
}
