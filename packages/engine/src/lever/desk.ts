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
  positions: Map<number, Slot>;
  mark: bigint | null;
}

/** A position with what the desk keeps about it between ticks. */
interface Slot {
  position: DeskPosition;
  /** Its profit at its pair's last mark (0 before the first mark). */
  profit: bigint;
  /** The long's close price at which its gain reaches the cap; null for a short. */
  capClose: bigint | null;
  /** Its user's sums in its currency. */
  risk: Risk;
}

/** A user's margins and profits in one currency, kept up to date on every change. */
interface Risk {
  margins: bigint;
  profits: bigint;
  ids: Set<number>;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

export class LeverDesk {
  private readonly pairs = new Map<number, PairState>();
  private readonly byId = new Map<number, Slot>();
  /** (user, currency) → risk; see `riskKey`. */
  private readonly risks = new Map<number, Risk>();
  private readonly exposures = new Map<number, bigint>();
  private stopOut: bigint;

  constructor(pairs: readonly DeskPair[], stopOutPercent: string) {
    for (const config of pairs) this.setPair(config);
    this.stopOut = toUnits(stopOutPercent, 2, 'floor');
  }

  /** Changes the stop-out level (percent); the caller checks the users it may now reach. */
  setStopOut(percent: string): void {
    this.stopOut = toUnits(percent, 2, 'floor');
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
      positions: existing?.positions ?? new Map<number, Slot>(),
      mark: existing?.mark ?? null,
    });
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: number): DeskPosition | undefined {
    return this.byId.get(id)?.position;
  }

  mark(pairId: number): bigint | null {
    return this.pairs.get(pairId)?.mark ?? null;
  }

  /** Σ max payout of the open positions in a quote currency: what the house must be able to pay. */
  exposure(currency: number): bigint {
    return this.exposures.get(currency) ?? 0n;
  }

  positionsOf(userId: number, currency: number): DeskPosition[] {
    const ids = this.risks.get(riskKey(userId, currency))?.ids;
    return ids ? [...ids].map((id) => (this.byId.get(id) as Slot).position) : [];
  }

  add(position: DeskPosition): void {
    const pair = this.pair(position.pairId);
    if (this.byId.has(position.id)) throw new RangeError(`position ${position.id} exists`);
    const currency = pair.config.currency;
    const key = riskKey(position.userId, currency);
    let risk = this.risks.get(key);
    if (!risk) this.risks.set(key, (risk = { margins: 0n, profits: 0n, ids: new Set() }));
    const slot: Slot = {
      position,
      profit: pair.mark === null ? 0n : this.profitAt(position, pair.mark),
      capClose: position.side === 1 ? this.capClose(pair, position) : null,
      risk,
    };
    this.byId.set(position.id, slot);
    pair.positions.set(position.id, slot);
    risk.ids.add(position.id);
    risk.margins += position.margin;
    risk.profits += slot.profit;
    this.exposures.set(currency, this.exposure(currency) + position.maxPayout);
  }

  setStops(id: number, stopProfit: bigint | null, stopLoss: bigint | null): void {
    const position = this.byId.get(id)?.position;
    if (!position) throw new RangeError(`no position ${id}`);
    position.stopProfit = stopProfit;
    position.stopLoss = stopLoss;
  }

  /**
   * Takes `amount` from a position's margin (an overnight fee the free balance could not pay);
   * never more than the margin holds. Returns what was taken.
   */
  takeFromMargin(id: number, amount: bigint): bigint {
    const position = this.byId.get(id)?.position;
    if (!position) throw new RangeError(`no position ${id}`);
    const taken = amount < position.margin ? amount : position.margin;
    position.margin -= taken;
    const currency = this.pair(position.pairId).config.currency;
    const risk = this.risks.get(riskKey(position.userId, currency));
    if (risk) risk.margins -= taken;
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
    let profit: bigint;
    if (pair.scaleUp) profit = raw * pair.scale;
    else {
      profit = raw / pair.scale; // toward 0: a loss with a remainder goes one unit further
      if (raw < 0n && profit * pair.scale !== raw) profit -= 1n;
    }
    return profit > position.maxPayout ? position.maxPayout : profit;
  }

  /** Closes one position at the pair's mark (less/plus the spread) and returns how it settled. */
  close(id: number, reason: CloseReason, balances: DeskBalances, mark?: bigint): DeskClose {
    const position = this.byId.get(id)?.position;
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
   * (at the mark ∓ spread); then every user whose position of the pair lost value is checked at
   * the stop-out level across all their positions in that currency (each valued at its pair's mark),
   * and liquidated largest loss first, at the mark, while at or below it. `apply` receives each
   * close at once, so balances read by the next decision include it.
   */
  tick(pairId: number, mark: bigint, balances: DeskBalances, apply: (c: DeskClose) => void): void {
    const pair = this.pair(pairId);
    pair.mark = mark;
    const currency = pair.config.currency;
    const longClose = this.closePrice(pairId, 1, mark);
    const shortClose = this.closePrice(pairId, 2, mark);
    const users = new Set<number>();
    let due: [number, CloseReason][] | null = null;
    for (const slot of pair.positions.values()) {
      const p = slot.position;
      // Re-mark: the position's profit at the new mark, into its user's sums.
      const profit = this.profitAt(p, mark);
      const worse = profit < slot.profit;
      slot.risk.profits += profit - slot.profit;
      slot.profit = profit;
      const reason = stopReason(slot, mark, p.side === 1 ? longClose : shortClose);
      // A stop fills at the mark ∓ spread (a little below the mark's value); otherwise only a
      // user whose position lost value can have fallen to stop-out on this tick.
      if (reason) (due ??= []).push([p.id, reason]);
      if (reason || worse) users.add(p.userId);
    }
    for (const [id, reason] of due ?? []) apply(this.close(id, reason, balances, mark));
    for (const userId of users) this.checkUser(userId, currency, balances, apply);
  }

  /** Liquidates a user's positions in a currency while the hazard rate is at or below stop-out. */
  checkUser(
    userId: number,
    currency: number,
    balances: DeskBalances,
    apply: (c: DeskClose) => void,
  ): void {
    const risk = this.risks.get(riskKey(userId, currency));
    while (risk && risk.ids.size > 0) {
      const free = balances.free(userId, currency);
      if (!atOrBelowStopOut(free, risk.margins, risk.profits, this.stopOut)) return;
      // The largest loss at the marks, then the lowest id.
      let worst: Slot | null = null;
      for (const id of risk.ids) {
        const slot = this.byId.get(id) as Slot;
        if (
          worst === null ||
          slot.profit < worst.profit ||
          (slot.profit === worst.profit && id < worst.position.id)
        ) {
          worst = slot;
        }
      }
      if (worst === null) return;
      apply(this.close(worst.position.id, 'liquidation', balances));
    }
  }

  /** The user's margins and profits (at the current marks) in a currency. */
  risk(userId: number, currency: number): { margins: bigint; profits: bigint } {
    const risk = this.risks.get(riskKey(userId, currency));
    return { margins: risk?.margins ?? 0n, profits: risk?.profits ?? 0n };
  }

  private remove(position: DeskPosition): void {
    const pair = this.pair(position.pairId);
    const slot = this.byId.get(position.id) as Slot;
    this.byId.delete(position.id);
    pair.positions.delete(position.id);
    const currency = pair.config.currency;
    const key = riskKey(position.userId, currency);
    const risk = this.risks.get(key);
    if (risk) {
      risk.ids.delete(position.id);
      risk.margins -= position.margin;
      risk.profits -= slot.profit;
      if (risk.ids.size === 0) this.risks.delete(key);
    }
    this.exposures.set(currency, this.exposure(currency) - position.maxPayout);
  }

  /** A long's close price at which (close − entry) × number reaches its cap (rounded up). */
  private capClose(pair: PairState, p: DeskPosition): bigint | null {
    if (p.number === 0n) return null;
    const money = pair.scaleUp
      ? divRound(p.maxPayout, pair.scale, 'ceil')
      : p.maxPayout * pair.scale;
    return p.entry + divRound(money, p.number, 'ceil');
  }

  private pair(pairId: number): PairState {
    const pair = this.pairs.get(pairId);
    if (!pair) throw new RangeError(`no lever pair ${pairId}`);
    return pair;
  }
}

/** One number per (user, currency): currency ids stay below 4,096. */
const riskKey = (userId: number, currency: number): number => userId * 4096 + currency;

function stopReason(slot: Slot, mark: bigint, close: bigint): CloseReason | null {
  const p = slot.position;
  if (p.stopLoss !== null && (p.side === 1 ? mark <= p.stopLoss : mark >= p.stopLoss)) {
    return 'stop_loss';
  }
  if (p.stopProfit !== null && (p.side === 1 ? mark >= p.stopProfit : mark <= p.stopProfit)) {
    return 'stop_profit';
  }
  // The gain reached the most the house reserved for it: taken as a stop-profit.
  return slot.capClose !== null && close >= slot.capClose ? 'stop_profit' : null;
}
