import { z } from 'zod';
import type { Db } from '../db/client.js';
import type { Handler } from './handler.js';
import { Rejected, reject } from './result.js';

/**
 * A command as plain data: `kind` is `<product>.<command>` ("spot.place"), the other fields are
 * the command's own, amounts as decimal strings. It survives JSON unchanged: the simulation
 * generates and replays them, and a network carries them as they are.
 *
 * A query is the same shape (`lever.deal`) and reads: it changes nothing, so it is not sequenced;
 * it answers from the handler's memory as last committed, or from the store.
 */
export interface Command {
  kind: string;
  [field: string]: unknown;
}

/**
 * An amount in a message: ledger units as a decimal string (what `wireAmount` writes, what
 * `units` reads). Handlers refuse amounts their rules do not allow with their own codes.
 */
export const messageAmount = z.string().regex(/^\d{1,30}(\.\d{1,18})?$/);
/** An amount that may be negative (an adjustment takes away). */
export const messageSignedAmount = z.string().regex(/^-?\d{1,30}(\.\d{1,18})?$/);

/**
 * One command or query of a product: how its handler applies it. `message` and `result` are the
 * types of what it is sent and what it answers (for typed senders only; never set).
 */
export interface CommandSpec<H, I = unknown, O = unknown> {
  /** Parses the message (fields only, no `kind`) and applies it; answers plain data. */
  run(handler: H, message: unknown, db: Db): Promise<O>;
  readonly message?: I;
  readonly result?: O;
}

/** A product's commands (or queries) by name (the part of `kind` after the product's name). */
// `any`: each spec has its own message and result; a table holds them side by side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Commands<H> = Readonly<Record<string, CommandSpec<H, any, any>>>;

/** What a command or query of a table is sent (its fields) and what it answers. */
export type MessageOf<S> = S extends CommandSpec<never, infer I, unknown> ? I : never;
export type ResultOf<S> = S extends CommandSpec<never, unknown, infer O> ? O : never;

/** A command of `schema`'s message; `run` gets the message parsed (decimal strings checked). */
export function command<H, S extends z.ZodType, O>(
  schema: S,
  run: (handler: H, message: z.infer<S>) => Promise<O>,
): CommandSpec<H, z.input<S>, O> {
  return {
    // Async, so that a refusal is a rejected promise; the handler still applies the command at
    // once (synchronously up to its first await), so commands sent in a row apply in that order.
    run: async (handler, message) => {
      const parsed = schema.safeParse(message);
      if (!parsed.success) return reject('INVALID_COMMAND', { field: 'command' });
      return run(handler, parsed.data);
    },
  };
}

/**
 * A query of `schema`'s message: `run` reads the handler's memory (as last committed) and, when
 * it needs rows the memory does not hold, the store. It must not change either.
 */
export function query<H, S extends z.ZodType, O>(
  schema: S,
  run: (handler: H, message: z.infer<S>, db: Db) => O | Promise<O>,
): CommandSpec<H, z.input<S>, O> {
  return {
    run: async (handler, message, db) => {
      const parsed = schema.safeParse(message);
      if (!parsed.success) return reject('INVALID_COMMAND', { field: 'query' });
      return run(handler, parsed.data, db);
    },
  };
}

/** Where each product's commands (or queries) are: the table and the handler, by product name. */
export interface CommandRoutes {
  get(product: string): { commands: Commands<Handler>; handler: Handler } | undefined;
}

/** Applies a command message to its product's handler; an unknown kind is refused. */
export async function dispatch(routes: CommandRoutes, message: Command, db?: Db): Promise<unknown> {
  const dot = message.kind.indexOf('.');
  const target = dot > 0 ? routes.get(message.kind.slice(0, dot)) : undefined;
  const spec = target?.commands[message.kind.slice(dot + 1)];
  if (!target || !spec) throw new Error(`unknown command ${message.kind}`);
  return spec.run(target.handler, message, db as Db);
}

/**
 * A copy of `value` as a network would deliver it, or an error naming what would not survive:
 * only strings, finite numbers, booleans, null, arrays and plain objects do (an amount is a
 * decimal string, a time a number of milliseconds). The in-process transport sends every
 * message, result and refusal through this, so what works here works across the network.
 */
export function wire<T>(value: T, path = 'value'): T {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is not a finite number`);
    return value;
  }
  if (Array.isArray(value)) return value.map((v, i) => wire(v, `${path}[${i}]`) as unknown) as T;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // An absent field and an undefined one arrive the same: absent.
      if (v !== undefined) out[k] = wire(v, `${path}.${k}`);
    }
    return out as T;
  }
  const what = value instanceof Date ? 'a Date' : typeof value;
  throw new TypeError(`${path} is ${what}, which a network does not carry`);
}

/**
 * Sends a message to `routes` as a network would carry it: the message, the answer and a
 * refusal's values are copied through `wire` (a refusal arrives as a new `Rejected` with the same
 * code). An unknown kind or a message that is not plain data throws.
 */
export async function deliver(routes: CommandRoutes, message: Command, db?: Db): Promise<unknown> {
  const sent = wire(message, message.kind);
  let answer: unknown;
  try {
    answer = await dispatch(routes, sent, db);
  } catch (err) {
    if (err instanceof Rejected) throw new Rejected(err.code, wire(err.params, 'params'));
    throw err;
  }
  return answer === undefined ? undefined : wire(answer, `${message.kind} result`);
}
