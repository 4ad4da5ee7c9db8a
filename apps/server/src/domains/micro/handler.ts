import { ACCOUNT_TYPE, JOURNAL_KIND, MICRO_GRID_MS, MICRO_STATUS } from '@exchange/contract';
import { micro, price } from '@exchange/engine';
import { eq, inArray, like, max } from 'drizzle-orm';
import { pow10, SCALE, units, wireAmount } from '../../core/amounts.js';
import type { Handler } from '../../core/handler.js';
import { parseMoney } from '../../core/parse.js';
import { reject } from '../../core/result.js';
import type { Sequencer } from '../../core/sequencer.js';
import type { Committed } from '../../core/types.js';
import type { Db } from '../../db/client.js';
import {
  currencies,
  markets,
  microCaps,
  microCurrencies,
  microOrders,
  microSettings,
  settings,
  type MicroOption,
} from '../../db/schema.js';
import type { SpotHandler } from '../spot/handler.js';
import { spotChanges } from '../spot/spot-rows.js';
import { indexFor, indexRecord, MarketRecord, tradesBetween } from './market-record.js';
import { indexKey, MICRO_PART } from './rows.js';
import type {
  IndexRecord,
  MicroCurrencyTerms,
  MicroGuard,
  MicroOptionTerms,
  MicroPair,
  MicroRow,
  WindowTrade,
} from './types.js';

const HOUSE = 'micro-house';
/** settings key of the default seconds options (JSON). */
export const DEFAULT_OPTIONS_KEY = 'micro_options';
/** The options of pairs without their own when the operator has set none. */
export const DEFAULT_OPTIONS: MicroOptionTerms[] = [
  { seconds: 30, ratio: '0.8' },
  { seconds: 60, ratio: '0.82' },
  { seconds: 120, ratio: '0.85' },
  { seconds: 300, ratio: '0.9' },
];
/**
 * A pass runs this long after a whole second, so that every trade applied at or before it has
 * been applied; it then waits for their commit before reading them.
 */
const GRACE_MS = 20;
/** After a failed pass (the core rebuilding, the store away) the next one is tried this soon. */
const RETRY_MS = 200;
/** Evaluated open indexes are kept in memory this long, for the closing push's evidence. */
const KEEP_INDEX_MS = 3_600_000;
/** settings key of a pair's index minimums and manipulation multiple (JSON). */
export const GUARD_KEY = (marketId: number) => `micro_guard:${String(marketId)}`;
/**
 * A pair's guard while the operator has set none: 3 trades, 1,000 × the pair's minimum order
 * quantity, and a multiple of 1 (the house owes at most what the cheapest deciding push costs).
 */
export const DEFAULT_GUARD = { minTrades: 3, minQtyTimes: 1_000n, multiplePpm: 1_000_000n };
/** Book levels per side read to price a push. */
const COST_LEVELS = 200;

export interface MicroLimits {
  ordersPerSecond: number;
  openOrders: number;
}

export interface MicroSubmitInput {
  userId: number;
  marketId: number;
  currencyId: number;
  type: micro.MicroDirection;
  seconds: number;
  number: string;
}

interface Bucket {
  upGains: bigint;
  downGains: bigint;
  upStakes: bigint;
  downStakes: bigint;
}

const bucketKey = (marketId: number, currencyId: number, endAt: number) =>
  `${String(marketId)}:${String(currencyId)}:${String(endAt)}`;
const capKey = (marketId: number, currencyId: number) =>
  `${String(marketId)}:${String(currencyId)}`;

function exposureOf(b: Bucket): bigint {
  const up = b.upGains - b.downStakes;
  const down = b.downGains - b.upStakes;
  const worst = up > down ? up : down;
  return worst > 0n ? worst : 0n;
}

/** The moment an order accepted at `now` opens: the next whole second. */
export function openMoment(now: number): number {
  return Math.floor(now / MICRO_GRID_MS) * MICRO_GRID_MS + MICRO_GRID_MS;
}

/**
 * Micro trade (seconds options, ARCHITECTURE §1): a user stakes on a pair's index being up or down
 * after some seconds. Stake and fee are held in the user's micro account; the `micro-house` account
 * of the stake currency pays a win's gain and receives a loss's stake. The open and end prices are
 * the engine's price index (`micro.priceIndex`: volume-weighted, with the pair's minimum trades and
 * volume, the bettor's own trades left out) of the pair's committed trades, evaluated at whole
 * seconds by the settlement pass below; the result is `micro.settleMicro` of the two. No input of
 * any call, setting or table decides a price or an outcome. An order is accepted only while the
 * house's exposure on the pair, over every open expiry, stays within the operator's cap, within
 * what deciding the pair's index would cost on its book ÷ the operator's multiple
 * (`manipulation`), and within the house's balance.
 */
