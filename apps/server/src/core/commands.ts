import type { z } from 'zod';
import type { Handler } from './handler.js';
import { reject } from './result.js';

/**
 * A command as plain data: `kind` is `<product>.<command>` ("spot.place"), the other fields are
 * the command's own, amounts as decimal strings. It survives JSON unchanged: the simulation
 * generates and replays them, and a network carries them as they are.
 */
export interface Command {
  kind: string;
  [field: string]: unknown;
}

/** One command of a product: its message's schema and how the handler applies it. */
export interface CommandSpec<H> {
  /** Parses the message (fields only, no `kind`) and applies it; answers plain data. */
  run(handler: H, message: unknown): Promise<unknown>;
}

/** A product's commands by name (the part of `kind` after the product's name). */
export type Commands<H> = Readonly<Record<string, CommandSpec<H>>>;

/** A command of `schema`'s message; `run` gets the message parsed (decimal strings checked). */
export function command<H, S extends z.ZodType>(
  schema: S,
  run: (handler: H, message: z.infer<S>) => Promise<unknown>,
): CommandSpec<H> {
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

/** Where each product's commands are: its commands and its handler, by product name. */
export interface CommandRoutes {
  get(product: string): { commands: Commands<Handler>; handler: Handler } | undefined;
}

/** Applies a command message to its product's handler; an unknown kind is refused. */
export async function dispatch(routes: CommandRoutes, message: Command): Promise<unknown> {
  const dot = message.kind.indexOf('.');
  const target = dot > 0 ? routes.get(message.kind.slice(0, dot)) : undefined;
  const spec = target?.commands[message.kind.slice(dot + 1)];
  if (!target || !spec) throw new Error(`unknown command ${message.kind}`);
  return spec.run(target.handler, message);
}
