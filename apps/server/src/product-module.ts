import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AuditShare } from './core/audit.js';
import type { Handler } from './core/handler.js';
import type { SystemAccount } from './core/ledger.js';
import type { Sequencer } from './core/sequencer.js';
import type { Command, Commands } from './core/commands.js';

/**
 * Limits and settings the server gives the products at start (read at each command, so an
 * operator's change applies to the next one). Tests leave out what they do not need.
 */
export interface ProductOptions {
  /** Spot: orders a second per user and open orders per market. */
  limits?: () => { ordersPerSecond: number; openOrdersPerMarket: number };
  /** Micro trade: orders a second per user and open orders per user. */
  microLimits?: () => { ordersPerSecond: number; openOrders: number };
  /** Spot: each pair's price band (basis points; default PRICE_BAND.default). */
  priceBand?: (marketId: number) => number;
  /** The lever mark price's sample clock (default: the core's clock): tests drive it. */
  leverClock?: () => number;
  /** Earning products: how long an earning day lasts (default: Bangkok days; EARN_DAY_MS). */
  earnDay?: { ms: number; offsetMs: number };
}

/** What a module's `create` is given: the core, the log, the options, earlier modules' handlers. */
export interface ProductEnv {
  core: Sequencer;
  log: FastifyBaseLogger;
  options: ProductOptions;
  /** The handler of a module listed before this one (spot, for the products that read its books). */
  handler<H extends Handler>(module: ProductModule<H>): H;
}

/**
 * A product, in one object: everything the server registers for it. A new product is a folder
 * under domains/ with its `module.ts` exporting one of these, its contract file, its messages and
 * its migration, and one line in products.ts (docs/architecture.md §4b).
 */
export interface ProductModule<H extends Handler = Handler> {
  /** The product's name: its key in `Products.handlers`, and the handler's name. */
  readonly name: string;
  /** Its system accounts (its counterparty, its insurance), one per currency when used. */
  readonly systemAccounts?: readonly SystemAccount[];
  /** What it holds locked in users' accounts, for the ledger audit (core/audit.ts). */
  readonly audit?: AuditShare;
  /**
   * Its handler of the core: commands, validation, reservation, result codes; its lifecycle
   * (`load`, `afterCommit`, `start`/`stop` of its timers, which run as its commands).
   */
  create(env: ProductEnv): H;
  /**
   * Its commands as plain data (kind, fields, amounts as decimal strings), each answered with
   * plain data or refused with a result code: what routes, the simulation and, later, the
   * network send.
   */
  readonly commands?: Commands<H>;
  /**
   * Its queries as plain data (`lever.deal`): what its routes read of its memory, answered with
   * plain data. Routes read a product only through these, its read model or the store, never
   * its handler, so a node without the core can ask them over the network.
   */
  readonly queries?: Commands<H>;
  /** Its calls, user and operator. */
  routes?(app: FastifyInstance): void;
  /** Its pushes (WebSocket topics fed from committed batches or timers). */
  pushes?(app: FastifyInstance): void;
  /** Its demo set-up (DEMO=1), run once after the server is built. */
  seedDemo?(app: FastifyInstance): Promise<unknown>;
  /** How the simulation of the core (test/sim) opens it and drives it with random commands. */
  readonly simulation?: ProductSimulation<H>;
}

/** A pair the simulation trades on. */
export interface SimMarket {
  id: number;
  base: number;
  quote: number;
  priceDecimals: number;
  qtyDecimals: number;
}

/** What the simulation gives a product's generator: its handler, a seeded generator, the world. */
export interface SimContext<H> {
  handler: H;
  rng: {
    next(): number;
    int(min: number, max: number): number;
    pick<T>(items: readonly T[]): T;
    chance(p: number): boolean;
  };
  /** The users who trade, and the two whose orders make the books. */
  traders: readonly number[];
  makers: readonly number[];
  markets: readonly SimMarket[];
  /** The quote currency of every simulated pair. */
  usdt: number;
  operator: number;
  /** A price near the pair's mid (which walks), within `spread` steps of it. */
  price(market: SimMarket, spread: number): string;
  /** An order size on the pair, `times` the usual. */
  qty(market: SimMarket, times?: number): string;
}

/** What a product's set-up in the simulation may do besides commanding its own handler. */
export interface SimSetup<H> extends SimContext<H> {
  /** Funds a system account (its house) from the outside world. */
  fundSystem(code: string, currencyId: number, amount: bigint): Promise<void>;
  /** Funds a user's account of a type. */
  credit(userId: number, currencyId: number, amount: string, type: number): Promise<void>;
}

/** A product's part of the simulation. */
export interface ProductSimulation<H> {
  /** Options the simulation starts the core with for this product (a shorter day, say). */
  options?: Partial<ProductOptions>;
  /** Opens it for the simulated users in the store every seed starts from. */
  setup?(s: SimSetup<H>): Promise<void>;
  /** Its commands: each a weight (its share of all commands drawn) and a generator. */
  commands: readonly { weight: number; next(ctx: SimContext<H>): Command }[];
}

/**
 * A module with its name, commands and queries kept as their own types (`Products.lever` is then
 * typed, and so are `send` and `ask` of each kind).
 */
export function defineProduct<
  const N extends string,
  H extends Handler,
  C extends Commands<H> = Record<never, never>,
  Q extends Commands<H> = Record<never, never>,
>(
  module: Omit<ProductModule<H>, 'commands' | 'queries'> & {
    readonly name: N;
    readonly commands?: C;
    readonly queries?: Q;
  },
): Omit<ProductModule<H>, 'commands' | 'queries'> & {
  readonly name: N;
  readonly commands: C;
  readonly queries: Q;
} {
  return {
    ...module,
    commands: module.commands ?? ({} as C),
    queries: module.queries ?? ({} as Q),
  };
}