export class MicroHandler implements Handler {
  readonly name = 'micro';
  private db!: Db;
  private pairs = new Map<number, MicroPair>();
  private terms = new Map<number, MicroCurrencyTerms>();
  private defaults: MicroOptionTerms[] = DEFAULT_OPTIONS;
  /** Caps per pair and currency, at the currency's decimals. */
  private caps = new Map<string, bigint>();
  private open = new Map<number, MicroRow>();
  /** Stakes and gains of open orders per pair, currency and end moment (currency decimals). */
  private buckets = new Map<string, Bucket>();
  /** Σ bucket exposures per currency (currency decimals). */
  private exposures = new Map<number, bigint>();
  /** Σ bucket exposures per pair and currency, every expiry (currency decimals). */
  private pairExposures = new Map<string, bigint>();
  /** Each pair's index minimums and manipulation multiple as the operator set them. */
  private guards = new Map<number, MicroGuard>();
  private userOpen = new Map<number, number>();
  /** Whole seconds an index is due at, with the orders waiting for it. */
  private moments = new Map<number, Set<number>>();
  /** Open indexes evaluated lately (for the evidence of the closing push). */
  private indexes = new Map<string, IndexRecord>();
  private nextId = 1;
  private readonly record = new MarketRecord();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Infinity;
  private passing = false;
  private stopped = false;
  private lastPrune = 0;
  private rateSecond = 0;
  private placedThisSecond = new Map<number, number>();
  /** Called after each settlement pass with its lag (ms after the moment) and its size. */
  onPass: ((moment: number, settled: number, lagMs: number) => void) | null = null;

  constructor(
    private readonly seq: Sequencer,
    private readonly spot: SpotHandler,
    private readonly limits: () => MicroLimits = () => ({
      ordersPerSecond: 50,
      openOrders: 200,
    }),
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  async load(db: Db) {
    this.db = db;
    const pairRows = await db
      .select({
        marketId: markets.id,
        symbol: markets.symbol,
        priceDecimals: markets.priceDecimals,
        open: markets.openMicrotrade,
        options: microSettings.options,
      })
      .from(markets)
      .leftJoin(microSettings, eq(microSettings.marketId, markets.id));
    this.pairs = new Map(
      pairRows.map((r) => [
        r.marketId,
        {
          marketId: r.marketId,
          symbol: r.symbol,
          priceDecimals: r.priceDecimals,
          open: r.open,
          options: r.options ? r.options.map(optionTerms) : null,
        },
      ]),
    );
    const [stored] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, DEFAULT_OPTIONS_KEY));
    this.defaults = stored ? readOptions(stored.value) : DEFAULT_OPTIONS;
    this.guards = new Map();
    const guardRows = await db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(like(settings.key, 'micro_guard:%'));
    for (const r of guardRows) {
      const guard = readGuard(r.value);
      const id = Number(r.key.slice('micro_guard:'.length));
      if (guard && Number.isSafeInteger(id)) this.guards.set(id, guard);
    }

    const termRows = await db
      .select({
        currencyId: microCurrencies.currencyId,
        code: currencies.code,
        decimals: currencies.displayDecimals,
        enabled: microCurrencies.enabled,
        numbers: microCurrencies.numbers,
        min: microCurrencies.minNumber,
        max: microCurrencies.maxNumber,
        feeRate: microCurrencies.feeRate,
        defaultCap: microCurrencies.defaultCap,
      })
      .from(microCurrencies)
      .innerJoin(currencies, eq(currencies.id, microCurrencies.currencyId));
    this.terms = new Map();
    for (const r of termRows) {
      const d = r.decimals;
      this.terms.set(r.currencyId, {
        currencyId: r.currencyId,
        code: r.code,
        decimals: d,
        enabled: r.enabled,
        numbers: r.numbers.map((n) => atDecimals(units(n), d)),
        min: atDecimals(units(r.min), d),
        max: atDecimals(units(r.max), d),
        feeRate: plain(r.feeRate),
        defaultCap: atDecimals(units(r.defaultCap), d),
      });
    }
    const capRows = await db.select().from(microCaps);
    this.caps = new Map();
    for (const r of capRows) {
      const d = this.terms.get(r.currencyId)?.decimals ?? SCALE;
      this.caps.set(capKey(r.marketId, r.currencyId), atDecimals(units(r.cap), d));
    }

    const live = await db
      .select()
      .from(microOrders)
      .where(inArray(microOrders.status, [MICRO_STATUS.open]));
    this.open = new Map();
    this.buckets = new Map();
    this.exposures = new Map();
    this.pairExposures = new Map();
    this.userOpen = new Map();
    this.moments = new Map();
    this.indexes = new Map();
    for (const r of live) this.addOpen(microRowOf(r));
    const [top] = await db.select({ v: max(microOrders.id) }).from(microOrders);
    this.nextId = (top?.v ?? 0) + 1;

