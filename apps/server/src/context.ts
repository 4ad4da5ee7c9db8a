import type { Bus } from './bus/bus.js';
import type { Config } from './config.js';
import type { Db, Store } from './db/client.js';
import type { MarketMaker } from './demo/market-maker.js';
import type { MarketData } from './domains/market/market-data.js';
import type { Notifier } from './notify/notifier.js';
import type { Products } from './products.js';
import type { OperatorSettings } from './domains/settings/operator-settings.js';
import type { SessionCache } from './domains/user/session-cache.js';
import type { SessionUser } from './domains/user/sessions.js';

/**
 * What every route and service reaches through `app.ctx`: the core's sequencer (`core`), one
 * handler per product (`spot`, `wallet`, `convert`, `lever`) and the spot read model (`markets`).
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
