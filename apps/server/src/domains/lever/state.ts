/**
 * The leverage handler's memory (handler.ts): the pairs' terms, the live rows (waiting entrusts
 * and open positions) with the aggregates kept from them, the risk desk, the mark record; and
 * the reads every part of the handler shares (marks, balances, the exposure bound). Only the
 * handler's files change it: load.ts reads it from the store, commands.ts, terms.ts, risk.ts,
 * settle.ts and overnight.ts apply commands to it inside `sequencer.run`.
 */
import { ACCOUNT_TYPE, LEVER_STATUS } from '@exchange/contract';
import { lever, price } from '@exchange/engine';
import { fromScale, SCALE, scaled, toScale } from '../../core/amounts.js';
import { reject } from '../../core/result.js';
import type { Sequencer } from '../../core/sequencer.js';
import { BOOK_LEVELS, type SpotHandler } from '../spot/index.js';
import { type LeverMark, MarkRecord, type MarkSettings } from './mark-record.js';
import { DEFAULT_STOP_OUT } from './terms.js';
import type { LeverRow, LeverTerms, PairMark } from './types.js';

/** Book levels per side read to price a push of the mark (the exposure bound). */
const COST_LEVELS = 200;

const NO_MARK: PairMark = {
  status: 'thin',
  value: null,
  average: null,
  bidDepth: 0n,
  askDepth: 0n,
};

/** The key of a user's hands in a pair. */
export const handsKey = (userId: number, marketId: number) =>
  `${String(userId)}:${String(marketId)}`;

export class LeverState {
  terms = new Map<number, LeverTerms>();
  /** Live rows (waiting entrusts and open positions) by id. */
  rows = new Map<number, LeverRow>();
  desk = new lever.LeverDesk([], DEFAULT_STOP_OUT);
  stopOutLevel = DEFAULT_STOP_OUT;
  nextId = 1;
  /** The last Bangkok day whose overnight fee was charged. */
  chargedDay: string | null = null;
  /** Hands of live rows (positions and entrusts) per pair, and per user and pair. */
  hands = new Map<number, number>();
  userHands = new Map<string, number>();
  /** Largest gains of waiting entrusts per quote currency (open positions': the desk's). */
  entrustPayout = new Map<number, bigint>();
  /** Σ long − Σ short base quantity of live rows per pair, quantity units (the exposure bound). */
  netQty = new Map<number, bigint>();
  /** Waiting entrusts per pair: the heartbeat ticks their pair even while the mark stands still. */
  entrusts = new Map<number, number>();
  /** Each pair's committed depth mids over its window, and the mark they make (memory only). */
  readonly marks = new MarkRecord();
  markSettings = new Map<number, MarkSettings>();

  /** `clock` is the mark price's sample clock (see `LeverHandler`). */
  constructor(
    readonly seq: Sequencer,
    readonly spot: SpotHandler,
    readonly clock: () => number,
  ) {}

  /** Forgets the live rows and their aggregates (before `load` reads them again). */
  clearLive(): void {
    this.rows = new Map();
    this.hands = new Map();
    this.userHands = new Map();
    this.entrustPayout = new Map();
    this.netQty = new Map();
    this.entrusts = new Map();
  }

  // ---- Marks ----

  /** Mark price of a pair now (ledger units), null while its book is thin. */
  markPrice(marketId: number): bigint | null {
    return this.markOf(marketId).value;
  }

  /**
   * The mark a user's own close is priced at now: the mark while it is ok, else the last ok mark
   * of the pair's window, else null (see `LeverHandler.closeMark`).
   */
  closeMark(marketId: number): bigint | null {
    const mark = this.markPrice(marketId);
    if (mark !== null) return mark;
    const terms = this.terms.get(marketId);
    const settings = this.markSettings.get(marketId);
    if (!terms || !settings) return null;
    const last = this.marks.lastOk(marketId, settings, this.clock());
    return last === null ? null : scaled(last.value, terms.priceDecimals);
  }

  /** A pair's mark now with its average and the depth within the band (ledger units). */
  markOf(marketId: number): PairMark {
    const terms = this.terms.get(marketId);
    const settings = this.markSettings.get(marketId);
    if (!terms || !settings) return { ...NO_MARK };
    return pairMark(terms, this.marks.mark(marketId, settings, this.clock()));
  }

  /** Records a pair's book as it stands in memory now (committed, or about to be). */
  recordBook(marketId: number, now: number): void {
    const market = this.spot.market(marketId);
    const settings = this.markSettings.get(marketId);
    if (!market || !settings) return;
    this.marks.record(marketId, price.depthOf(market.book.depth(BOOK_LEVELS)), settings, now);
  }

  /**
   * The exposure bound of a pair (engine `price.exposureCheck`) with its net quantity after a
   * change: null when the book in memory has no mid.
   */
  exposureCheckOf(marketId: number, net: bigint, markTicks: bigint): price.ExposureCheck | null {
    const market = this.spot.market(marketId);
    const settings = this.markSettings.get(marketId);
    if (!market || !settings) return null;
    return price.exposureCheck(
      price.depthOf(market.book.depth(COST_LEVELS)),
      net,
      markTicks,
      settings.bandPpm,
      settings.multiplePpm,
      BigInt(market.takerFeeBps) * 100n,
    );
  }

  // ---- Balances and rows ----

  /** The user's free lever balance in a currency, ledger units. */
  free(userId: number, currencyId: number): bigint {
    return this.seq.ledger.available(userId, currencyId, ACCOUNT_TYPE.lever);
  }