    const now = Date.now();
    const watched = new Set<number>();
    for (const p of this.pairs.values()) if (p.open) watched.add(p.marketId);
    for (const r of this.open.values()) watched.add(r.marketId);
    await this.record.load(db, watched, now);
    this.schedule();
  }

  // ---- Reads ----

  pair(marketId: number): MicroPair | undefined {
    return this.pairs.get(marketId);
  }

  allPairs(): MicroPair[] {
    return [...this.pairs.values()];
  }

  optionsOf(marketId?: number): MicroOptionTerms[] {
    const own = marketId === undefined ? null : this.pairs.get(marketId)?.options;
    return own ?? this.defaults;
  }

  defaultOptions(): MicroOptionTerms[] {
    return this.defaults;
  }

  currency(currencyId: number): MicroCurrencyTerms | undefined {
    return this.terms.get(currencyId);
  }

  allCurrencies(): MicroCurrencyTerms[] {
    return [...this.terms.values()];
  }

  /**
   * A pair's cap in a currency (currency decimals): its own, else the default. It bounds the
   * house's exposure on the pair over every open expiry together, since one push of the pair's
   * price decides every index whose window it reaches.
   */
  capOf(marketId: number, currencyId: number): bigint {
    return (
      this.caps.get(capKey(marketId, currencyId)) ?? this.terms.get(currencyId)?.defaultCap ?? 0n
    );
  }

  ownCaps(marketId: number): { currencyId: number; cap: bigint }[] {
    const out: { currencyId: number; cap: bigint }[] = [];
    for (const [key, cap] of this.caps) {
      const [m, c] = key.split(':').map(Number);
      if (m === marketId && c !== undefined) out.push({ currencyId: c, cap });
    }
    return out;
  }

  /** The house's net exposure in a currency over open buckets, ledger units. */
  exposure(currencyId: number): bigint {
    const d = this.decimalsOf(currencyId);
    return toLedger(this.exposures.get(currencyId) ?? 0n, d);
  }

  /** The house's exposure on one pair in a currency over every open expiry, ledger units. */
  pairExposure(marketId: number, currencyId: number): bigint {
    const d = this.decimalsOf(currencyId);
    return toLedger(this.pairExposures.get(capKey(marketId, currencyId)) ?? 0n, d);
  }

  /** A pair's index minimums and manipulation multiple (the operator's, else the default). */
  guardOf(marketId: number): MicroGuard {
    const own = this.guards.get(marketId);
    if (own) return own;
    const minQty = this.spot.market(marketId)?.minQty ?? pow10(SCALE - 8);
    return {
      minTrades: DEFAULT_GUARD.minTrades,
      minVolume: minQty * DEFAULT_GUARD.minQtyTimes,
      multiplePpm: DEFAULT_GUARD.multiplePpm,
    };
  }

  /**
   * What deciding the pair's index would cost on its book now (engine `micro.decideCost`), and the
   * exposure the house accepts on it for that (÷ the multiple), in a stake currency (ledger units).
   * Only a stake in the pair's quote currency is priced; any other stake currency gets 0.
   */
  manipulation(marketId: number, currencyId: number): { cost: bigint; bound: bigint } {
    const market = this.spot.market(marketId);
    if (!market || market.quoteCurrencyId !== currencyId) return { cost: 0n, bound: 0n };
    const guard = this.guardOf(marketId);
    const lot = pow10(SCALE - market.qtyDecimals);
    const ticksLots = micro.decideCost(price.depthOf(market.book.depth(COST_LEVELS)), {
      minVolume: (guard.minVolume + lot - 1n) / lot,
      takerFeePpm: BigInt(market.takerFeeBps) * 100n,
      makerFeePpm: BigInt(market.makerFeeBps) * 100n,
    });
    // ticks × lots is a quote amount at (price + quantity) decimals.
    const cost = ticksLots * pow10(SCALE - market.priceDecimals - market.qtyDecimals);
    return { cost, bound: micro.exposureBound(cost, guard.multiplePpm) };
  }

  houseBalance(currencyId: number): bigint {
    return this.seq.ledger.system(HOUSE, currencyId).available;
  }

  /** Currencies the house holds or owes in. */
  houseCurrencies(): number[] {
    const ids = new Set<number>(this.terms.keys());
    for (const id of this.exposures.keys()) ids.add(id);
    return [...ids].sort((a, b) => a - b);
  }

  openOrder(id: number): MicroRow | undefined {
    return this.open.get(id);
  }

  openOrdersOf(marketId: number): number {
    let n = 0;
    for (const r of this.open.values()) if (r.marketId === marketId) n += 1;
    return n;
  }

  /** The user's micro account in a currency (ledger units). */
  balanceOf(userId: number, currencyId: number): { available: bigint; locked: bigint } {
    const a = this.seq.ledger.find(userId, currencyId, ACCOUNT_TYPE.micro);
    return { available: a?.available ?? 0n, locked: a?.locked ?? 0n };
  }

  /** An open index kept in memory (the evidence of orders settling later). */
  indexAt(marketId: number, at: number): IndexRecord | undefined {
    return this.indexes.get(indexKey(marketId, at));
  }

  // ---- Commands ----

  submit(input: MicroSubmitInput): Promise<MicroRow> {
    this.seq.ensureRunning();
    const pair = this.pairs.get(input.marketId);
    if (!pair) return reject('MARKET_NOT_FOUND');
    if (!pair.open) reject('MICRO_CLOSED_PAIR');
    const terms = this.terms.get(input.currencyId);
    if (!terms?.enabled) return reject('MICRO_CURRENCY', { currency: terms?.code ?? '' });
    const options = this.optionsOf(input.marketId);
    const option = options.find((o) => o.seconds === input.seconds);
    if (!option)
      return reject('MICRO_SECONDS', { seconds: options.map((o) => o.seconds).join(', ') });
    const d = terms.decimals;
    const stake = atDecimals(parseMoney(input.number, d), d);
    if (stake < terms.min || stake > terms.max) {
      reject('MICRO_STAKE_RANGE', {
        min: plainAt(terms.min, d),
        max: plainAt(terms.max, d),
        currency: terms.code,
      });
    }
    const fee = micro.microGain(stake, terms.feeRate, d);
    const gain = micro.microGain(stake, option.ratio, d);
    const free = atDecimals(this.balanceOf(input.userId, input.currencyId).available, d);
    if (free < stake + fee) reject('INSUFFICIENT_FUNDS');
    this.checkLimits(input.userId);

    const now = Date.now();
    const guard = this.guardOf(input.marketId);
    const openAt = openMoment(now);
    const endAt = openAt + input.seconds * 1000;
    const key = bucketKey(input.marketId, input.currencyId, endAt);
    const before = this.buckets.get(key) ?? {
      upGains: 0n,
      downGains: 0n,
      upStakes: 0n,
      downStakes: 0n,
    };
    const after = addToBucket(before, input.type, stake, gain, 1n);
    const was = exposureOf(before);
    const will = exposureOf(after);
    if (will > was) {
      const onPair =
        (this.pairExposures.get(capKey(input.marketId, input.currencyId)) ?? 0n) - was + will;
      const cap = this.capOf(input.marketId, input.currencyId);
      if (onPair > cap) reject('MICRO_EXPOSURE', { cap: plainAt(cap, d), currency: terms.code });
      const bound = atDecimals(this.manipulation(input.marketId, input.currencyId).bound, d);
      if (onPair > bound)
        reject('MICRO_LIQUIDITY', { bound: plainAt(bound, d), currency: terms.code });
      const total = (this.exposures.get(input.currencyId) ?? 0n) - was + will;
      const house = atDecimals(this.houseBalance(input.currencyId), d);
      if (total > house) reject('MICRO_HOUSE');
    }

    return this.seq.run(() => {
      const at = new Date(now);
      const { ledger } = this.seq;
      const row: MicroRow = {
        id: this.nextId++,
        userId: input.userId,
        marketId: input.marketId,
        currencyId: input.currencyId,
        type: input.type,
        status: MICRO_STATUS.open,
        seconds: input.seconds,
        number: toLedger(stake, d),
        fee: toLedger(fee, d),
        ratio: option.ratio,
        openAt,
        endAt,
        openPrice: null,
        endPrice: null,
        outcome: null,
        factProfits: null,
        createdAt: at,
        settledAt: null,
        minTrades: guard.minTrades,
        minVolume: guard.minVolume,
      };
      const account = ledger.user(input.userId, input.currencyId, ACCOUNT_TYPE.micro);
      ledger.post({ kind: JOURNAL_KIND.microHold, refId: row.id, at }, [
        { account, bucket: 0, amount: -(row.number + row.fee) },
        { account, bucket: 1, amount: row.number + row.fee },
      ]);
      this.addOpen(row);
      this.placedThisSecond.set(input.userId, (this.placedThisSecond.get(input.userId) ?? 0) + 1);
      const part = this.seq.batch.part(MICRO_PART);
      part.created.add(row.id);
      part.rows.set(row.id, row);
      this.schedule();
      return { ...row };
    });
  }

  /** Sets a pair's cap per expiry bucket in a currency (ledger units, validated by the caller). */
  setCap(marketId: number, currencyId: number, cap: bigint, actorId: number): Promise<bigint> {
    this.seq.ensureRunning();
    if (!this.pairs.has(marketId)) return reject('MARKET_NOT_FOUND');
    const terms = this.terms.get(currencyId);
    if (!terms) return reject('MICRO_CURRENCY', { currency: String(currencyId) });
    return this.seq.run(() => {
      this.caps.set(capKey(marketId, currencyId), atDecimals(cap, terms.decimals));
      this.seq.batch.extras.push((tx) =>
        tx
          .insert(microCaps)
          .values({ marketId, currencyId, cap: wireAmount(cap) })
          .onConflictDoUpdate({
            target: [microCaps.marketId, microCaps.currencyId],
            set: { cap: wireAmount(cap), updatedAt: new Date() },
          }),
      );
      this.seq.batch.audits.push({
        actorId,
        action: 'micro.cap',
        target: `market:${String(marketId)}`,
        detail: { currency_id: currencyId, exposure_cap: wireAmount(cap) },
      });
      return cap;
    });
  }

  /** Sets a pair's index minimums and manipulation multiple (validated by the caller). */
  setGuard(marketId: number, change: Partial<MicroGuard>, actorId: number): Promise<MicroGuard> {
    this.seq.ensureRunning();
    if (!this.pairs.has(marketId)) return reject('MARKET_NOT_FOUND');
    const next: MicroGuard = { ...this.guardOf(marketId), ...change };
    return this.seq.run(() => {
      this.guards.set(marketId, next);
      const key = GUARD_KEY(marketId);
      const value = JSON.stringify(guardJson(next));
      this.seq.batch.extras.push((tx) =>
        tx
          .insert(settings)
          .values({ key, value, isPublic: false })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } }),
      );
      this.seq.batch.audits.push({
        actorId,
        action: 'micro.guard',
        target: `market:${String(marketId)}`,
        detail: guardJson(next),
      });
      return next;
    });
  }

  /** Opens or closes a pair and sets its own options (an empty list: the default ones). */
  setPair(
    marketId: number,
    change: { open?: boolean; options?: MicroOptionTerms[] },
    actorId: number,
  ): Promise<MicroPair> {
    this.seq.ensureRunning();
    const current = this.pairs.get(marketId);
    if (!current) return reject('MARKET_NOT_FOUND');
    const next: MicroPair = {
      ...current,
      open: change.open ?? current.open,
      options:
        change.options === undefined
          ? current.options
          : change.options.length
            ? change.options
            : null,
    };
    return this.seq.run(() => {
      this.pairs.set(marketId, next);
      if (next.open && !this.record.watched(marketId)) this.record.watch(marketId, Date.now());
      this.seq.batch.extras.push(async (tx) => {
        await tx.update(markets).set({ openMicrotrade: next.open }).where(eq(markets.id, marketId));
        if (next.options === null) {
          await tx.delete(microSettings).where(eq(microSettings.marketId, marketId));
        } else {
          const options = next.options.map(optionRow);
          await tx
            .insert(microSettings)
            .values({ marketId, options })
            .onConflictDoUpdate({
              target: microSettings.marketId,
              set: { options, updatedAt: new Date() },
            });
        }
      });
      this.seq.batch.audits.push({
        actorId,
        action: 'micro.pair',
        target: `market:${String(marketId)}`,
        detail: {
          open_microtrade: next.open,
          options: next.options === null ? null : next.options.map(optionRow),
        },
      });
      return next;
    });
  }

  setDefaults(options: MicroOptionTerms[], actorId: number): Promise<MicroOptionTerms[]> {
    this.seq.ensureRunning();
    return this.seq.run(() => {
      this.defaults = options;
      const value = JSON.stringify(options.map(optionRow));
      this.seq.batch.extras.push((tx) =>
        tx
          .insert(settings)
          .values({ key: DEFAULT_OPTIONS_KEY, value, isPublic: false })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } }),
      );
      this.seq.batch.audits.push({
        actorId,
        action: 'micro.defaults',
        target: 'micro',
        detail: { options: options.map(optionRow) },
      });
      return options;
    });
  }

  /** Sets a stake currency's terms (amounts in ledger units, validated by the caller). */
  setCurrency(
    currencyId: number,
    code: string,
    decimals: number,
    change: {
      enabled?: boolean;
      numbers?: bigint[];
      min?: bigint;
      max?: bigint;
      feeRate?: string;
      defaultCap?: bigint;
    },
    actorId: number,
  ): Promise<MicroCurrencyTerms> {
    this.seq.ensureRunning();
    const d = decimals;
    const current: MicroCurrencyTerms = this.terms.get(currencyId) ?? {
      currencyId,
      code,
      decimals: d,
      enabled: false,
      numbers: [],
      min: 0n,
      max: 0n,
      feeRate: '0',
      defaultCap: 0n,
    };
    const next: MicroCurrencyTerms = {
      ...current,
      enabled: change.enabled ?? current.enabled,
      numbers: change.numbers ? change.numbers.map((n) => atDecimals(n, d)) : current.numbers,
      min: change.min === undefined ? current.min : atDecimals(change.min, d),
      max: change.max === undefined ? current.max : atDecimals(change.max, d),
      feeRate: change.feeRate ?? current.feeRate,
      defaultCap:
        change.defaultCap === undefined ? current.defaultCap : atDecimals(change.defaultCap, d),
    };
    if (next.min <= 0n || next.max < next.min)
      reject('MICRO_SETTINGS', { rule: 'min_number > 0 and max_number ≥ min_number' });
    if (next.numbers.some((n) => n < next.min || n > next.max))
      reject('MICRO_SETTINGS', { rule: 'each preset between min_number and max_number' });
    return this.seq.run(() => {
      this.terms.set(currencyId, next);
      const values = {
        enabled: next.enabled,
        numbers: next.numbers.map((n) => plainAt(n, d)),
        minNumber: plainAt(next.min, d),
        maxNumber: plainAt(next.max, d),
        feeRate: next.feeRate,
        defaultCap: plainAt(next.defaultCap, d),
      };
      this.seq.batch.extras.push((tx) =>
        tx
          .insert(microCurrencies)
          .values({ currencyId, ...values })
          .onConflictDoUpdate({
            target: microCurrencies.currencyId,
            set: { ...values, updatedAt: new Date() },
          }),
      );
      this.seq.batch.audits.push({
        actorId,
        action: 'micro.currency',
        target: `currency:${String(currencyId)}`,
        detail: { ...values },
      });
      return next;
    });
  }

  // ---- Market record: after each commit ----

  afterCommit(committed: Committed): void {
    const spot = spotChanges(committed);
    const now = Date.now();
    for (const t of spot.trades) {
      if (this.record.watched(t.marketId))
        this.record.addTrade(t.marketId, {
          id: t.id,
          at: t.createdAt.getTime(),
          price: t.price,
          qty: t.qty,
          users: [t.makerUserId, t.takerUserId],
        });
    }
    if (now - this.lastPrune > 5_000) {
      this.lastPrune = now;
      this.record.prune(now);
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  // ---- Settlement: a pass at each whole second some order waits for ----

  private schedule(delay?: number) {
    if (this.stopped) return;
    let next = Infinity;
    for (const m of this.moments.keys()) if (m < next) next = m;
    const at = delay === undefined ? next + GRACE_MS : Date.now() + delay;
    if (at === Infinity || (this.timer && at >= this.timerAt && delay === undefined)) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        void this.pass();
      },
      Math.max(0, at - Date.now()),
    );
  }

  /** Settles everything due now; resolves when the pass is done (tests and the bench wait on it). */
  async pass(): Promise<void> {
    if (this.passing || this.stopped) return;
    this.passing = true;
    let failed = false;
    try {
      const now = Date.now();
      const due = [...this.moments.keys()].filter((m) => m + GRACE_MS <= now).sort((a, b) => a - b);
      if (!due.length) return;
      // Every trade applied up to now is committed, and recorded by afterCommit, after this.
      await this.seq.acknowledge(() => undefined);
      // Windows older than memory (orders due while the server was down) are read from the store.
      const fetched = new Map<string, WindowTrade[]>();
      for (const m of due) {
        for (const marketId of this.marketsAt(m)) {
          if (this.record.covers(marketId, m)) continue;
          fetched.set(
            indexKey(marketId, m),
            await tradesBetween(this.db, marketId, m - micro.INDEX_WINDOW_MS, m),
          );
        }
      }
      this.seq.ensureRunning();
      const settled = await this.seq.run(() => this.evaluate(due, fetched));
      const done = Date.now();
      this.onPass?.(due.at(-1) ?? now, settled, done - (due.at(-1) ?? now));
      for (const [key, rec] of this.indexes)
        if (rec.at < done - KEEP_INDEX_MS) this.indexes.delete(key);
    } catch (err) {
      failed = true;
      this.onError(err);
    } finally {
      this.passing = false;
      this.schedule(failed ? RETRY_MS : undefined);
    }
  }

  private marketsAt(moment: number): Set<number> {
    const ids = new Set<number>();
    for (const id of this.moments.get(moment) ?? []) {
      const r = this.open.get(id);
      if (r) ids.add(r.marketId);
    }
    return ids;
  }

  /** Inside `run`: evaluates each due moment's indexes and opens or settles its orders. */
  private evaluate(due: number[], fetched: Map<string, WindowTrade[]>): number {
    const at = new Date();
    const part = this.seq.batch.part(MICRO_PART);
    let settled = 0;
    for (const moment of due) {
      const ids = this.moments.get(moment);
      this.moments.delete(moment);
      if (!ids) continue;
      const made = new Map<number, IndexRecord>();
      const indexOf = (marketId: number): IndexRecord => {
        let rec = made.get(marketId);
        if (!rec) {
          const pair = this.pairs.get(marketId);
          const pd = pair?.priceDecimals ?? SCALE;
          const stored = fetched.get(indexKey(marketId, moment));
          rec = indexRecord(
            marketId,
            pd,
            moment,
            stored ?? this.record.tradesOf(marketId),
            this.guardOf(marketId),
          );
          made.set(marketId, rec);
          part.indexes.set(indexKey(marketId, moment), rec);
        }
        return rec;
      };
      const rows: MicroRow[] = [];
      for (const id of ids) {
        const r = this.open.get(id);
        if (r) rows.push(r);
      }
      // Opens first (an order may open and end at moments of the same pass).
      for (const r of rows) {
        if (r.openAt !== moment || r.openPrice !== null) continue;
        const rec = indexOf(r.marketId);
        // The bettor's own trades never count toward their own order's index.
        const own = indexFor(rec, r.userId, r).value;
        if (own === null) {
          this.settle(r, null, null, at, { open: rec, end: null });
          settled += 1;
        } else {
          r.openPrice = own;
          this.indexes.set(indexKey(r.marketId, moment), rec);
          part.rows.set(r.id, r);
        }
      }
      // Then ends: losses before wins, so the house holds a bucket's losing stakes before it pays.
      const ending = rows
        .filter((r) => r.endAt === moment && this.open.has(r.id))
        .map((r) => {
          const rec = indexOf(r.marketId);
          const own = indexFor(rec, r.userId, r).value;
          return { r, rec, end: own, s: this.result(r, own) };
        })
        .sort((a, b) => rank(a.s.outcome) - rank(b.s.outcome));
      for (const { r, rec, end, s } of ending) {
        const open = this.indexes.get(indexKey(r.marketId, r.openAt)) ?? null;
        this.settle(r, s, end, at, open ? { open, end: rec } : null, false);
        settled += 1;
      }
      // Every order of the buckets ending now has settled: the buckets go, with their exposure.
      for (const { r } of ending) this.dropBucket(r.marketId, r.currencyId, r.endAt);
    }
    return settled;
  }

  private result(r: MicroRow, end: bigint | null): micro.MicroSettlement {
    const d = this.decimalsOf(r.currencyId);
    return micro.settleMicro(
      {
        direction: r.type,
        stake: atDecimals(r.number, d),
        fee: atDecimals(r.fee, d),
        ratio: r.ratio,
        decimals: d,
      },
      r.openPrice,
      end,
    );
  }

  /** Posts an order's settlement and closes it. Inside `run` only. */
  private settle(
    r: MicroRow,
    computed: micro.MicroSettlement | null,
    end: bigint | null,
    at: Date,
    evidence: { open: IndexRecord; end: IndexRecord | null } | null,
    bucket = true,
  ) {
    const d = this.decimalsOf(r.currencyId);
    const s = computed ?? this.result(r, null);
    const { ledger } = this.seq;
    const account = ledger.user(r.userId, r.currencyId, ACCOUNT_TYPE.micro);
    const house = ledger.system(HOUSE, r.currencyId);
    const held = r.number + r.fee;
    const toUser = toLedger(s.toUser, d);
    // The house receives what the user does not get back and pays what exceeds the hold.
    ledger.post({ kind: JOURNAL_KIND.microSettle, refId: r.id, at }, [
      { account, bucket: 1, amount: -held },
      { account, bucket: 0, amount: toUser },
      { account: house, bucket: 0, amount: held - toUser },
    ]);
    this.removeOpen(r, bucket);
    r.status = MICRO_STATUS.closed;
    r.endPrice = end;
    r.outcome = s.outcome;
    r.factProfits = toLedger(s.factProfit, d);
    r.settledAt = at;
    const part = this.seq.batch.part(MICRO_PART);
    part.rows.set(r.id, r);
    if (evidence) part.evidence.set(r.id, evidence);
  }

  // ---- Internals ----

  private checkLimits(userId: number) {
    const limits = this.limits();
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.rateSecond) {
      this.rateSecond = second;
      this.placedThisSecond.clear();
    }
    if ((this.placedThisSecond.get(userId) ?? 0) >= limits.ordersPerSecond)
      reject('RATE_LIMITED', { max: limits.ordersPerSecond, retry_after_s: 1 });
    if ((this.userOpen.get(userId) ?? 0) >= limits.openOrders)
      reject('OPEN_ORDER_LIMIT', { max: limits.openOrders });
  }

  private decimalsOf(currencyId: number): number {
    return this.terms.get(currencyId)?.decimals ?? SCALE;
  }

  private addOpen(r: MicroRow) {
    this.open.set(r.id, r);
    this.userOpen.set(r.userId, (this.userOpen.get(r.userId) ?? 0) + 1);
    this.changeBucket(r, 1n);
    if (r.openPrice === null) this.due(r.openAt, r.id);
    this.due(r.endAt, r.id);
  }

  /** Forgets a settled order; `bucket` false when its whole bucket is dropped after (dropBucket). */
  private removeOpen(r: MicroRow, bucket: boolean) {
    this.open.delete(r.id);
    const n = (this.userOpen.get(r.userId) ?? 1) - 1;
    if (n > 0) this.userOpen.set(r.userId, n);
    else this.userOpen.delete(r.userId);
    if (bucket) this.changeBucket(r, -1n);
    this.moments.get(r.endAt)?.delete(r.id);
    if (this.moments.get(r.endAt)?.size === 0) this.moments.delete(r.endAt);
  }

  private dropBucket(marketId: number, currencyId: number, endAt: number) {
    const key = bucketKey(marketId, currencyId, endAt);
    const b = this.buckets.get(key);
    if (!b) return;
    this.buckets.delete(key);
    this.exposures.set(currencyId, (this.exposures.get(currencyId) ?? 0n) - exposureOf(b));
    const pk = capKey(marketId, currencyId);
    const left = (this.pairExposures.get(pk) ?? 0n) - exposureOf(b);
    if (left === 0n) this.pairExposures.delete(pk);
    else this.pairExposures.set(pk, left);
  }

  private due(moment: number, id: number) {
    let ids = this.moments.get(moment);
    if (!ids) {
      ids = new Set();
      this.moments.set(moment, ids);
    }
    ids.add(id);
  }

  private changeBucket(r: MicroRow, sign: 1n | -1n) {
    const d = this.decimalsOf(r.currencyId);
    const key = bucketKey(r.marketId, r.currencyId, r.endAt);
    const before = this.buckets.get(key) ?? {
      upGains: 0n,
      downGains: 0n,
      upStakes: 0n,
      downStakes: 0n,
    };
    const stake = atDecimals(r.number, d);
    const after = addToBucket(before, r.type, stake, micro.microGain(stake, r.ratio, d), sign);
    const change = exposureOf(after) - exposureOf(before);
    this.exposures.set(r.currencyId, (this.exposures.get(r.currencyId) ?? 0n) + change);
    const pk = capKey(r.marketId, r.currencyId);
    const onPair = (this.pairExposures.get(pk) ?? 0n) + change;
    if (onPair === 0n) this.pairExposures.delete(pk);
    else this.pairExposures.set(pk, onPair);
    if (after.upStakes === 0n && after.downStakes === 0n) this.buckets.delete(key);
    else this.buckets.set(key, after);
  }
}

