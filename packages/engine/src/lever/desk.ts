import { toUnits } from '../units.js';
import { divRound, fixed, type Fixed } from './fixed.js';
import type { LeverSide } from './maths.js';
import { atOrBelowStopOut, settle, type Settlement } from './settle.js';

/**
 * The open positions of the leverage product and what a new mark price does to them, in integer
 * units (prices at the pair's price decimals, quantities at its quantity decimals, money at the
 * quote currency's decimals). Pure and deterministic like the order book: the caller applies the
 * closes it returns to the ledger. The string functions of maths.ts are the reference these fast
 * paths are tested against.
 */

export interface DeskPair {
  pairId: number;
  /** The quote currency: margins, gains and losses are in it. */
  currency: number;
  priceDecimals: number;
  qtyDecimals: number;
  amountDecimals: number;
  /** The house's spread, a fraction of the price (`lever_point_rate`). */
  pointRate: string;
}

export interface DeskPosition {
  id: number;
  userId: number;
  pairId: number;
  side: LeverSide;
  /** Entry price, price units. */
  entry: bigint;
  /** Base quantity, quantity units. */
  number: bigint;
  /** Margin held, money units. */
  margin: bigint;
  /** The most it can win (entry × number), reserved from the house when it opened. */
  maxPayout: bigint;
  stopProfit: bigint | null;
  stopLoss: bigint | null;
}

export type CloseReason = 'user' | 'stop_profit' | 'stop_loss' | 'liquidation' | 'close_all';

export interface DeskClose {
  position: DeskPosition;
  reason: CloseReason;
  /** The mark used, and the price the result was computed at (the mark for a liquidation). */
  markPrice: bigint;
  closePrice: bigint;
  /** Realised result, money units; a gain never above `maxPayout`. */
  profit: bigint;
  settlement: Settlement;
}

/** Balances the desk reads while it decides (the caller's ledger). */
export interface DeskBalances {
  /** The user's free lever balance in a currency, money units. */
  free(userId: number, currency: number): bigint;
  /** The insurance account's balance in a currency. */
  insurance(currency: number): bigint;
}

interface PairState {
  config: DeskPair;
  rate: Fixed;
  /** 10^(price decimals + quantity decimals − money decimals), for price × quantity → money. */
  scale: bigint;
  scaleUp: boolean;
  positions: Map<number, DeskPosition>;
  mark: bigint | null;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

export class LeverDesk {
  private readonly pairs = new Map<number, PairState>();
  private readonly byId = new Map<number, DeskPosition>();
  /** user → currency → position ids. */
  private readonly byUser = new Map<number, Map<number, Set<number>>>();
  private readonly exposures = new Map<number, bigint>();
  private readonly stopOut: bigint;

  constructor(pairs: readonly DeskPair[], stopOutPercent: string) {
    for (const config of pairs) this.setPair(config);
    this.stopOut = toUnits(stopOutPercent, 2, 'floor');
  }

  /** Adds a pair or changes its terms (the open positions keep their entry). */
  setPair(config: DeskPair): void {
    const shift = config.priceDecimals + config.qtyDecimals - config.amountDecimals;
    const existing = this.pairs.get(config.pairId);
    this.pairs.set(config.pairId, {
      config,
      rate: fixed(config.pointRate),
      scale: pow10(Math.abs(shift)),
      scaleUp: shift < 0,
      positions: existing?.positions ?? new Map<number, DeskPosition>(),
      mark: existing?.mark ?? null,
    });
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: number): DeskPosition | undefined {
    return this.byId.get(id);
  }

  mark(pairId: number): bigint | null {
    return this.pairs.get(pairId)?.mark ?? null;
  }

  /** Σ max payout of the open positions in a quote currency: what the house must be able to pay. */
  exposure(currency: number): bigint {
    return this.exposures.get(currency) ?? 0n;
  }

  positionsOf(userId: number, currency: number): DeskPosition[] {
    const ids = this.byUser.get(userId)?.get(currency);
    return ids ? [...ids].map((id) => this.byId.get(id) as DeskPosition) : [];
  }

  add(position: DeskPosition): void {
    const pair = this.pair(position.pairId);
    if (this.byId.has(position.id)) throw new RangeError(`position ${position.id} exists`);
    this.byId.set(position.id, position);
    pair.positions.set(position.id, position);
    const currency = pair.config.currency;
    let currencies = this.byUser.get(position.userId);
    if (!currencies)
      this.byUser.set(position.userId, (currencies = new Map<number, Set<number>>()));
    let ids = currencies.get(currency);
    if (!ids) currencies.set(currency, (ids = new Set()));
    ids.add(position.id);
    this.exposures.set(currency, this.exposure(currency) + position.maxPayout);
  }

  setStops(id: number, stopProfit: bigint | null, stopLoss: bigint | null): void {
    const position = this.byId.get(id);
    if (!position) throw new RangeError(`no position ${id}`);
    position.stopProfit = stopProfit;
    position.stopLoss = stopLoss;
  }

  /**
   * Takes `amount` from a position's margin (an overnight fee the free balance could not pay);
   * never more than the margin holds. Returns what was taken.
   */
  takeFromMargin(id: number, amount: bigint): bigint {
    const position = this.byId.get(id);
    if (!position) throw new RangeError(`no position ${id}`);
    const taken = amount < position.margin ? amount : position.margin;
    position.margin -= taken;
    return taken;
  }

