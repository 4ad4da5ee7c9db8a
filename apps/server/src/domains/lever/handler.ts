import {
  ACCOUNT_TYPE,
  JOURNAL_KIND,
  LEVER_STATUS,
  type CloseReason,
  type MarkStatus,
} from '@exchange/contract';
import { fromUnits, lever, price, toUnits } from '@exchange/engine';
import { eq, inArray, max } from 'drizzle-orm';
import { pow10, SCALE, scaled, units } from '../../core/amounts.js';
import type { Handler } from '../../core/handler.js';
import { parsePrice } from '../../core/parse.js';
import { reject } from '../../core/result.js';
import type { Sequencer } from '../../core/sequencer.js';
import type { Committed } from '../../core/types.js';
import type { Db } from '../../db/client.js';
import {
  currencies,
  leverPositions,
  leverSettings,
  markets,
  settings,
  systemState,
} from '../../db/schema.js';
import type { SpotHandler } from '../spot/handler.js';
import { BOOK_LEVELS, spotChanges } from '../spot/spot-rows.js';
import { type LeverMark, MarkRecord, type MarkSettings } from './mark-record.js';
import { LEVER_PART } from './rows.js';
import type { LeverRow, LeverTerms } from './types.js';

/** The stop-out level (percent) when the operator has set none (settings key `lever_stop_out`). */
export const DEFAULT_STOP_OUT = '50';
/** At or below this hazard rate (percent) a user may only reduce. */
const REDUCE_ONLY_HUNDREDTHS = 10000n;
/** A pair's risk is checked at most this often while its book or trades change. */
const TICK_MS = 100;
const HOUSE = 'lever-house';
/** system_state key of the last Bangkok day whose overnight fee was charged. */
const OVERNIGHT_KEY = 'lever.overnight_day';
const INSURANCE = 'lever-insurance';
/**
 * A pair's mark settings while the operator has set none (and the columns' defaults): each side
 * holds 1,000 of the quote currency within 2 % of the mid, the mark is held within 2 % of its
 * 60 s average, and the house's exposure bound has a multiple of 1 (docs/architecture.md §4a).
 */
export const DEFAULT_MARK = {
  minDepth: '1000',
  band: '0.02',
  windowS: 60,
  multiple: '1',
} as const;
/** Book levels per side read to price a push of the mark (the exposure bound). */
const COST_LEVELS = 200;
/** While positions are open the mark is looked at this often even if no book changes. */
const HEARTBEAT_MS = 1000;

export interface SubmitInput {
  userId: number;
  marketId: number;
  side: 1 | 2;
  /** 0 limit entrust at `targetPrice`, 1 at the market. */
  status: 0 | 1;
  share: number;
  multiple: number;
  targetPrice: string | null;
}

export type TermsInput = Partial<
  Pick<
    LeverTerms,
    | 'open'
    | 'pointRate'
    | 'shareNum'
    | 'feeRate'
    | 'multiples'
    | 'minShare'
    | 'maxShare'
    | 'overnightRate'
    | 'maxOpenInterest'
    | 'markMinDepth'
    | 'markBand'
    | 'markWindowS'
    | 'manipulationMultiple'
  >
>;

const toScale = (value: bigint, decimals: number) => value * pow10(SCALE - decimals);
const fromScale = (value: bigint, decimals: number) => value / pow10(SCALE - decimals);

/**
 * Leveraged trading: contracts for difference against the house (ARCHITECTURE §1 and §4a). A
 * position's margin is held in the user's lever account; its fee goes to the `lever-house` account
 * of the quote currency, which pays gains and receives losses; what a user cannot pay of a loss
 * comes from `lever-insurance`, never from the user beyond what they hold. The maths and the risk
 * desk are packages/engine's (`lever`); this handler applies their results to the ledger.
 */
