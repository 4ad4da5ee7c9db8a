import { ACCOUNT_TYPE, ORDER_STATUS, PRICE_BAND } from '@exchange/contract';
import {
  type BookEvent,
  type PriceBand,
  priceBand,
  referencePrice,
  type Side,
  toUnits,
  withinPriceBand,
} from '@exchange/engine';
import { scaled, wireAmount } from '../../core/amounts.js';
import { clientKey, type Handler, type Lock } from '../../core/handler.js';
import { parseTicks } from '../../core/parse.js';
import { reject } from '../../core/result.js';
import type { Sequencer } from '../../core/sequencer.js';
import type { Db } from '../../db/client.js';
import { applyBookEvents, type MatchingContext } from './matching.js';
import { type BookSnapshot, bookSnapshot, SPOT_PART } from './spot-rows.js';
import { loadSpot, spotLocks, spotSnapshot } from './spot-state.js';
import type { MarketInfo, OrderState, SpotMarket } from './types.js';

export interface PlaceInput {
  userId: number;
  marketId: number;
  side: Side;
  /** 0 limit, 1 market. */
  type: 0 | 1;
  number: string;
  price?: string | undefined;
  clientOrderId?: string | undefined;
  /**
   * Whether the per-user limits apply (orders per second, open orders per market): true for
   * users' calls; the demo market maker places through the handler directly and is not limited.
   */
  limited?: boolean;
}

/** A placement either creates an order or, for a known client_order_id, names the first one. */
export type PlaceResult = { order: OrderState } | { replayOf: number };

/** The per-user limits of order placement, read at each placement (operator settings). */
export interface SpotLimits {
  ordersPerSecond: number;
  openOrdersPerMarket: number;
}

const UNLIMITED: SpotLimits = {
  ordersPerSecond: Number.MAX_SAFE_INTEGER,
  openOrdersPerMarket: Number.MAX_SAFE_INTEGER,
};

/** A pair's price band in basis points, read at each placement (an operator setting). */
export type PriceBandBps = (marketId: number) => number;
/** PRICE_BAND.default (10 %) in basis points. */
export const DEFAULT_PRICE_BAND_BPS = Number(toUnits(PRICE_BAND.default, PRICE_BAND.decimals));

/** An order that fills what it can at once and never rests (a conversion's, say). */
export interface ImmediateOrder {
  userId: number;
  market: SpotMarket;
  side: Side;
  type: 0 | 1;
  priceTicks: number;
  qtyLots: number;
  accountType?: number;
  clientOrderId?: string | undefined;
}

/**
 * Spot trading (spec 1): limit and market orders matched by the engine's books. Validation and
 * the funds check come first (a refusal changes nothing); then the order enters the book and
 * the book's events are settled in the ledger (`matching.ts`).
 */
export class SpotHandler implements Handler {
  readonly name = 'spot';
  private markets = new Map<number, SpotMarket>();
  private openOrders = new Map<number, OrderState>();
  private clientIds = new Map<string, number>();
  private nextOrderId = 0;
  private nextTradeId = 0;
  /** The price of each market's last trade, in ticks: the reference of its price band. */
  private lastTradeTicks = new Map<number, number>();
  /** Open orders per `userId:marketId`, for the open-orders limit. */
  private readonly openCounts = new Map<string, number>();
  /** Orders placed per user in the current second, for the order-rate limit. */
  private readonly placedThisSecond = new Map<number, number>();
  private rateSecond = 0;
  private readonly matching: MatchingContext;

  constructor(
    private readonly seq: Sequencer,
    private readonly limits: () => SpotLimits = () => UNLIMITED,
    private readonly priceBandBps: PriceBandBps = () => DEFAULT_PRICE_BAND_BPS,
  ) {
    const openOrders = () => this.openOrders;
    // Read at each use: the ledger, the batch and the open orders are replaced over time.
    this.matching = {
      get ledger() {
        return seq.ledger;
      },
      get part() {
        return seq.batch.part(SPOT_PART);
      },
      get openOrders() {
        return openOrders();
      },
      nextTradeId: () => this.nextTradeId++,
      closed: (order) => this.countOpen(order, -1),
    };
  }