function addToBucket(
  b: Bucket,
  type: micro.MicroDirection,
  stake: bigint,
  gain: bigint,
  sign: 1n | -1n,
): Bucket {
  return type === 1
    ? { ...b, upGains: b.upGains + sign * gain, upStakes: b.upStakes + sign * stake }
    : { ...b, downGains: b.downGains + sign * gain, downStakes: b.downStakes + sign * stake };
}

function rank(outcome: micro.MicroOutcome): number {
  return outcome === 'loss' ? 0 : outcome === 'win' ? 2 : 1;
}

/** Ledger units (18 decimals) to units at `d` decimals (exact for amounts the handler wrote). */
export function atDecimals(value: bigint, d: number): bigint {
  return value / pow10(SCALE - d);
}
export function toLedger(value: bigint, d: number): bigint {
  return value * pow10(SCALE - d);
}
/** Units at `d` decimals as a plain decimal string. */
export function plainAt(value: bigint, d: number): string {
  return wireAmount(toLedger(value, d));
}

/** A stored decimal without trailing zeros ("0.800000" → "0.8"). */
export function plain(value: string): string {
  return wireAmount(units(value));
}

function optionTerms(o: MicroOption): MicroOptionTerms {
  return { seconds: o.seconds, ratio: plain(o.profit_ratio) };
}
function optionRow(o: MicroOptionTerms): MicroOption {
  return { seconds: o.seconds, profit_ratio: o.ratio };
}
/** A stored guard ({ min_trades, min_volume, multiple }); null when unreadable. */
export function readGuard(value: string): MicroGuard | null {
  try {
    const g = JSON.parse(value) as {
      min_trades?: unknown;
      min_volume?: unknown;
      multiple?: unknown;
    };
    if (
      typeof g.min_trades !== 'number' ||
      typeof g.min_volume !== 'string' ||
      typeof g.multiple !== 'string'
    )
      return null;
    return {
      minTrades: g.min_trades,
      minVolume: units(g.min_volume),
      multiplePpm: units(g.multiple) / pow10(SCALE - 6),
    };
  } catch {
    return null;
  }
}

