import type { Bus } from './bus/bus.js';
import type { Config } from './config.js';
import type { Db, Store } from './db/client.js';
import type { MarketMaker } from './demo/market-maker.js';
import type { MarketData } from './domains/market/index.js';
import type { Notifier } from './notify/notifier.js';
import type { Products } from './products.js';
import type { OperatorSettings } from './domains/settings/index.js';
import type { SessionCache, SessionUser } from './domains/user/index.js';

/**
 * What every route and service reaches through `app.ctx`. As `Products` (products.ts): the core's
 * sequencer (`core`), each product's handler under its module's name (`spot`, `wallet`, `convert`,
 * `lever`, `micro`: one per module of `PRODUCT_MODULES`), the read model of markets and books as
 * last committed (`markets`), the modules themselves (`modules`, whose routes, pushes and demo
 * set-up the app registers) and `send` (applies a command message to its product's handler).
 * Beside them, the server's own services below.
 */
export interface AppContext extends Products {
  config: Config;
  store: Store;
  db: Db;
  bus: Bus;
  notifier: Notifier;
  /** Public market data: tickers, recent trades, candles, depth. */
  market: MarketData;
  /** The demo market maker, when one was started; stopped before the app closes. */
  marketMaker: MarketMaker | null;
  sessions: SessionCache;
  /** Limits the operator tunes at run time (order rate, open orders per market). */
  operatorSettings: OperatorSettings;
  startedAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    session: SessionUser | null;
  }
}