  async load(db: Db) {
    const state = await loadSpot(db);
    this.markets = state.markets;
    this.openOrders = state.openOrders;
    this.clientIds = state.clientIds;
    this.nextOrderId = state.nextOrderId;
    this.nextTradeId = state.nextTradeId;
    this.lastTradeTicks = state.lastTradeTicks;
    this.openCounts.clear();
    for (const o of this.openOrders.values()) this.countOpen(o, 1);
  }

  /** Memory as plain data (see `spotSnapshot`). */
  snapshot(): unknown {
    const { markets, openOrders, clientIds, nextOrderId, nextTradeId, lastTradeTicks } = this;
    const state = { markets, openOrders, clientIds, nextOrderId, nextTradeId, lastTradeTicks };
    return spotSnapshot(state, this.openCounts);
  }

  /** What open orders hold locked (see `spotLocks`). */
  locks(): Iterable<Lock> {
    return spotLocks({ markets: this.markets, openOrders: this.openOrders });
  }

  /** Copies of the markets, without their books (for the read model). */
  marketInfos(): MarketInfo[] {
    return [...this.markets.values()].map(({ book: _book, ...info }) => info);
  }

  /** Every book as it is now, at the read model's depth (the read model's starting point). */
  bookSnapshots(): BookSnapshot[] {
    return [...this.markets.values()].map(bookSnapshot);
  }

  /** A market with its live book, for handlers of other products inside the core (convert). */
  market(id: number): SpotMarket | undefined {
    return this.markets.get(id);
  }

  /** The market trading `base` against `quote`, if there is one. */
  marketOf(baseCurrencyId: number, quoteCurrencyId: number): SpotMarket | undefined {
    for (const m of this.markets.values())
      if (m.baseCurrencyId === baseCurrencyId && m.quoteCurrencyId === quoteCurrencyId) return m;
    return undefined;
  }

  /** Copies of the open orders of these users (the demo market maker cancels its old ones). */
  openOrdersOf(userIds: readonly number[]): OrderState[] {
    return [...this.openOrders.values()]
      .filter((o) => userIds.includes(o.userId))
      .map((o) => ({ ...o }));
  }

  openOrderCount() {
    return this.openOrders.size;
  }

  /**
   * The market's price band now: its reference price (the last trade; on a market that never
   * traded, the mid of best bid and ask) ± the operator's band; null without a reference (a new
   * market can start). Conversions check their quote against it too.
   */
  priceBand(market: SpotMarket): PriceBand | null {
    const reference = referencePrice({
      lastTrade: this.lastTradeTicks.get(market.id) ?? null,
      bestBid: market.book.bestBid(),
      bestAsk: market.book.bestAsk(),
    });
    return reference === null ? null : priceBand(reference, this.priceBandBps(market.id));
  }

  /** Refuses with `PRICE_BAND` when `ok` is false; its message gives the reference and range. */
  checkPriceBand(market: SpotMarket, band: PriceBand, ok: boolean): void {
    if (ok) return;
    const price = (ticks: number) => wireAmount(scaled(ticks, market.priceDecimals));
    const bps = BigInt(this.priceBandBps(market.id));
    reject('PRICE_BAND', {
      band: wireAmount(scaled(bps, 2)),
      reference: price(band.reference),
      min: price(band.minSell),
      max: price(band.maxBuy),
    });
  }

