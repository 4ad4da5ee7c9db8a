/**
 * The simulation's commands: each registered product's generator (its module's `simulation`)
 * draws plain messages from what the core holds now, weighted by the product's own weights.
 */
import type { Command } from '../../src/core/commands.js';
import type { Handler } from '../../src/core/handler.js';
import { fromUnits } from '@exchange/engine';
import type { ProductModule, SimContext, SimMarket } from '../../src/product-module.js';
import type { Products } from '../../src/products.js';
import type { Random } from './random.js';
import { MAKERS, TRADERS, type WorldMarket } from './world.js';

interface Entry {
  module: ProductModule;
  weight: number;
  next(ctx: SimContext<Handler>): Command;
}

/** Prices and sizes around each pair's mid, which walks a step now and then. */
export class Quotes {
  private readonly mids = new Map<number, number>();

  constructor(
    private readonly rng: Random,
    private readonly markets: readonly WorldMarket[],
  ) {
    for (const m of markets) this.mids.set(m.id, m.mid);
  }

  private of(market: SimMarket): WorldMarket {
    const m = this.markets.find((x) => x.id === market.id);
    if (!m) throw new Error(`pair ${market.id} is not simulated`);
    return m;
  }

  price(market: SimMarket, spread: number): string {
    const m = this.of(market);
    let mid = this.mids.get(m.id) ?? m.mid;
    if (this.rng.chance(0.1)) mid += this.rng.int(-1, 1) * m.step;
    this.mids.set(m.id, mid);
    const ticks = mid + this.rng.int(-spread, spread) * m.step;
    return fromUnits(BigInt(Math.max(ticks, m.step)), m.priceDecimals);
  }

  qty(market: SimMarket, times = 1): string {
    const m = this.of(market);
    return fromUnits(BigInt(this.rng.int(m.lots[0], m.lots[1]) * times), m.qtyDecimals);
  }
}

/** The context a product's generator or set-up gets for `module`. */
export function contextOf(
  p: Products,
  module: ProductModule,
  rng: Random,
  quotes: Quotes,
  world: { markets: readonly WorldMarket[]; usdt: number; operator: number },
): SimContext<Handler> {
  return {
    handler: p.handlerOf(module),
    rng,
    traders: TRADERS,
    makers: MAKERS,
    markets: world.markets,
    usdt: world.usdt,
    operator: world.operator,
    price: (m, spread) => quotes.price(m, spread),
    qty: (m, times) => quotes.qty(m, times),
  };
}

export class Generator {
  private readonly entries: Entry[] = [];
  private readonly total: number;
  private readonly quotes: Quotes;

  constructor(
    private readonly rng: Random,
    private readonly world: { markets: readonly WorldMarket[]; usdt: number; operator: number },
    modules: readonly ProductModule[],
  ) {
    this.quotes = new Quotes(rng, world.markets);
    for (const module of modules)
      for (const c of module.simulation?.commands ?? [])
        this.entries.push({ module, weight: c.weight, next: (ctx) => c.next(ctx) });
    this.total = this.entries.reduce((n, e) => n + e.weight, 0);
  }

  next(p: Products): Command {
    let r = this.rng.next() * this.total;
    for (const e of this.entries) {
      r -= e.weight;
      if (r < 0) return e.next(contextOf(p, e.module, this.rng, this.quotes, this.world));
    }
    const last = this.entries.at(-1);
    if (!last) throw new Error('no product gives the simulation a command');
    return last.next(contextOf(p, last.module, this.rng, this.quotes, this.world));
  }
}
