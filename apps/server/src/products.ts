import type { FastifyBaseLogger } from 'fastify';
import { publishCommitted, type Bus } from './bus/bus.js';
import { type AuditShare, runAudit } from './core/audit.js';
import type { Clock } from './core/clock.js';
import {
  type Command,
  type CommandRoutes,
  type Commands,
  deliver,
  type MessageOf,
  type ResultOf,
} from './core/commands.js';
import type { Handler } from './core/handler.js';
import { Sequencer } from './core/sequencer.js';
import type { Db, Store } from './db/client.js';
import { convertModule } from './domains/convert/index.js';
import { earnModule } from './domains/earn/index.js';
import { leverModule } from './domains/lever/index.js';
import { microModule } from './domains/micro/index.js';
import { MarketView, spotModule } from './domains/spot/index.js';
import { walletModule } from './domains/wallet/index.js';
import type { ProductEnv, ProductModule, ProductOptions } from './product-module.js';

/**
 * Every product of the exchange, in the order they are built (a module may use the handlers of
 * those before it). A new product is one more line here.
 */
export const PRODUCT_MODULES = [
  spotModule,
  walletModule,
  convertModule,
  leverModule,
  microModule,
  earnModule,
] as const;

type Modules = typeof PRODUCT_MODULES;
type HandlerOf<M> = M extends ProductModule<infer H> ? H : never;
/** Each product's handler under its module's name (`spot`, `lever`, …). */
export type ProductHandlers = { [M in Modules[number] as M['name']]: HandlerOf<M> };

type Union2Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;
type TableOf<M, Part extends 'commands' | 'queries'> = M extends {
  readonly name: infer N extends string;
}
  ? M extends Record<Part, infer C>
    ? { [K in keyof C & string as `${N}.${K}`]: C[K] }
    : never
  : never;
/** Every product's commands by kind (`spot.place`, `lever.open`, …). */
export type CommandTable = Union2Intersection<TableOf<Modules[number], 'commands'>>;
/** Every product's queries by kind (`lever.deal`, …). */
export type QueryTable = Union2Intersection<TableOf<Modules[number], 'queries'>>;
/** A message of a kind of `T`: its `kind` and its fields. */
export type Message<T, K extends keyof T> = { kind: K } & MessageOf<T[K]>;

/** The sequencer with every product's handler, and the read model that follows it. */
export type Products = ProductHandlers & {
  core: Sequencer;
  /** Markets and books as last committed. */
  markets: MarketView;
  /** The modules, for whoever registers their routes, pushes and demo data. */
  modules: readonly ProductModule[];
  /**
   * Applies a command message (`{ kind: 'spot.place', … }`) to its product's handler and answers
   * its result once committed, or rejects with its result code. The message, the result and a
   * refusal travel as plain data (core/commands.ts `deliver`), as they will between nodes.
   */
  send<K extends keyof CommandTable>(
    command: Message<CommandTable, K>,
  ): Promise<ResultOf<CommandTable[K]>>;
  /** Any command message, untyped (the simulation generates them). */
  sendAny(command: Command): Promise<unknown>;
  /** Answers a query message (`{ kind: 'lever.deal', … }`) as plain data, as `send` does. */
  ask<K extends keyof QueryTable>(query: Message<QueryTable, K>): Promise<ResultOf<QueryTable[K]>>;
  /** The handler a module made. */
  handlerOf<H extends Handler>(module: ProductModule<H>): H;
};

/** The ledger audit with every product's share (core/audit.ts). */
export function auditLedger(db: Db) {
  const shares: AuditShare[] = [];
  for (const m of PRODUCT_MODULES as readonly ProductModule[]) if (m.audit) shares.push(m.audit);
  return runAudit(db, shares);
}

/**
 * Makes each module's handler and registers it and its system accounts with the sequencer, reads
 * their memory from the store and connects the read model: committed batches go to the handlers
 * (the sequencer calls their `afterCommit`), the read model, then the bus (when one is given).
 */
export async function startProducts(
  store: Pick<Store, 'db' | 'prepared'>,
  log: FastifyBaseLogger,
  options: ProductOptions & {
    bus?: Bus;
    /** The core's clock (default: the system clock); the simulation moves its own. */
    clock?: Clock;
  } = {},
): Promise<Products> {
  const core = new Sequencer(store, log, options.clock);
  const made = new Map<ProductModule, Handler>();
  const env: ProductEnv = {
    core,
    log,
    options,
    handler<H extends Handler>(module: ProductModule<H>): H {
      const h = made.get(module);
      if (!h) throw new Error(`product ${module.name} is listed after the one that uses it`);
      // Stored under its own module: the handler that module's `create` made.
      return h as H;
    },
  };
  const routes = new Map<string, { commands: Commands<Handler>; handler: Handler }>();
  const queries = new Map<string, { commands: Commands<Handler>; handler: Handler }>();
  const handlers: Record<string, Handler> = {};
  for (const module of PRODUCT_MODULES as readonly ProductModule[]) {
    if (module.systemAccounts) core.registerSystemAccounts(module.systemAccounts);
    const handler = core.register(module.create(env));
    made.set(module, handler);
    handlers[module.name] = handler;
    if (module.commands) routes.set(module.name, { commands: module.commands, handler });
    if (module.queries) queries.set(module.name, { commands: module.queries, handler });
  }
  await core.start();
  // Built from PRODUCT_MODULES above: each name holds the handler its module made.
  const named = handlers as unknown as ProductHandlers;
  const markets = new MarketView(named.spot);
  const { bus } = options;
  core.onCommit((committed) => {
    markets.apply(committed);
    if (bus) publishCommitted(bus, committed);
  });
  const commandRoutes: CommandRoutes = routes;
  const queryRoutes: CommandRoutes = queries;
  // Typed by kind above; the table is built from the same modules.
  const sendAny = (message: Command) => deliver(commandRoutes, message);
  return {
    ...named,
    core,
    markets,
    modules: PRODUCT_MODULES,
    send: sendAny as Products['send'],
    sendAny,
    ask: ((message: Command) => deliver(queryRoutes, message, store.db)) as Products['ask'],
    handlerOf: (module) => env.handler(module),
  };
}