  /** Places a spot order. Checks come first; once state changes, a failure is fatal. */
  place(input: PlaceInput): Promise<PlaceResult> {
    this.seq.ensureRunning();
    if (input.clientOrderId) {
      const first = this.clientIds.get(clientKey(input.userId, input.clientOrderId));
      if (first !== undefined) return this.seq.acknowledge(() => ({ replayOf: first }));
    }
    const market = this.markets.get(input.marketId);
    if (!market) return reject('MARKET_NOT_FOUND');
    // A halted market refuses every order; there is no buy-only or sell-only mode (ARCHITECTURE §1).
    if (market.status !== 'open') return reject('MARKET_HALTED');
    if (input.limited) this.checkLimits(input.userId, market.id);
    const qtyLots = parseTicks(input.number, market.qtyDecimals, 'QTY_SCALE');
    const qty = scaled(qtyLots, market.qtyDecimals);
    if (qty < market.minQty) reject('BELOW_MIN_QTY', { min: wireAmount(market.minQty) });
    const notional = (ticks: number) =>
      scaled(BigInt(ticks) * BigInt(qtyLots), market.priceDecimals + market.qtyDecimals);

    let priceTicks: number;
    let immediateOnly = false;
    const available = this.seq.ledger.available(
      input.userId,
      input.side === 1 ? market.quoteCurrencyId : market.baseCurrencyId,
      ACCOUNT_TYPE.trade,
    );
    // The price band: no buy above reference × (1 + band), no sell below reference × (1 − band).
    const bandNow = this.priceBand(market);
    if (input.type === 0) {
      if (!input.price) reject('PRICE_REQUIRED');
      priceTicks = parseTicks(input.price, market.priceDecimals, 'PRICE_SCALE');
      if (bandNow) {
        this.checkPriceBand(market, bandNow, withinPriceBand(input.side, priceTicks, bandNow));
      }
    } else {
      const band = market.book.marketLimitPrice(input.side);
      if (band === null) reject('NO_BEST_PRICE');
      priceTicks = band;
      if (bandNow) {
        // A market order is bounded by the price band too: refused when the best price it would
        // meet is outside, and reaching no further than the band's edge (the rest is cancelled).
        const best = input.side === 1 ? market.book.bestAsk() : market.book.bestBid();
        if (best !== null) {
          this.checkPriceBand(market, bandNow, withinPriceBand(input.side, best, bandNow));
        }
        if (!withinPriceBand(input.side, priceTicks, bandNow)) {
          priceTicks = input.side === 1 ? bandNow.maxBuy : bandNow.minSell;
          immediateOnly = true;
        }
      }
      if (input.side === 1 && notional(priceTicks) > available) {
        // A market buy may spend what the user has: it reaches up to the band or to the price the
        // funds pay for, whichever is lower, and what cannot fill at once is cancelled.
        const affordable = Number(available / notional(1));
        const best = market.book.bestAsk();
        if (best === null || affordable < best) reject('INSUFFICIENT_FUNDS');
        priceTicks = affordable;
        immediateOnly = true;
      }
    }
    // The whole order must be covered, though only what rests will be locked.
    const cost = input.side === 1 ? notional(priceTicks) : qty;
    if (available < cost) reject('INSUFFICIENT_FUNDS');

    return this.seq.run(() => {
      const spec = { userId: input.userId, market, side: input.side, priceTicks, qtyLots };
      const order = immediateOnly
        ? this.fillImmediately({ ...spec, type: input.type, clientOrderId: input.clientOrderId })
        : this.enter(spec, input.type, input.type === 1 ? 'market' : 'limit', input.clientOrderId);
      if (input.limited) this.countPlaced(input.userId);
      return { order: { ...order } };
    });
  }

  /**
   * Inside `Sequencer.run`: an order that trades what it can at once and cancels the rest,
   * locking nothing (the caller checked the funds for all of it). Returns the order as left.
   */
  fillImmediately(spec: ImmediateOrder): OrderState {
    const order = this.enter(spec, spec.type, 'limit', spec.clientOrderId, false);
    if (order.status === ORDER_STATUS.open) {
      const more: BookEvent[] = [];
      spec.market.book.cancel(order.id, more);
      applyBookEvents(this.matching, spec.market, more, order.createdAt);
    }
    return order;
  }