export class LeverHandler implements Handler {
  readonly name = 'lever';
  private terms = new Map<number, LeverTerms>();
  private rows = new Map<number, LeverRow>();
  private desk = new lever.LeverDesk([], DEFAULT_STOP_OUT);
  private stopOutLevel = DEFAULT_STOP_OUT;
  private nextId = 1;
  private chargedDay: string | null = null;
  /** Hands of live rows (positions and entrusts) per pair, and per user and pair. */
  private hands = new Map<number, number>();
  private userHands = new Map<string, number>();
  /** Largest gains of waiting entrusts per quote currency (open positions': the desk's). */
  private entrustPayout = new Map<number, bigint>();
  /** Σ long − Σ short base quantity of live rows per pair, quantity units (the exposure bound). */
  private netQty = new Map<number, bigint>();
  /** Waiting entrusts per pair: the heartbeat ticks their pair even while the mark stands still. */
  private entrusts = new Map<number, number>();
  /** Each pair's committed depth mids over its window, and the mark they make. */
  private readonly marks = new MarkRecord();
  private markSettings = new Map<number, MarkSettings>();
  /** The mark each pair was last ticked at (ledger units; null: thin). */
  private tickedMark = new Map<number, bigint | null>();
  private lastTick = new Map<number, number>();
  private timers = new Map<number, ReturnType<typeof setTimeout>>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  /**
   * `clock` is the one source of time of the mark price (its samples and its window): tests
   * drive it; everything else keeps the wall clock.
   */
  constructor(
    private readonly seq: Sequencer,
    private readonly spot: SpotHandler,
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  async load(db: Db) {
    const termRows = await db
      .select({
        marketId: markets.id,
        symbol: markets.symbol,
        baseCurrencyId: markets.baseCurrencyId,
        quoteCurrencyId: markets.quoteCurrencyId,
        priceDecimals: markets.priceDecimals,
        qtyDecimals: markets.qtyDecimals,
        amountDecimals: currencies.displayDecimals,
        open: markets.openLever,
        pointRate: leverSettings.pointRate,
        shareNum: leverSettings.shareNum,
        feeRate: leverSettings.feeRate,
        multiples: leverSettings.multiples,
        minShare: leverSettings.minShare,
        maxShare: leverSettings.maxShare,
        overnightRate: leverSettings.overnightRate,
        maxOpenInterest: leverSettings.maxOpenInterest,
        markMinDepth: leverSettings.markMinDepth,
        markBand: leverSettings.markBand,
        markWindowS: leverSettings.markWindowS,
        manipulationMultiple: leverSettings.manipulationMultiple,
      })
      .from(markets)
      .innerJoin(currencies, eq(currencies.id, markets.quoteCurrencyId))
      .leftJoin(leverSettings, eq(leverSettings.marketId, markets.id));
    this.terms = new Map();
    for (const r of termRows) {
      this.terms.set(r.marketId, {
        marketId: r.marketId,
        symbol: r.symbol,
        baseCurrencyId: r.baseCurrencyId,
        quoteCurrencyId: r.quoteCurrencyId,
        priceDecimals: r.priceDecimals,
        qtyDecimals: r.qtyDecimals,
        amountDecimals: r.amountDecimals,
        open: r.open,
        pointRate: plain(r.pointRate ?? '0.001'),
        shareNum: plain(r.shareNum ?? '0.01'),
        feeRate: plain(r.feeRate ?? '0.002'),
        multiples: r.multiples ?? [5, 10, 20, 50, 100],
        minShare: r.minShare ?? 1,
        maxShare: r.maxShare ?? 100,
        overnightRate: plain(r.overnightRate ?? '0.0005'),
        maxOpenInterest: r.maxOpenInterest ?? 10000,
        markMinDepth: plain(r.markMinDepth ?? DEFAULT_MARK.minDepth),
        markBand: plain(r.markBand ?? DEFAULT_MARK.band),
        markWindowS: r.markWindowS ?? DEFAULT_MARK.windowS,
        manipulationMultiple: plain(r.manipulationMultiple ?? DEFAULT_MARK.multiple),
      });
    }
    this.markSettings = new Map();
    for (const t of this.terms.values()) this.markSettings.set(t.marketId, markSettingsOf(t));
    const [stopOut] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, 'lever_stop_out'));
    this.stopOutLevel = stopOut?.value ?? DEFAULT_STOP_OUT;
    const [charged] = await db
      .select({ value: systemState.value })
      .from(systemState)
      .where(eq(systemState.key, OVERNIGHT_KEY));
    this.chargedDay = charged?.value ?? null;
    this.desk = new lever.LeverDesk([...this.terms.values()].map(deskPair), this.stopOutLevel);

    const live = await db
      .select()
      .from(leverPositions)
      .where(inArray(leverPositions.status, [LEVER_STATUS.entrust, LEVER_STATUS.trading]));
    this.rows = new Map();
    this.hands = new Map();
    this.userHands = new Map();
    this.entrustPayout = new Map();
    this.netQty = new Map();
    this.entrusts = new Map();
    for (const r of live) {
      const row = rowOf(r);
      this.addLive(row);
      if (row.status === LEVER_STATUS.trading) this.desk.add(this.deskPosition(row));
    }
    const [top] = await db.select({ v: max(leverPositions.id) }).from(leverPositions);
    this.nextId = (top?.v ?? 0) + 1;

