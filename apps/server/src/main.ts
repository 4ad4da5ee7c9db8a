import pino from 'pino';
import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { openStore } from './db/client.js';
import { backfillDemoCandles } from './demo/backfill.js';
import { startMarketMaker } from './demo/market-maker.js';
import { fundDemoTrader } from './demo/trader.js';
import { claimDataDir } from './db/pid-lock.js';
import { outboxBanner, productionDeliveryProblem } from './notify/delivery.js';
import { seed, type SeedReport } from './seed/seed.js';

function printWelcome(report: SeedReport, url: string, store: string, config: Config) {
  const lines = [
    '',
    `  Exchange is running at ${url}  (store: ${store})`,
    `  API reference: ${url}/api/docs`,
    ...outboxBanner(config, url),
  ];
  if (report.firstStart) {
    lines.push('', '  First start: schema and reference data created.');
    if (report.admin.password) {
      lines.push(`  Operator:    ${report.admin.email} / ${report.admin.password}`);
    }
    if (report.demoTrader) {
      lines.push(`  Demo trader: ${report.demoTrader.email} / ${report.demoTrader.password}`);
    }
  }
  console.log(lines.join('\n') + '\n');
}

async function main() {
  const config = loadConfig();
  const deliveryProblem = productionDeliveryProblem(config);
  if (deliveryProblem) throw new Error(deliveryProblem);
  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  });
  const release = config.databaseUrl
    ? () => undefined
    : claimDataDir(config.dataDir, (line) => logger.warn(line));
  const store = await openStore({
    ...config,
    // Without its database the server can neither answer nor commit: exit, and a restart reopens it.
    onLost: (err) => {
      logger.fatal({ err }, 'the database thread stopped');
      setTimeout(() => process.exit(70), 100);
    },
  });
  const report = await seed(store.db, config);
  // Demo charts have a past, marked is_demo; the 24 h tickers count its last day too.
  if (config.demo) await backfillDemoCandles(store.db);
  const app = await buildApp({
    config,
    store,
    logger,
  });
  // The demo trader's money in every account type, once.
  if (config.demo) await fundDemoTrader(app);
  // Each product's demo set-up, once (leverage and micro trade open on the main pairs, with
  // funded houses).
  if (config.demo) for (const product of app.ctx.modules) await product.seedDemo?.(app);
  if (config.demo && config.marketMaker) await startMarketMaker(app);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => store.close())
      .then(release)
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  printWelcome(report, `http://${shownHost}:${config.port}`, store.kind, config);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
