import type { Committed } from '../core/types.js';

/**
 * The event bus between the core, the API nodes and the WebSocket fan-out (ARCHITECTURE §2).
 * In one process it is in memory; a NATS implementation keeps the same interface.
 */
export interface Bus {
  publish(subject: string, payload: unknown): void;
  subscribe(subject: string, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  return {
    publish(subject, payload) {
      for (const handler of handlers.get(subject) ?? []) handler(payload);
    },
    subscribe(subject, handler) {
      let set = handlers.get(subject);
      if (!set) {
        set = new Set();
        handlers.set(subject, set);
      }
      set.add(handler);
      return () => set.delete(handler);
    },
    close() {
      handlers.clear();
      return Promise.resolve();
    },
  };
}

/** Subjects the WebSocket hub listens to. */
export const PUSH_PUBLIC = 'push.public';
export const PUSH_USER = 'push.user';

export interface PublicPush {
  topic: string;
  data: unknown;
}

export interface UserPush {
  userId: number;
  topic: string;
  data: unknown;
}

/**
 * A session ended before its time (logout, password reset): every node drops it from its session
 * cache and closes the WebSockets logged in with it.
 */
export const SESSION_REVOKED = 'session.revoked';

export type SessionRevoked =
  /** One session (a logout). */
  | { kind: 'session'; sessionId: number }
  /** Every session of a user (a password reset or change). */
  | { kind: 'user'; userId: number };

/**
 * Every committed batch of the core, in commit order (`Committed`: balances and each product's
 * changes, books included): the read model's feed. Market data, pushes and the demo market maker
 * follow the core through it, never through the core's own objects.
 */
export const CORE_COMMITTED = 'core.committed';

export function publishCommitted(bus: Bus, committed: Committed) {
  bus.publish(CORE_COMMITTED, committed);
}

/** Follows the core's commits; the payload on this subject is always a `Committed`. */
export function onCommitted(bus: Bus, listener: (committed: Committed) => void): () => void {
  return bus.subscribe(CORE_COMMITTED, (payload) => listener(payload as Committed));
}