    // The books as the store holds them, from now on: after a start the mark is thin until the
    // books have stood for half a window (samples of an earlier run are not kept). After a
    // rebuild of memory the samples so far stay: they came from committed books.
    const now = this.clock();
    for (const t of this.terms.values()) this.recordBook(t.marketId, now);
    this.startHeartbeat();
  }

  // ---- Reads (memory as committed and applied) ----

  termsOf(marketId: number): LeverTerms | undefined {
    return this.terms.get(marketId);
  }

  allTerms(): LeverTerms[] {
    return [...this.terms.values()];
  }

  get stopOut(): string {
    return this.stopOutLevel;
  }

  row(id: number): LeverRow | undefined {
    return this.rows.get(id);
  }

  /** Live rows (entrusts and open positions) of a user, newest first. */
  liveRowsOf(userId: number, marketId?: number): LeverRow[] {
    return [...this.rows.values()]
      .filter((r) => r.userId === userId && (marketId === undefined || r.marketId === marketId))
      .sort((a, b) => b.id - a.id);
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
  private onThinPair(userId: number, currencyId: number): boolean {
    for (const r of this.rows.values()) {
      if (r.userId !== userId || r.status !== LEVER_STATUS.trading) continue;
      if (this.terms.get(r.marketId)?.quoteCurrencyId !== currencyId) continue;
      if (this.markPrice(r.marketId) === null) return true;
    }
    return false;
  }

  /** A user's open positions in a quote currency, newest first. */
  openRowsOf(userId: number, currencyId: number): LeverRow[] {
    return [...this.rows.values()]
      .filter(
        (r) =>
          r.userId === userId &&
          r.status === LEVER_STATUS.trading &&
          this.terms.get(r.marketId)?.quoteCurrencyId === currencyId,
      )
      .sort((a, b) => b.id - a.id);
  }

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

  /**
   * Mark price of a pair now (ledger units), null while its book is thin: the time-weighted
   * average of the committed book's depth mid over the pair's window, the current depth mid
   * clamped to the band around it (engine `price.markPrice`, docs/architecture.md §4a).
   */
  markPrice(marketId: number): bigint | null {
    return this.markOf(marketId).value;
  }

  /**
   * The mark a user's own close (`close`, `batchClose`) is priced at now (ledger units): the
   * pair's mark while it is ok; while it is thin, the last ok mark the pair had, if that stood
   * within the pair's window (now − mark_window_s, now]; otherwise null (`lever.no_mark`), as
   * right after a start, when the samples and so the last ok mark are gone.
   *
   * Why a thin book may not keep a trader in: the last ok mark was itself the depth mid clamped
   * to the band around the window's average, so a pusher who thins the book after pushing gets
   * exactly what closing a moment earlier, while the mark was ok, would have given, and nothing
   * the thin book makes up (the mark is not re-read while thin). What it does give away is a
   * window's worth of staleness: the trader may close at that price for at most one window while
   * the outside price moves; the window bounds it. The house never acts on it: stops, capped
   * gains, liquidations and entrust fills still need an ok mark (`tick`), and nothing opens
   * while thin (`submit`). Closing only reduces the house's exposure.
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
    return this.pairMark(terms, this.marks.mark(marketId, settings, this.clock()));
  }

  private pairMark(terms: LeverTerms, m: LeverMark): PairMark {
    const pd = terms.priceDecimals;
    const amount = pd + terms.qtyDecimals;
    return {
      status: m.status,
      value: m.value === null ? null : scaled(m.value, pd),
      average: m.average === null ? null : scaled(m.average, pd),
      bidDepth: ledgerOf(m.bidDepth, amount),
      askDepth: ledgerOf(m.askDepth, amount),
    };
  }

  /** Records a pair's book as it stands in memory now (committed, or about to be). */
  private recordBook(marketId: number, now: number) {
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

  /** Profit of an open row at a mark (ledger units; realised rows: their profit). */
  profitOf(row: LeverRow, mark: bigint | null): bigint {
    if (row.status !== LEVER_STATUS.trading) return row.profit ?? 0n;
    const terms = this.terms.get(row.marketId);
    if (!terms || mark === null) return 0n;
    const position = this.desk.get(row.id);
    if (!position) return 0n;
    return toScale(
      this.desk.profitAt(position, fromScale(mark, terms.priceDecimals)),
      terms.amountDecimals,
    );
  }

  /** Hazard rate (percent, 2 decimals) of a user in a currency at the current marks. */
  hazardRate(userId: number, currencyId: number): string | null {
    const terms = [...this.terms.values()].find((t) => t.quoteCurrencyId === currencyId);
    if (!terms) return null;
    const d = terms.amountDecimals;
    const risk = this.desk.risk(userId, currencyId);
    return lever.hazardRate(
      fromUnits(fromScale(this.free(userId, currencyId), d), d),
      [fromUnits(risk.margins, d)],
      [fromUnits(risk.profits, d)],
    );
  }

  // ---- Commands ----

  /** Open hands (positions and waiting entrusts) of a pair. */
  openHands(marketId: number): number {
    return this.hands.get(marketId) ?? 0;
  }

  /** Open positions in a quote currency. */
  openPositions(currencyId: number): number {
    let n = 0;
    for (const r of this.rows.values()) {
      if (
        r.status === LEVER_STATUS.trading &&
        this.terms.get(r.marketId)?.quoteCurrencyId === currencyId
      )
        n += 1;
    }
    return n;
  }

  /** Balance of the house or the insurance account in a currency. */
  systemBalance(code: 'lever-house' | 'lever-insurance', currencyId: number): bigint {
    return this.seq.ledger.system(code, currencyId).available;
  }

  /**
   * Sets the stop-out level (percent, validated by the caller); users at or below it now are
   * liquidated at once, at the current marks.
   */
  setStopOut(level: string, actorId: number): Promise<string> {
    this.seq.ensureRunning();
    return this.seq.run(() => {
      const at = new Date();
      this.stopOutLevel = level;
      this.desk.setStopOut(level);
      this.seq.batch.extras.push((tx) =>
        tx
          .insert(settings)
          .values({ key: 'lever_stop_out', value: level, isPublic: false })
          .onConflictDoUpdate({ target: settings.key, set: { value: level, updatedAt: at } }),
      );
      this.seq.batch.audits.push({
        actorId,
        action: 'lever.stop_out',
        target: 'lever',
        detail: { level },
      });
      for (const { userId, currencyId } of this.holders()) {
        if (this.onThinPair(userId, currencyId)) continue;
        this.desk.checkUser(userId, currencyId, this.balances(), (close) =>
          this.applyClose(close, at),
        );
      }
      return level;
    });
  }

  /** Changes a pair's lever terms; the caller has validated them (see terms.ts). */
  setTerms(marketId: number, change: TermsInput, actorId: number): Promise<LeverTerms> {
    this.seq.ensureRunning();
    const current = this.terms.get(marketId);
    if (!current) return reject('MARKET_NOT_FOUND');
    const next: LeverTerms = { ...current, ...change };
    if (next.minShare > next.maxShare)
      reject('LEVER_SHARE_RANGE', { min: next.minShare, max: next.maxShare });
    return this.seq.run(() => {
      this.terms.set(marketId, next);
      this.desk.setPair(deskPair(next));
      // New mark settings apply to the book from now on (its earlier mids stay in the record).
      this.markSettings.set(marketId, markSettingsOf(next));
      this.recordBook(marketId, this.clock());
      this.seq.batch.extras.push(async (tx) => {
        await tx
          .insert(leverSettings)
          .values({
            marketId,
            pointRate: next.pointRate,
            shareNum: next.shareNum,
            feeRate: next.feeRate,
            multiples: next.multiples,
            minShare: next.minShare,
            maxShare: next.maxShare,
            overnightRate: next.overnightRate,
            maxOpenInterest: next.maxOpenInterest,
            markMinDepth: next.markMinDepth,
            markBand: next.markBand,
            markWindowS: next.markWindowS,
            manipulationMultiple: next.manipulationMultiple,
          })
          .onConflictDoUpdate({
            target: leverSettings.marketId,
            set: {
              pointRate: next.pointRate,
              shareNum: next.shareNum,
              feeRate: next.feeRate,
              multiples: next.multiples,
              minShare: next.minShare,
              maxShare: next.maxShare,
              overnightRate: next.overnightRate,
              maxOpenInterest: next.maxOpenInterest,
              markMinDepth: next.markMinDepth,
              markBand: next.markBand,
              markWindowS: next.markWindowS,
              manipulationMultiple: next.manipulationMultiple,
              updatedAt: new Date(),
            },
          });
        await tx.update(markets).set({ openLever: next.open }).where(eq(markets.id, marketId));
      });
      this.seq.batch.audits.push({
        actorId,
        action: 'lever.settings',
        target: `market:${String(marketId)}`,
        detail: { ...change },
      });
      return next;
    });
  }

  submit(input: SubmitInput): Promise<LeverRow> {
    this.seq.ensureRunning();
    const terms = this.terms.get(input.marketId);
    if (!terms) return reject('MARKET_NOT_FOUND');
    if (!terms.open) reject('LEVER_CLOSED_PAIR');
    if (!terms.multiples.includes(input.multiple))
      reject('LEVER_MULTIPLE', { multiples: terms.multiples.join(', ') });
    if (input.share < terms.minShare || input.share > terms.maxShare)
      reject('LEVER_SHARE_RANGE', { min: terms.minShare, max: terms.maxShare });
    const pd = terms.priceDecimals;
    const d = terms.amountDecimals;
    // A thin book gives no mark: nothing opens, not even an entrust (it would fill at a tick).
    const mark = this.markPrice(input.marketId);
    if (mark === null) return reject('LEVER_NO_MARK');
    let origin: string;
    if (input.status === 0) {
      if (!input.targetPrice) return reject('LEVER_PRICE_REQUIRED');
      // Bounded: a target no order could carry is refused before it reaches the core.
      origin = fromUnits(parsePrice(input.targetPrice, pd), pd);
    } else {
      origin = fromUnits(fromScale(mark, pd), pd);
    }
    // Hands held and waiting, the user's and the pair's.
    const userShares = this.userHands.get(handsKey(input.userId, input.marketId)) ?? 0;
    const pairShares = this.openHands(input.marketId);
    if (userShares + input.share > terms.maxShare)
      reject('LEVER_USER_LIMIT', { max: terms.maxShare, held: userShares });
    if (pairShares + input.share > terms.maxOpenInterest) reject('LEVER_OPEN_INTEREST');

    const entry = lever.entryPrice(input.side, origin, terms.pointRate, pd);
    const number = lever.positionNumber(input.share, terms.shareNum, terms.qtyDecimals);
    const margin = toUnits(lever.marginOf(entry, number, input.multiple, d), d);
    const fee = toUnits(lever.tradeFee(fromUnits(margin, d), terms.feeRate, d), d);
    const cap = toUnits(lever.maxPayout(entry, number, d), d);
    if (margin <= 0n) reject('INVALID_AMOUNT');
    const currency = terms.quoteCurrencyId;
    const free = this.free(input.userId, currency);
    if (free < toScale(margin + fee, d)) reject('INSUFFICIENT_FUNDS');
    const house = this.seq.ledger.system(HOUSE, currency).available;
    if (this.exposure(currency) + toScale(cap, d) > house) reject('LEVER_HOUSE_COVER');
    {
      // At 100 % or less after this position, the user may only reduce: a market position and
      // an entrust alike (the entrust valued at its own price, as a market one at the mark; its
      // fill is checked again, see `tick`).
      const risk = this.desk.risk(input.userId, currency);
      const profit = toUnits(lever.profitAt(input.side, entry, origin, number, d), d);
      const freeAfter = fromScale(free, d) - margin - fee;
      const rate = reduceOnlyRate(freeAfter, risk.margins + margin, risk.profits + profit, d);
      if (rate !== null) reject('LEVER_RISK', { rate });
    }
    {
      // The house's exposure bound: a position that adds to the pair's net exposure is accepted
      // only while pushing the mark one band against the house costs `multiple` × what the
      // house would lose to it (docs/architecture.md §4a). One that reduces it always is.
      const qty = toUnits(number, terms.qtyDecimals);
      const before = this.netQty.get(input.marketId) ?? 0n;
      const after = before + (input.side === 1 ? qty : -qty);
      if (abs(after) > abs(before)) {
        const check = this.exposureCheckOf(input.marketId, after, fromScale(mark, pd));
        if (check === null) reject('LEVER_NO_MARK');
        else if (!check.ok) reject('LEVER_EXPOSURE_BOUND');
      }
    }

    return this.seq.run(() => {
      const at = new Date();
      const { ledger } = this.seq;
      const account = ledger.user(input.userId, currency, ACCOUNT_TYPE.lever);
      const row: LeverRow = {
        id: this.nextId++,
        userId: input.userId,
        marketId: input.marketId,
        side: input.side,
        status: input.status === 1 ? LEVER_STATUS.trading : LEVER_STATUS.entrust,
        share: input.share,
        number: toScale(toUnits(number, terms.qtyDecimals), terms.qtyDecimals),
        multiple: input.multiple,
        originPrice: scaled(toUnits(origin, pd), pd),
        price: scaled(toUnits(entry, pd), pd),
        targetPrice: input.status === 0 ? scaled(toUnits(origin, pd), pd) : null,
        margin: toScale(margin, d),
        originMargin: toScale(margin, d),
        fee: toScale(fee, d),
        overnight: 0n,
        maxPayout: toScale(cap, d),
        stopProfit: null,
        stopLoss: null,
        closeReason: null,
        closeMarkPrice: null,
        closePrice: null,
        profit: null,
        createdAt: at,
        updatedAt: at,
        closedAt: null,
      };
      if (input.status === 1) {
        ledger.post({ kind: JOURNAL_KIND.leverOpen, refId: row.id, at }, [
          { account, bucket: 0, amount: -(row.margin + row.fee) },
          { account, bucket: 1, amount: row.margin },
          { account: ledger.system(HOUSE, currency), bucket: 0, amount: row.fee },
        ]);
        this.desk.add(this.deskPosition(row));
      } else {
        ledger.post({ kind: JOURNAL_KIND.leverLock, refId: row.id, at }, [
          { account, bucket: 0, amount: -(row.margin + row.fee) },
          { account, bucket: 1, amount: row.margin + row.fee },
        ]);
      }
      this.addLive(row);
      const part = this.seq.batch.part(LEVER_PART);
      part.created.add(row.id);
      part.rows.set(row.id, row);
      return { ...row };
    });
  }

  cancel(userId: number, id: number): Promise<LeverRow> {
    this.seq.ensureRunning();
    const row = this.ownRow(userId, id);
    if (row.status !== LEVER_STATUS.entrust) reject('LEVER_NOT_ENTRUST');
    return this.seq.run(() => {
      this.cancelRow(row, new Date());
      return { ...row };
    });
  }

  close(userId: number, id: number): Promise<LeverRow> {
    this.seq.ensureRunning();
    const row = this.ownRow(userId, id);
    if (row.status !== LEVER_STATUS.trading) reject('LEVER_NOT_OPEN');
    // The mark, or while the book is thin its last ok mark of the window (see `closeMark`);
    // `close_mark_price` records which price it was.
    const mark = this.closeMark(row.marketId);
    if (mark === null) return reject('LEVER_NO_MARK');
    return this.seq.run(() => {
      const terms = this.terms.get(row.marketId) as LeverTerms;
      const close = this.desk.close(
        row.id,
        'user',
        this.balances(),
        fromScale(mark, terms.priceDecimals),
      );
      this.applyClose(close, new Date());
      return { ...row };
    });
  }

  setStops(
    userId: number,
    id: number,
    stopProfit: string | null,
    stopLoss: string | null,
  ): Promise<LeverRow> {
    this.seq.ensureRunning();
    const row = this.ownRow(userId, id);
    if (row.status !== LEVER_STATUS.trading) reject('LEVER_NOT_OPEN');
    const terms = this.terms.get(row.marketId) as LeverTerms;
    const pd = terms.priceDecimals;
    // Stops may be set and cleared while the book is thin: that moves no money, and a stop fires
    // only on a tick at an ok mark, at that mark ∓ spread, never at its own price. Their sides
    // are checked against the price a close would get now (the mark, or its last ok value of
    // the window, see `closeMark`); with neither there is no price to check them against, and
    // the first ok mark decides (a stop on its wrong side then closes at that mark ∓ spread).
    const mark = this.closeMark(row.marketId);
    // Empty or zero clears a stop; any other value is a price no larger than an order's (bounded
    // to its NUMERIC column: an over-long stop once failed the batch and rebuilt the core).
    const parse = (value: string | null): bigint | null => {
      const text = value?.trim() ?? '';
      if (text === '' || /^0+(\.0+)?$/.test(text)) return null;
      return parsePrice(text, pd);
    };
    const tp = parse(stopProfit);
    const sl = parse(stopLoss);
    const problem =
      mark === null
        ? null
        : lever.stopProblem(
            row.side,
            fromUnits(fromScale(mark, pd), pd),
            tp === null ? null : fromUnits(tp, pd),
            sl === null ? null : fromUnits(sl, pd),
          );
    if (problem === 'stop_profit_side') reject('LEVER_STOP_PROFIT_SIDE');
    if (problem === 'stop_loss_side') reject('LEVER_STOP_LOSS_SIDE');
    return this.seq.run(() => {
      this.desk.setStops(row.id, tp, sl);
      row.stopProfit = tp === null ? null : scaled(tp, pd);
      row.stopLoss = sl === null ? null : scaled(sl, pd);
      row.updatedAt = new Date();
      this.seq.batch.part(LEVER_PART).rows.set(row.id, row);
      return { ...row };
    });
  }

  /** Closes the user's open positions of a pair (0 all, 1 long, 2 short) at one mark price. */
  batchClose(
    userId: number,
    marketId: number,
    type: 0 | 1 | 2,
  ): Promise<{ ids: number[]; mark: bigint | null }> {
    this.seq.ensureRunning();
    const terms = this.terms.get(marketId);
    if (!terms) return reject('MARKET_NOT_FOUND');
    const chosen = [...this.rows.values()].filter(
      (r) =>
        r.userId === userId &&
        r.marketId === marketId &&
        r.status === LEVER_STATUS.trading &&
        (type === 0 || r.side === type),
    );
    if (chosen.length === 0) return this.seq.acknowledge(() => ({ ids: [], mark: null }));
    // As `close`: the mark, or while thin its last ok value of the window (answered as `mark`).
    const mark = this.closeMark(marketId);
    if (mark === null) return reject('LEVER_NO_MARK');
    return this.seq.run(() => {
      const at = new Date();
      const markTicks = fromScale(mark, terms.priceDecimals);
      for (const r of chosen)
        this.applyClose(this.desk.close(r.id, 'close_all', this.balances(), markTicks), at);
      return { ids: chosen.map((r) => r.id), mark };
    });
  }

  /** The Bangkok day (YYYY-MM-DD) whose overnight fee was charged last, null before the first. */
  get overnightDay(): string | null {
    return this.chargedDay;
  }

  /**
   * The overnight fee of `day` (a Bangkok date), once: each open position pays number × mark ×
   * its pair's overnight rate, from the free lever balance first, then from its margin (never
   * more than it holds); the house receives it and `overnight_money` adds it up. Users whose
   * equity fell are checked at stop-out. A day already charged is skipped (also after a restart:
   * the day is stored with the batch).
   */
  chargeOvernight(day: string): Promise<number> {
    this.seq.ensureRunning();
    if (this.chargedDay !== null && this.chargedDay >= day) return this.seq.acknowledge(() => 0);
    return this.seq.run(() => {
      const at = new Date();
      const { ledger } = this.seq;
      let charged = 0;
      const users = new Set<string>();
      for (const row of [...this.rows.values()]) {
        if (row.status !== LEVER_STATUS.trading) continue;
        const terms = this.terms.get(row.marketId);
        const mark = this.markPrice(row.marketId);
        if (!terms || mark === null) continue;
        const d = terms.amountDecimals;
        const pd = terms.priceDecimals;
        const fee = toUnits(
          lever.overnightFee(
            fromUnits(fromScale(row.number, terms.qtyDecimals), terms.qtyDecimals),
            fromUnits(fromScale(mark, pd), pd),
            terms.overnightRate,
            d,
          ),
          d,
        );
        if (fee <= 0n) continue;
        const currency = terms.quoteCurrencyId;
        const account = ledger.user(row.userId, currency, ACCOUNT_TYPE.lever);
        const free = fromScale(account.available, d);
        const fromFree = fee < free ? fee : free;
        const fromMargin = this.desk.takeFromMargin(row.id, fee - fromFree);
        const total = fromFree + fromMargin;
        if (total === 0n) continue;
        ledger.post({ kind: JOURNAL_KIND.leverOvernight, refId: row.id, at }, [
          { account, bucket: 0, amount: -toScale(fromFree, d) },
          { account, bucket: 1, amount: -toScale(fromMargin, d) },
          { account: ledger.system(HOUSE, currency), bucket: 0, amount: toScale(total, d) },
        ]);
        row.margin -= toScale(fromMargin, d);
        row.overnight += toScale(total, d);
        row.updatedAt = at;
        this.seq.batch.part(LEVER_PART).rows.set(row.id, row);
        users.add(`${String(row.userId)}:${String(currency)}`);
        charged += 1;
      }
      for (const key of users) {
        const [userId, currency] = key.split(':').map(Number) as [number, number];
        if (this.onThinPair(userId, currency)) continue;
        this.desk.checkUser(userId, currency, this.balances(), (close) =>
          this.applyClose(close, at),
        );
      }
      this.chargedDay = day;
      this.seq.batch.extras.push((tx) =>
        tx
          .insert(systemState)
          .values({ key: OVERNIGHT_KEY, value: day })
          .onConflictDoUpdate({ target: systemState.key, set: { value: day } }),
      );
      return charged;
    });
  }

  // ---- Risk: after each commit that moved a pair's book or trades ----

  /**
   * Follows committed spot changes: each changed book's depth mid goes into its pair's mark
   * record, and the pairs they moved get a risk tick.
   */
  afterCommit(committed: Committed): void {
    const spot = spotChanges(committed);
    const now = this.clock();
    const moved = new Set<number>();
    for (const t of spot.trades) moved.add(t.marketId);
    for (const [id, book] of spot.books) {
      // Every pair's (a pair opened for leverage later has its record already).
      const settings = this.markSettings.get(id);
      if (settings) this.marks.record(id, price.depthOf(book), settings, now);
      moved.add(id);
    }
    for (const id of moved) if (this.hasLive(id)) this.schedule(id);
    this.startHeartbeat();
  }

  /**
   * The mark moves with time as well as with the book (it is an average): once a second each
   * pair with live rows whose mark changed since its last tick, or with entrusts waiting, ticks.
   */
  private startHeartbeat(): void {
    if (this.heartbeat !== null || this.stopped) return;
    this.heartbeat = setInterval(() => {
      for (const id of this.hands.keys()) {
        if (!this.hasLive(id)) continue;
        const ticked = this.tickedMark.get(id);
        if (ticked === undefined || ticked !== this.markPrice(id) || this.entrusts.get(id))
          this.schedule(id);
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private hasLive(marketId: number): boolean {
    return this.openHands(marketId) > 0;
  }

  private schedule(marketId: number): void {
    if (this.timers.has(marketId)) return;
    const wait = Math.max(0, (this.lastTick.get(marketId) ?? 0) + TICK_MS - Date.now());
    this.timers.set(
      marketId,
      setTimeout(() => {
        this.timers.delete(marketId);
        this.lastTick.set(marketId, Date.now());
        this.tick(marketId).catch(this.onError);
      }, wait),
    );
  }

  /** Stops timers (the server is closing). */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /**
   * One risk pass of a pair at its mark now: the desk re-marks the pair's positions, closes stops
   * and capped gains and liquidates at stop-out; then waiting entrusts whose target the mark
   * crossed open at their target, or are cancelled when their user's hazard rate at this mark
   * would be 100 % or less. While the pair's book is thin (no mark) nothing happens.
   */
  tick(marketId: number): Promise<void> {
    const terms = this.terms.get(marketId);
    const mark = this.markPrice(marketId);
    this.tickedMark.set(marketId, mark);
    if (!terms || mark === null) return Promise.resolve();
    try {
      this.seq.ensureRunning();
    } catch {
      // The core is reloading: the next change of the book ticks again.
      return Promise.resolve();
    }
    const pd = terms.priceDecimals;
    const markText = fromUnits(fromScale(mark, pd), pd);
    return this.seq.run(() => {
      const at = new Date();
      const { ledger } = this.seq;
      this.desk.tick(marketId, fromScale(mark, pd), this.balances(), (close) =>
        this.applyClose(close, at),
      );
      for (const r of [...this.rows.values()]) {
        if (r.marketId !== marketId || r.status !== LEVER_STATUS.entrust || r.targetPrice === null)
          continue;
        if (!lever.entrustReached(r.side, markText, fromUnits(fromScale(r.targetPrice, pd), pd)))
          continue;
        // Reduce-only at fill too: an entrust that would leave its user at 100 % or less (its
        // margin and fee are held already; everything valued at the marks the desk holds now,
        // this pair's just set) is cancelled, its hold released.
        if (this.fillRate(r, terms, fromScale(mark, pd)) !== null) {
          this.cancelRow(r, at);
          continue;
        }
        const account = ledger.user(r.userId, terms.quoteCurrencyId, ACCOUNT_TYPE.lever);
        ledger.post({ kind: JOURNAL_KIND.leverOpen, refId: r.id, at }, [
          { account, bucket: 1, amount: -r.fee },
          { account: ledger.system(HOUSE, terms.quoteCurrencyId), bucket: 0, amount: r.fee },
        ]);
        this.addPayout(terms.quoteCurrencyId, -r.maxPayout);
        this.addEntrusts(r.marketId, -1);
        r.status = LEVER_STATUS.trading;
        r.updatedAt = at;
        this.desk.add(this.deskPosition(r));
        this.seq.batch.part(LEVER_PART).rows.set(r.id, r);
      }
    });
  }

  // ---- Internals ----

  /**
   * The hazard rate (percent text) an entrust would leave its user at if it opened now at `mark`
   * (price units), when that is 100 % or less; null when it may open.
   */
  private fillRate(r: LeverRow, terms: LeverTerms, mark: bigint): string | null {
    const d = terms.amountDecimals;
    const position = this.deskPosition(r);
    const risk = this.desk.risk(r.userId, terms.quoteCurrencyId);
    return reduceOnlyRate(
      fromScale(this.free(r.userId, terms.quoteCurrencyId), d),
      risk.margins + position.margin,
      risk.profits + this.desk.profitAt(position, mark),
      d,
    );
  }

  /** Cancels a waiting entrust: its margin and fee go back to the free balance. Inside `run`. */
  private cancelRow(row: LeverRow, at: Date): void {
    const terms = this.terms.get(row.marketId) as LeverTerms;
    const { ledger } = this.seq;
    const account = ledger.user(row.userId, terms.quoteCurrencyId, ACCOUNT_TYPE.lever);
    ledger.post({ kind: JOURNAL_KIND.leverUnlock, refId: row.id, at }, [
      { account, bucket: 1, amount: -(row.margin + row.fee) },
      { account, bucket: 0, amount: row.margin + row.fee },
    ]);
    this.removeLive(row);
    row.status = LEVER_STATUS.cancelled;
    row.updatedAt = at;
    row.closedAt = at;
    this.seq.batch.part(LEVER_PART).rows.set(row.id, row);
  }

  private ownRow(userId: number, id: number): LeverRow {
    const row = this.rows.get(id);
    if (!row || row.userId !== userId) return reject('LEVER_NOT_FOUND');
    return row;
  }

  private balances(): lever.DeskBalances {
    return {
      free: (userId, currency) => {
        const d = this.decimalsOf(currency);
        return fromScale(this.free(userId, currency), d);
      },
      insurance: (currency) =>
        fromScale(this.seq.ledger.system(INSURANCE, currency).available, this.decimalsOf(currency)),
    };
  }

  private decimalsOf(currencyId: number): number {
    for (const t of this.terms.values())
      if (t.quoteCurrencyId === currencyId) return t.amountDecimals;
    return SCALE;
  }

  /** Posts a close's settlement and records how the position ended. Inside `run` only. */
  private applyClose(close: lever.DeskClose, at: Date): void {
    const row = this.rows.get(close.position.id);
    const terms = row && this.terms.get(row.marketId);
    if (!row || !terms)
      throw new Error(`lever close of unknown position ${String(close.position.id)}`);
    const d = terms.amountDecimals;
    const pd = terms.priceDecimals;
    const s = close.settlement;
    const { ledger } = this.seq;
    const currency = terms.quoteCurrencyId;
    const account = ledger.user(row.userId, currency, ACCOUNT_TYPE.lever);
    const margin = toScale(s.marginBack, d);
    ledger.post({ kind: JOURNAL_KIND.leverClose, refId: row.id, at }, [
      { account, bucket: 1, amount: -margin },
      { account, bucket: 0, amount: margin + toScale(s.houseToUser - s.userToHouse, d) },
      {
        account: ledger.system(HOUSE, currency),
        bucket: 0,
        amount: toScale(s.userToHouse + s.insuranceToHouse - s.houseToUser, d),
      },
      {
        account: ledger.system(INSURANCE, currency),
        bucket: 0,
        amount: -toScale(s.insuranceToHouse, d),
      },
    ]);
    this.removeLive(row);
    row.status = LEVER_STATUS.closed;
    row.closeReason = close.reason;
    row.closeMarkPrice = scaled(close.markPrice, pd);
    row.closePrice = scaled(close.closePrice, pd);
    row.profit = toScale(close.profit, d);
    row.updatedAt = at;
    row.closedAt = at;
    this.seq.batch.part(LEVER_PART).rows.set(row.id, row);
  }

  /** A row becomes live (entrust or position): it counts in the hands, reserves and net. */
  private addLive(row: LeverRow): void {
    this.rows.set(row.id, row);
    this.addHands(row, row.share);
    this.addNet(row, 1n);
    if (row.status === LEVER_STATUS.entrust) {
      this.addPayout(this.terms.get(row.marketId)?.quoteCurrencyId ?? 0, row.maxPayout);
      this.addEntrusts(row.marketId, 1);
    }
  }

  /** A live row ends (cancelled or closed); call before its status changes. */
  private removeLive(row: LeverRow): void {
    this.rows.delete(row.id);
    this.addHands(row, -row.share);
    this.addNet(row, -1n);
    if (row.status === LEVER_STATUS.entrust) {
      this.addPayout(this.terms.get(row.marketId)?.quoteCurrencyId ?? 0, -row.maxPayout);
      this.addEntrusts(row.marketId, -1);
    }
  }

  private addNet(row: LeverRow, sign: 1n | -1n): void {
    const qd = this.terms.get(row.marketId)?.qtyDecimals ?? SCALE;
    const qty = fromScale(row.number, qd) * sign;
    const net = (this.netQty.get(row.marketId) ?? 0n) + (row.side === 1 ? qty : -qty);
    this.netQty.set(row.marketId, net);
  }

  private addEntrusts(marketId: number, n: number): void {
    this.entrusts.set(marketId, (this.entrusts.get(marketId) ?? 0) + n);
  }

  private addHands(row: LeverRow, hands: number): void {
    this.hands.set(row.marketId, (this.hands.get(row.marketId) ?? 0) + hands);
    const key = handsKey(row.userId, row.marketId);
    this.userHands.set(key, (this.userHands.get(key) ?? 0) + hands);
  }

  private addPayout(currencyId: number, amount: bigint): void {
    this.entrustPayout.set(currencyId, (this.entrustPayout.get(currencyId) ?? 0n) + amount);
  }

  private deskPosition(row: LeverRow): lever.DeskPosition {
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
}

const handsKey = (userId: number, marketId: number) => `${String(userId)}:${String(marketId)}`;

const abs = (v: bigint) => (v < 0n ? -v : v);

/** A pair's mark now in ledger units (the quote amounts within the band too). */
export interface PairMark {
  status: MarkStatus;
  value: bigint | null;
  average: bigint | null;
  bidDepth: bigint;
  askDepth: bigint;
}

const NO_MARK: PairMark = {
  status: 'thin',
  value: null,
  average: null,
  bidDepth: 0n,
  askDepth: 0n,
};

/** An amount at `decimals` into ledger units (exact up to 18 decimals, floored past them). */
function ledgerOf(value: bigint, decimals: number): bigint {
  return decimals <= SCALE ? value * pow10(SCALE - decimals) : value / pow10(decimals - SCALE);
}

/** A pair's mark settings in the engine's units. */
function markSettingsOf(t: LeverTerms): MarkSettings {
  return {
    minDepth: toUnits(t.markMinDepth, t.priceDecimals + t.qtyDecimals, 'floor'),
    bandPpm: toUnits(t.markBand, 6, 'floor'),
    windowMs: t.markWindowS * 1000,
    multiplePpm: toUnits(t.manipulationMultiple, 6, 'floor'),
  };
}

/**
 * The hazard rate (percent text) of free + margins + profits (money units at `d`) when it is at
 * or below 100 %, where a user may only reduce; null above.
 */
function reduceOnlyRate(free: bigint, margins: bigint, profits: bigint, d: number): string | null {
  if (!lever.atOrBelowStopOut(free, margins, profits, REDUCE_ONLY_HUNDREDTHS)) return null;
  return (
    lever.hazardRate(fromUnits(free, d), [fromUnits(margins, d)], [fromUnits(profits, d)]) ?? '0'
  );
}

function deskPair(t: LeverTerms): lever.DeskPair {
  return {
    pairId: t.marketId,
    currency: t.quoteCurrencyId,
    priceDecimals: t.priceDecimals,
    qtyDecimals: t.qtyDecimals,
    amountDecimals: t.amountDecimals,
    pointRate: t.pointRate,
  };
}

/** A NUMERIC as the store returns it, without trailing zeros (`0.001000…` → `0.001`). */
function plain(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

const optional = (v: string | null) => (v === null ? null : units(v));

function rowOf(r: typeof leverPositions.$inferSelect): LeverRow {
  return {
    id: r.id,
    userId: r.userId,
    marketId: r.marketId,
    side: r.type === 2 ? 2 : 1,
    status: r.status,
    share: r.share,
    number: units(r.number),
    multiple: r.multiple,
    originPrice: units(r.originPrice),
    price: units(r.price),
    targetPrice: optional(r.targetPrice),
    margin: units(r.margin),
    originMargin: units(r.originMargin),
    fee: units(r.fee),
    overnight: units(r.overnight),
    maxPayout: units(r.maxPayout),
    stopProfit: optional(r.stopProfit),
    stopLoss: optional(r.stopLoss),
    closeReason: r.closeReason as CloseReason | null,
    closeMarkPrice: optional(r.closeMarkPrice),
    closePrice: optional(r.closePrice),
    profit: optional(r.profit),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    closedAt: r.closedAt,
  };
}

export { rowOf as leverRowOf };
