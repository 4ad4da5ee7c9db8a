import type { FastifyBaseLogger } from 'fastify';
import { publishCommitted, type Bus } from './bus/bus.js';
import { Sequencer } from './core/sequencer.js';
import type { Store } from './db/client.js';
import { ConvertHandler } from './domains/convert/handler.js';
import { LeverHandler } from './domains/lever/handler.js';
import { MicroHandler, type MicroLimits } from './domains/micro/handler.js';
import { type PriceBandBps, SpotHandler, type SpotLimits } from './domains/spot/handler.js';
import { MarketView } from './domains/spot/read-model.js';
import { WalletHandler } from './domains/wallet/handler.js';

/** The sequencer with every product's handler, and the read model that follows it. */
export interface Products {
  core: Sequencer;
  spot: SpotHandler;
  wallet: WalletHandler;
  convert: ConvertHandler;
  lever: LeverHandler;
  micro: MicroHandler;
  /** Markets and books as last committed. */
  markets: MarketView;
}

/**
 * Registers one handler per product with the sequencer, reads their memory from the store and
 * connects the read model: committed batches go to the bus (when one is given) after the read
 * model has taken them. A new product is one more handler registered here.
 */
export async function startProducts(
  store: Pick<Store, 'db' | 'prepared'>,
  log: FastifyBaseLogger,
  options: {
    limits?: () => SpotLimits;
    microLimits?: () => MicroLimits;
    /** Each spot pair's price band (default: PRICE_BAND.default). */
    priceBand?: PriceBandBps;
    bus?: Bus;
    /** The lever mark price's clock (default Date.now): tests drive it. */
    leverClock?: () => number;
  } = {},
): Promise<Products> {
  const core = new Sequencer(store, log);
  const spot = core.register(new SpotHandler(core, options.limits, options.priceBand));
  const wallet = core.register(new WalletHandler(core));
  const convert = core.register(new ConvertHandler(core, spot));
  const lever = core.register(
    new LeverHandler(
      core,
      spot,
      (err) => log.error({ err }, 'lever risk tick failed'),
      options.leverClock,
    ),
  );
  const micro = core.register(
    new MicroHandler(core, spot, options.microLimits, (err) =>
      log.error({ err }, 'micro settlement pass failed'),
    ),
  );
  await core.start();
  const markets = new MarketView(spot);
  const { bus } = options;
  core.onCommit((committed) => {
    markets.apply(committed);
    lever.afterCommit(committed);
    micro.afterCommit(committed);
    if (bus) publishCommitted(bus, committed);
  });
  return { core, spot, wallet, convert, lever, micro, markets };
}
