import { MICRO_OPEN_LIMIT } from '@exchange/contract';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createMemoryBus, type Bus } from './bus/bus.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Store } from './db/client.js';
import { adminRoutes, adminSettingsRoutes, reviewRoutes } from './domains/admin/index.js';
import { assetsRoutes } from './domains/assets/index.js';
import { MarketData, marketRoutes, registerMarketPushes } from './domains/market/index.js';
import { newsRoutes } from './domains/news/index.js';
import { notifyRoutes } from './domains/notify/index.js';
import { OperatorSettings, settingsRoutes } from './domains/settings/index.js';
import { throttleStore } from './domains/security/index.js';
import { systemRoutes } from './domains/system/index.js';
import { uploadRoutes } from './domains/uploads/index.js';
import { freezeRoutes, SessionCache } from './domains/user/index.js';
// The sign-in routes, the one import past a domain's index (see domains/user/index.ts).
import { userRoutes } from './domains/user/routes.js';
import { AppError } from './http/errors.js';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './http/error-handler.js';
import { registerJsonBody } from './http/json-body.js';
import { createNotifier, type Notifier } from './notify/notifier.js';
import { startProducts } from './products.js';
import { personalAdminRoutes, personalRoutes } from './domains/personal/index.js';
import { vndRoutes } from './domains/vnd/index.js';
import { registerDocs } from './plugins/docs.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWeb } from './plugins/web.js';
import { registerWs, wsErrorHandler } from './ws/hub.js';

export interface AppDeps {
  config: Config;
  store: Store;
  logger: Logger | false;
  bus?: Bus;
  notifier?: Notifier;
  /** The lever mark price's sample clock (default: the core's): tests drive it. */
  leverClock?: () => number;
}

const BODY_LIMIT = 256 * 1024;

/** External plugins, then app plugins, then routes (fastify/demo's order). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger | undefined = deps.logger || undefined;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: false }),
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    // Answers Fastify and Node would otherwise build themselves: the envelope here too.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  });

  const bus = deps.bus ?? createMemoryBus();
  const operatorSettings = await OperatorSettings.load(deps.store.db);
  const factor = deps.config.rateLimitFactor;
  const products = await startProducts(deps.store, app.log, {
    bus,
    limits: () => ({
      ordersPerSecond: operatorSettings.get('order_rate_per_second') * factor,
      openOrdersPerMarket: operatorSettings.get('open_orders_per_market') * factor,
    }),
    microLimits: () => ({
      ordersPerSecond: operatorSettings.get('order_rate_per_second') * factor,
      openOrders: MICRO_OPEN_LIMIT * factor,
    }),
    // Read at each placement: an operator's change applies to the next order.
    priceBand: (marketId) => operatorSettings.priceBandBps(marketId),
    leverClock: deps.leverClock,
    ...(deps.config.earnDay ? { earnDay: deps.config.earnDay } : {}),
  });
  const { core } = products;
  const market = await MarketData.start(products.markets, bus, deps.store.db, app.log);
  const ctx: AppContext = {
    config: deps.config,
    store: deps.store,
    db: deps.store.db,
    bus,
    notifier:
      deps.notifier ??
      createNotifier({
        db: deps.store.db,
        log: app.log,
        smtpUrl: deps.config.smtpUrl,
        smtpFrom: deps.config.smtpFrom,
        smsWebhookUrl: deps.config.smsWebhookUrl,
        production: deps.config.production,
      }),
    ...products,
    sessions: new SessionCache(deps.store.db, deps.config.sessionCacheMs, bus),
    operatorSettings,
    market,
    marketMaker: null,
    startedAt: Date.now(),
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('session', null);

  // Schemas on routes feed the OpenAPI document; validation is the contract's zod schemas.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // JSON only: any other body type is refused with 415.
  app.removeContentTypeParser('text/plain');
  registerJsonBody(app);

  installErrorHandling(app);

  registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    // In the store, so a restart does not reset the buckets (only routes with a bucket use it).
    store: throttleStore(deps.store.db),
    errorResponseBuilder: (_request, context) =>
      new AppError('common.too_many_requests', {
        retry_after_s: Math.ceil(context.ttl / 1000),
      }),
  });
  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    errorHandler: wsErrorHandler,
  });
  await registerDocs(app);

  systemRoutes(app);
  newsRoutes(app);
  settingsRoutes(app);
  notifyRoutes(app);
  userRoutes(app);
  freezeRoutes(app);
  marketRoutes(app);
  assetsRoutes(app);
  // Each product's calls and pushes (products.ts lists them).
  for (const product of products.modules) product.routes?.(app);
  personalRoutes(app);
  vndRoutes(app);
  personalAdminRoutes(app);
  adminRoutes(app);
  reviewRoutes(app);
  await app.register(uploadRoutes);
  adminSettingsRoutes(app);
  for (const product of products.modules) product.pushes?.(app);
  registerMarketPushes(app, market);
  registerWs(app);
  // The market maker places no more orders once the app starts closing.
  app.addHook('preClose', async () => {
    await ctx.marketMaker?.stop();
    core.stopTimers();
  });
  // The products' timers (risk ticks, settlement passes, fees) run once the core serves.
  app.addHook('onReady', async () => {
    await core.recovered();
    core.startTimers();
  });
  // Everything acknowledged is committed already; this writes what is still in flight, then the
  // candles those last commits changed.
  app.addHook('onClose', async () => {
    await core.close();
    await market.close();
  });
  await registerWeb(app);

  return app;
}
