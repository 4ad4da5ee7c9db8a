/**
 * The simulation's commands: plain messages of every product, drawn by a seeded generator from
 * what the core holds now (whose orders are open, whose positions), so that cancels and closes
 * mostly name something real and sometimes do not.
 */
import { ACCOUNT_TYPE, LEVER_STATUS } from '@exchange/contract';
import { fromUnits } from '@exchange/engine';
import type { Command } from '../../src/core/commands.js';
import type { Products } from '../../src/products.js';
import type { Random } from './random.js';
import { MAKERS, type SimMarket, TRADERS } from './world.js';

const ACCOUNTS = [ACCOUNT_TYPE.trade, ACCOUNT_TYPE.lever, ACCOUNT_TYPE.micro];

export class Generator {
  /** Each pair's mid in ticks: a random walk the traders quote around. */
  private readonly mids: number[];

  constructor(
    private readonly rng: Random,
    private readonly markets: readonly SimMarket[],
    private readonly usdt: number,
    private readonly operator: number,
  ) {
    this.mids = markets.map((m) => m.mid);
  }

  next(p: Products): Command {
    const r = this.rng.next();
    if (r < 0.3) return this.limit(this.rng.pick(TRADERS));
    if (r < 0.42) return this.limit(this.rng.pick(MAKERS), 2);
    if (r < 0.47) return this.marketOrder();
    if (r < 0.6) return this.cancel(p);
    if (r < 0.66) return this.transfer();
    if (r < 0.69) return this.adjust();
    if (r < 0.79) return this.leverOpen();
    if (r < 0.87) return this.leverAct(p);
    return this.microOrder();
  }

  private market(): { m: SimMarket; i: number } {
    const i = this.rng.int(0, this.markets.length - 1);
    return { m: this.markets[i] as SimMarket, i };
  }

  private price(m: SimMarket, i: number, spread: number): string {
    // The mid walks a step now and then; quotes land within `spread` steps of it.
    if (this.rng.chance(0.1)) this.mids[i] = (this.mids[i] ?? m.mid) + this.rng.int(-1, 1) * m.step;
    const ticks = (this.mids[i] ?? m.mid) + this.rng.int(-spread, spread) * m.step;
    return fromUnits(BigInt(Math.max(ticks, m.step)), m.priceDecimals);
  }

  private qty(m: SimMarket, times = 1): string {
    return fromUnits(BigInt(this.rng.int(m.lots[0], m.lots[1]) * times), m.qtyDecimals);
  }

  private limit(userId: number, times = 1): Command {
    const { m, i } = this.market();
    return {
      kind: 'spot.place',
      userId,
      marketId: m.id,
      side: this.rng.pick([1, 2] as const),
      type: 0,
      number: this.qty(m, times),
      price: this.price(m, i, 8),
      ...(this.rng.chance(0.1) ? { clientOrderId: `c${this.rng.int(1, 30)}` } : {}),
    };
  }

  private marketOrder(): Command {
    const { m } = this.market();
    return {
      kind: 'spot.place',
      userId: this.rng.pick(TRADERS),
      marketId: m.id,
      side: this.rng.pick([1, 2] as const),
      type: 1,
      number: this.qty(m),
    };
  }

  private cancel(p: Products): Command {
    const userId = this.rng.pick([...TRADERS, ...MAKERS]);
    const open = p.spot.openOrdersOf([userId]);
    const order = open.length ? this.rng.pick(open) : undefined;
    if (!order || this.rng.chance(0.05))
      return { kind: 'spot.cancel', userId, orderId: this.rng.int(1, 5_000), side: 1 };
    return { kind: 'spot.cancel', userId, orderId: order.id, side: order.side };
  }

  private transfer(): Command {
    const from = this.rng.pick(ACCOUNTS);
    const to = this.rng.pick(ACCOUNTS.filter((a) => a !== from));
    return {
      kind: 'wallet.transfer',
      userId: this.rng.pick(TRADERS),
      currencyId: this.usdt,
      from,
      to,
      amount: String(this.rng.int(1, 3_000)),
      clientId: this.rng.chance(0.2) ? `t${this.rng.int(1, 20)}` : null,
    };
  }

  private adjust(): Command {
    const { m } = this.market();
    const currencyId = this.rng.chance(0.5) ? this.usdt : m.base;
    const amount = currencyId === this.usdt ? String(this.rng.int(1, 5_000)) : '0.5';
    return {
      kind: 'wallet.adjust',
      actorId: this.operator,
      userId: this.rng.pick(TRADERS),
      accountType: this.rng.pick(ACCOUNTS),
      currencyId,
      amount: this.rng.chance(0.25) ? `-${amount}` : amount,
      reason: 'simulated operator adjustment',
    };
  }

  private leverOpen(): Command {
    const { m, i } = this.market();
    const entrust = this.rng.chance(0.3);
    return {
      kind: 'lever.open',
      userId: this.rng.pick(TRADERS),
      marketId: m.id,
      side: this.rng.pick([1, 2] as const),
      status: entrust ? 0 : 1,
      share: this.rng.int(1, 5),
      multiple: this.rng.pick([5, 10, 20, 50, 100]),
      targetPrice: entrust ? this.price(m, i, 6) : null,
    };
  }

  private leverAct(p: Products): Command {
    const userId = this.rng.pick(TRADERS);
    const rows = p.lever.liveRowsOf(userId);
    const row = rows.length ? this.rng.pick(rows) : undefined;
    const id = row?.id ?? this.rng.int(1, 500);
    const r = this.rng.next();
    if (r < 0.08) {
      const { m } = this.market();
      return {
        kind: 'lever.closeAll',
        userId,
        marketId: m.id,
        side: this.rng.pick([0, 1, 2] as const),
      };
    }
    if (row && row.status === LEVER_STATUS.entrust) return { kind: 'lever.cancel', userId, id };
    if (r < 0.3) {
      const m = this.markets.find((x) => x.id === row?.marketId) ?? this.markets[0];
      const i = m ? this.markets.indexOf(m) : 0;
      return {
        kind: 'lever.stops',
        userId,
        id,
        takeProfit: m && this.rng.chance(0.7) ? this.price(m, i, 30) : null,
        stopLoss: m && this.rng.chance(0.7) ? this.price(m, i, 30) : null,
      };
    }
    return { kind: 'lever.close', userId, id };
  }

  private microOrder(): Command {
    const { m } = this.market();
    return {
      kind: 'micro.order',
      userId: this.rng.pick(TRADERS),
      marketId: m.id,
      currencyId: this.usdt,
      type: this.rng.pick([1, 2] as const),
      seconds: this.rng.pick([30, 60, 120, 300, 7]),
      number: this.rng.pick(['10', '50', '100', '5', '2000']),
    };
  }
}