/** A guard as stored and shown: { min_trades, min_volume, multiple } (decimal strings). */
export function guardJson(g: MicroGuard) {
  return {
    min_trades: g.minTrades,
    min_volume: wireAmount(g.minVolume),
    multiple: wireAmount(g.multiplePpm * pow10(SCALE - 6)),
  };
}

function readOptions(value: string): MicroOptionTerms[] {
  try {
    const parsed = JSON.parse(value) as MicroOption[];
    return Array.isArray(parsed) && parsed.length ? parsed.map(optionTerms) : DEFAULT_OPTIONS;
  } catch {
    return DEFAULT_OPTIONS;
  }
}

/** A stored micro order as the handler keeps it. */
export function microRowOf(r: typeof microOrders.$inferSelect): MicroRow {
  return {
    id: r.id,
    userId: r.userId,
    marketId: r.marketId,
    currencyId: r.currencyId,
    type: r.type === 2 ? 2 : 1,
    status: r.status === MICRO_STATUS.closed ? MICRO_STATUS.closed : MICRO_STATUS.open,
    seconds: r.seconds,
    number: units(r.number),
    fee: units(r.fee),
    ratio: plain(r.profitRatio),
    openAt: r.openAt.getTime(),
    endAt: r.endAt.getTime(),
    openPrice: r.openPrice === null ? null : units(r.openPrice),
    endPrice: r.endPrice === null ? null : units(r.endPrice),
    outcome: (r.outcome as MicroRow['outcome']) ?? null,
    factProfits: r.factProfits === null ? null : units(r.factProfits),
    createdAt: r.createdAt,
    settledAt: r.settledAt,
    minTrades: r.indexMinTrades,
    minVolume: r.indexMinVolume === null ? null : units(r.indexMinVolume),
  };
}
