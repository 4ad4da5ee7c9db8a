/**
 * Micro trade's operator terms: each pair's cap, guard, opening and options, the default options,
 * and each stake currency's terms. The commands here change memory and write the store in one
 * batch, with an audit entry; the helpers read and write their stored forms.
 */
import { eq } from 'drizzle-orm';
import { fromScale, plain, plainAt, pow10, SCALE, units, wireAmount } from '../../core/amounts.js';
import { dateOf } from '../../core/clock.js';
import { reject } from '../../core/result.js';
import type { Sequencer } from '../../core/sequencer.js';
import {
  markets,
  microCaps,
  microCurrencies,
  microSettings,
  settings,
  type MicroOption,
} from '../../db/schema.js';
import { capKey } from './exposure.js';
import type { MicroMemory } from './memory.js';
import type { MicroCurrencyTerms, MicroGuard, MicroOptionTerms, MicroPair } from './types.js';

/** settings key of the default seconds options (JSON). */
export const DEFAULT_OPTIONS_KEY = 'micro_options';
/** The options of pairs without their own when the operator has set none. */
export const DEFAULT_OPTIONS: MicroOptionTerms[] = [
  { seconds: 30, ratio: '0.8' },
  { seconds: 60, ratio: '0.82' },
  { seconds: 120, ratio: '0.85' },
  { seconds: 300, ratio: '0.9' },
];
/** settings key of a pair's index minimums and manipulation multiple (JSON). */
export const GUARD_KEY = (marketId: number) => `micro_guard:${String(marketId)}`;
/**
 * A pair's guard while the operator has set none: 3 trades, 1,000 × the pair's minimum order
 * quantity, and a multiple of 1 (the house owes at most what the cheapest deciding push costs).
 */
export const DEFAULT_GUARD = { minTrades: 3, minQtyTimes: 1_000n, multiplePpm: 1_000_000n };

/** The operator's commands; `guardOf` is the handler's (a pair's guard, its own or the default). */
export class OperatorTerms {
  constructor(
    private readonly seq: Sequencer,
    private readonly memory: MicroMemory,
    private readonly guardOf: (marketId: number) => MicroGuard,
  ) {}

  /** Sets a pair's cap per expiry bucket in a currency (ledger units, validated by the caller). */
  setCap(marketId: number, currencyId: number, cap: bigint, actorId: number): Promise<bigint> {
    this.seq.ensureRunning();
    if (!this.memory.pairs.has(marketId)) return reject('MARKET_NOT_FOUND');
    const terms = this.memory.terms.get(currencyId);
    if (!terms) return reject('MICRO_CURRENCY', { currency: String(currencyId) });
    return this.seq.run(() => {
      this.memory.caps.set(capKey(marketId, currencyId), fromScale(cap, terms.decimals));
      this.seq.batch.extras.push((tx) =>
        tx
          .insert(microCaps)
          .values({ marketId, currencyId, cap: wireAmount(cap) })
          .onConflictDoUpdate({
            target: [microCaps.marketId, microCaps.currencyId],
            set: { cap: wireAmount(cap), updatedAt: dateOf(this.seq.clock) },
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
    if (!this.memory.pairs.has(marketId)) return reject('MARKET_NOT_FOUND');
    const next: MicroGuard = { ...this.guardOf(marketId), ...change };
    return this.seq.run(() => {
      this.memory.guards.set(marketId, next);
      const key = GUARD_KEY(marketId);
      const value = JSON.stringify(guardJson(next));
      this.seq.batch.extras.push((tx) =>
        tx
          .insert(settings)
          .values({ key, value, isPublic: false })
          .onConflictDoUpdate({
            target: settings.key,
            set: { value, updatedAt: dateOf(this.seq.clock) },
          }),
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
    const current = this.memory.pairs.get(marketId);
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
      this.memory.pairs.set(marketId, next);
      const { record } = this.memory;
      if (next.open && !record.watched(marketId)) record.watch(marketId, this.seq.clock.now());
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
              set: { options, updatedAt: dateOf(this.seq.clock) },
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
      this.memory.defaults = options;
      const value = JSON.stringify(options.map(optionRow));
      this.seq.batch.extras.push((tx) =>
        tx
          .insert(settings)
          .values({ key: DEFAULT_OPTIONS_KEY, value, isPublic: false })
          .onConflictDoUpdate({
            target: settings.key,
            set: { value, updatedAt: dateOf(this.seq.clock) },
          }),
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
    const current: MicroCurrencyTerms = this.memory.terms.get(currencyId) ?? {
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
      numbers: change.numbers ? change.numbers.map((n) => fromScale(n, d)) : current.numbers,
      min: change.min === undefined ? current.min : fromScale(change.min, d),
      max: change.max === undefined ? current.max : fromScale(change.max, d),
      feeRate: change.feeRate ?? current.feeRate,
      defaultCap:
        change.defaultCap === undefined ? current.defaultCap : fromScale(change.defaultCap, d),
    };
    if (next.min <= 0n || next.max < next.min)
      reject('MICRO_SETTINGS', { rule: 'min_number > 0 and max_number ≥ min_number' });
    if (next.numbers.some((n) => n < next.min || n > next.max))
      reject('MICRO_SETTINGS', { rule: 'each preset between min_number and max_number' });
    return this.seq.run(() => {
      this.memory.terms.set(currencyId, next);
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
            set: { ...values, updatedAt: dateOf(this.seq.clock) },
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
}

/** A stored option as the handler keeps it. */
export function optionTerms(o: MicroOption): MicroOptionTerms {
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

/** The stored default options; the built-in ones when unreadable or empty. */
export function readOptions(value: string): MicroOptionTerms[] {
  try {
    const parsed = JSON.parse(value) as MicroOption[];
    return Array.isArray(parsed) && parsed.length ? parsed.map(optionTerms) : DEFAULT_OPTIONS;
  } catch {
    return DEFAULT_OPTIONS;
  }
}