  /** What the house must be able to pay in a currency: open positions' and entrusts' largest gains. */
  exposure(currencyId: number): bigint {
    const terms = [...this.terms.values()].find((t) => t.quoteCurrencyId === currencyId);
    const open = terms ? toScale(this.desk.exposure(currencyId), terms.amountDecimals) : 0n;
    return open + (this.entrustPayout.get(currencyId) ?? 0n);
  }

  /** Open hands (positions and waiting entrusts) of a pair. */
  openHands(marketId: number): number {
    return this.hands.get(marketId) ?? 0;
  }

  /** Each (user, quote currency) holding open positions now. */
  holders(): { userId: number; currencyId: number }[] {
    const seen = new Map<string, { userId: number; currencyId: number }>();
    for (const r of this.rows.values()) {
      if (r.status !== LEVER_STATUS.trading) continue;
      const currencyId = this.terms.get(r.marketId)?.quoteCurrencyId;
      if (currencyId === undefined) continue;
      seen.set(`${String(r.userId)}:${String(currencyId)}`, { userId: r.userId, currencyId });
    }
    return [...seen.values()];
  }

  /**
   * Whether a user holds an open position in a quote currency on a pair whose book is thin now:
   * the desk's marks for it are the last tick's, perhaps old, so nothing of that user is
   * liquidated outside the risk pass (which waits for an ok mark).
   */
  onThinPair(userId: number, currencyId: number): boolean {
    for (const r of this.rows.values()) {
      if (r.userId !== userId || r.status !== LEVER_STATUS.trading) continue;
      if (this.terms.get(r.marketId)?.quoteCurrencyId !== currencyId) continue;
      if (this.markPrice(r.marketId) === null) return true;
    }
    return false;
  }

  /** A live row of the user, or `LEVER_NOT_FOUND`. */
  ownRow(userId: number, id: number): LeverRow {
    const row = this.rows.get(id);
    if (!row || row.userId !== userId) return reject('LEVER_NOT_FOUND');
    return row;
  }

  /** The decimals of a quote currency's amounts (its pairs' `amountDecimals`). */
  decimalsOf(currencyId: number): number {
    for (const t of this.terms.values())
      if (t.quoteCurrencyId === currencyId) return t.amountDecimals;
    return SCALE;
  }

  /** A live row as the desk holds it (engine units of its pair). */
  deskPosition(row: LeverRow): lever.DeskPosition {
    const terms = this.terms.get(row.marketId) as LeverTerms;
    const pd = terms.priceDecimals;
    const d = terms.amountDecimals;
    return {
      id: row.id,
      userId: row.userId,
      pairId: row.marketId,
      side: row.side,
      entry: fromScale(row.price, pd),
      number: fromScale(row.number, terms.qtyDecimals),
      margin: fromScale(row.margin, d),
      maxPayout: fromScale(row.maxPayout, d),
      stopProfit: row.stopProfit === null ? null : fromScale(row.stopProfit, pd),
      stopLoss: row.stopLoss === null ? null : fromScale(row.stopLoss, pd),
    };
  }

  // ---- Live rows and their aggregates ----

  /** A row becomes live (entrust or position): it counts in the hands, reserves and net. */
  addLive(row: LeverRow): void {
    this.rows.set(row.id, row);
    this.addHands(row, row.share);
    this.addNet(row, 1n);
    if (row.status === LEVER_STATUS.entrust) {
      this.addPayout(this.terms.get(row.marketId)?.quoteCurrencyId ?? 0, row.maxPayout);
      this.addEntrusts(row.marketId, 1);
    }
  }

  /** A live row ends (cancelled or closed); call before its status changes. */
  removeLive(row: LeverRow): void {
    this.rows.delete(row.id);
    this.addHands(row, -row.share);
    this.addNet(row, -1n);
    if (row.status === LEVER_STATUS.entrust) {
      this.addPayout(this.terms.get(row.marketId)?.quoteCurrencyId ?? 0, -row.maxPayout);
      this.addEntrusts(row.marketId, -1);
    }
  }

  addEntrusts(marketId: number, n: number): void {
    this.entrusts.set(marketId, (this.entrusts.get(marketId) ?? 0) + n);
  }

  addPayout(currencyId: number, amount: bigint): void {
    this.entrustPayout.set(currencyId, (this.entrustPayout.get(currencyId) ?? 0n) + amount);
  }

  private addNet(row: LeverRow, sign: 1n | -1n): void {
    const qd = this.terms.get(row.marketId)?.qtyDecimals ?? SCALE;
    const qty = fromScale(row.number, qd) * sign;
    const net = (this.netQty.get(row.marketId) ?? 0n) + (row.side === 1 ? qty : -qty);
    this.netQty.set(row.marketId, net);
  }

  private addHands(row: LeverRow, hands: number): void {
    this.hands.set(row.marketId, (this.hands.get(row.marketId) ?? 0) + hands);
    const key = handsKey(row.userId, row.marketId);
    this.userHands.set(key, (this.userHands.get(key) ?? 0) + hands);
  }
}

/** A pair's mark in ledger units (the engine's at its price and amount decimals). */
function pairMark(terms: LeverTerms, m: LeverMark): PairMark {
  const pd = terms.priceDecimals;
  const amount = pd + terms.qtyDecimals;
  return {
    status: m.status,
    value: m.value === null ? null : scaled(m.value, pd),
    average: m.average === null ? null : scaled(m.average, pd),
    bidDepth: toScale(m.bidDepth, amount),
    askDepth: toScale(m.askDepth, amount),
  };
}