  /** Close price of a side at a mark: the mark moved by the spread against the trader. */
  closePrice(pairId: number, side: LeverSide, mark: bigint): bigint {
    const { rate } = this.pair(pairId);
    const one = pow10(rate.s);
    return side === 1
      ? divRound(mark * (one - rate.v), one, 'floor')
      : divRound(mark * (one + rate.v), one, 'ceil');
  }

  /** sign × (price − entry) × number in money units, rounded toward −∞, a gain capped. */
  profitAt(position: DeskPosition, price: bigint): bigint {
    const pair = this.pair(position.pairId);
    const move = position.side === 1 ? price - position.entry : position.entry - price;
    const raw = move * position.number;
    const profit = pair.scaleUp ? raw * pair.scale : divRound(raw, pair.scale, 'floor');
    return profit > position.maxPayout ? position.maxPayout : profit;
  }

  /** Closes one position at the pair's mark (less/plus the spread) and returns how it settled. */
  close(id: number, reason: CloseReason, balances: DeskBalances, mark?: bigint): DeskClose {
    const position = this.byId.get(id);
    if (!position) throw new RangeError(`no position ${id}`);
    const pair = this.pair(position.pairId);
    const at = mark ?? pair.mark;
    if (at === null) throw new RangeError(`no mark for pair ${position.pairId}`);
    const price =
      reason === 'liquidation' ? at : this.closePrice(position.pairId, position.side, at);
    const profit = this.profitAt(position, price);
    const currency = pair.config.currency;
    const settlement = settle(
      position.margin,
      profit,
      balances.free(position.userId, currency),
      balances.insurance(currency),
    );
    this.remove(position);
    return { position, reason, markPrice: at, closePrice: price, profit, settlement };
  }

  /**
   * A new mark for a pair: positions whose gain reached its cap or whose stop was reached close
   * (at the mark ∓ spread); then every user holding a position of the pair is checked at the
   * stop-out level across all their positions in that currency (each valued at its pair's mark),
   * and liquidated largest loss first, at the mark, while at or below it. `apply` receives each
   * close at once, so balances read by the next decision include it.
   */
  tick(pairId: number, mark: bigint, balances: DeskBalances, apply: (c: DeskClose) => void): void {
    const pair = this.pair(pairId);
    pair.mark = mark;
    const longClose = this.closePrice(pairId, 1, mark);
    const shortClose = this.closePrice(pairId, 2, mark);
    const users = new Set<number>();
    for (const position of [...pair.positions.values()]) {
      const reason = this.stopReason(position, mark, position.side === 1 ? longClose : shortClose);
      if (reason) apply(this.close(position.id, reason, balances, mark));
      else users.add(position.userId);
    }
    for (const userId of users) this.checkUser(userId, pair.config.currency, balances, apply);
  }

  private stopReason(p: DeskPosition, mark: bigint, close: bigint): CloseReason | null {
    if (p.stopLoss !== null && (p.side === 1 ? mark <= p.stopLoss : mark >= p.stopLoss)) {
      return 'stop_loss';
    }
    if (p.stopProfit !== null && (p.side === 1 ? mark >= p.stopProfit : mark <= p.stopProfit)) {
      return 'stop_profit';
    }
    // The gain reached the most the house reserved for it: taken as a stop-profit.
    return this.profitAt(p, close) >= p.maxPayout ? 'stop_profit' : null;
  }

  /** Liquidates a user's positions in a currency while the hazard rate is at or below stop-out. */
  checkUser(
    userId: number,
    currency: number,
    balances: DeskBalances,
    apply: (c: DeskClose) => void,
  ): void {
    for (;;) {
      const open = this.positionsOf(userId, currency).filter(
        (p) => this.pair(p.pairId).mark !== null,
      );
      if (open.length === 0) return;
      let margins = 0n;
      let profits = 0n;
      let worst: { position: DeskPosition; profit: bigint } | null = null;
      for (const position of open) {
        const profit = this.profitAt(position, this.pair(position.pairId).mark as bigint);
        margins += position.margin;
        profits += profit;
        if (
          worst === null ||
          profit < worst.profit ||
          (profit === worst.profit && position.id < worst.position.id)
        ) {
          worst = { position, profit };
        }
      }
      const free = balances.free(userId, currency);
      if (!atOrBelowStopOut(free, margins, profits, this.stopOut) || worst === null) return;
      apply(this.close(worst.position.id, 'liquidation', balances));
    }
  }

  /** The user's hazard rate inputs in a currency at the current marks. */
  risk(userId: number, currency: number): { margins: bigint; profits: bigint } {
    let margins = 0n;
    let profits = 0n;
    for (const position of this.positionsOf(userId, currency)) {
      const mark = this.pair(position.pairId).mark;
      margins += position.margin;
      if (mark !== null) profits += this.profitAt(position, mark);
    }
    return { margins, profits };
  }

  private remove(position: DeskPosition): void {
    const pair = this.pair(position.pairId);
    this.byId.delete(position.id);
    pair.positions.delete(position.id);
    const currency = pair.config.currency;
    this.byUser.get(position.userId)?.get(currency)?.delete(position.id);
    this.exposures.set(currency, this.exposure(currency) - position.maxPayout);
  }

  private pair(pairId: number): PairState {
    const pair = this.pairs.get(pairId);
    if (!pair) throw new RangeError(`no lever pair ${pairId}`);
    return pair;
  }
}