  /** Creates the order, hands it to the book and settles what the book did. */
  private enter(
    spec: Omit<ImmediateOrder, 'type'>,
    type: 0 | 1,
    kind: 'limit' | 'market',
    clientOrderId: string | undefined,
    lockRest = true,
  ): OrderState {
    const { market } = spec;
    const at = new Date(this.seq.clock.now());
    const order: OrderState = {
      id: this.nextOrderId++,
      userId: spec.userId,
      marketId: market.id,
      side: spec.side,
      type,
      price: scaled(spec.priceTicks, market.priceDecimals),
      priceTicks: spec.priceTicks,
      qty: scaled(spec.qtyLots, market.qtyDecimals),
      qtyLots: spec.qtyLots,
      filledLots: 0,
      filledQty: 0n,
      filledQuote: 0n,
      fee: 0n,
      // Nothing is locked up front: what fills at once is paid from available funds in the trade
      // itself, and only what rests is locked (one journal entry for an order that fills at once).
      locked: 0n,
      status: ORDER_STATUS.open,
      clientOrderId: clientOrderId || null,
      createdAt: at,
      updatedAt: at,
      ...(spec.accountType === undefined ? {} : { accountType: spec.accountType }),
    };
    this.openOrders.set(order.id, order);
    this.countOpen(order, 1);
    if (order.clientOrderId)
      this.clientIds.set(clientKey(order.userId, order.clientOrderId), order.id);
    const part = this.seq.batch.part(SPOT_PART);
    part.created.add(order.id);
    part.order(order);
    const events: BookEvent[] = [];
    market.book.place(
      {
        orderId: order.id,
        ownerId: order.userId,
        side: order.side,
        kind,
        price: spec.priceTicks,
        qty: spec.qtyLots,
      },
      events,
    );
    // The last trade is the reference of the market's price band from the next order on.
    for (const e of events) if (e.type === 'trade') this.lastTradeTicks.set(market.id, e.price);
    applyBookEvents(this.matching, market, events, at, lockRest);
    return order;
  }

  /**
   * Halts or reopens a market in memory (a halted market refuses every order); the read model
   * learns it with the commit. The caller writes the store's market row.
   */
  setStatus(marketId: number, status: MarketInfo['status']): Promise<void> {
    this.seq.ensureRunning();
    const market = this.markets.get(marketId);
    if (!market) return reject('MARKET_NOT_FOUND');
    return this.seq.run(() => {
      market.status = status;
      this.seq.batch.part(SPOT_PART).markets.set(market.id, market);
    });
  }

  /** Cancels an open order of this user and side; null when there is none open in memory. */
  cancel(userId: number, orderId: number, side: Side): Promise<OrderState> | null {
    this.seq.ensureRunning();
    const order = this.openOrders.get(orderId);
    if (!order || order.userId !== userId || order.side !== side) return null;
    const market = this.markets.get(order.marketId);
    if (!market) return null;
    return this.seq.run(() => {
      const events: BookEvent[] = [];
      market.book.cancel(orderId, events);
      applyBookEvents(this.matching, market, events, new Date(this.seq.clock.now()));
      return { ...order };
    });
  }

  /**
   * The per-user limits: orders per second (a fixed one-second window) and open orders per
   * market, both operator settings read at each placement.
   */
  private checkLimits(userId: number, marketId: number) {
    const limits = this.limits();
    const second = Math.floor(this.seq.clock.now() / 1000);
    if (second !== this.rateSecond) {
      this.rateSecond = second;
      this.placedThisSecond.clear();
    }
    if ((this.placedThisSecond.get(userId) ?? 0) >= limits.ordersPerSecond)
      reject('RATE_LIMITED', { max: limits.ordersPerSecond, retry_after_s: 1 });
    if ((this.openCounts.get(`${userId}:${marketId}`) ?? 0) >= limits.openOrdersPerMarket)
      reject('OPEN_ORDER_LIMIT', { max: limits.openOrdersPerMarket });
  }

  private countPlaced(userId: number) {
    this.placedThisSecond.set(userId, (this.placedThisSecond.get(userId) ?? 0) + 1);
  }

  private countOpen(order: OrderState, delta: 1 | -1) {
    const key = `${order.userId}:${order.marketId}`;
    const n = (this.openCounts.get(key) ?? 0) + delta;
    if (n > 0) this.openCounts.set(key, n);
    else this.openCounts.delete(key);
  }
}
