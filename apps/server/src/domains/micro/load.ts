/**
 * Reads micro trade's memory from the store: pairs with their options, the default options,
 * guards, stake currencies' terms, caps, the open orders (with their exposure and the moments they
 * wait for), the next order id, and the recent trades of the pairs the index watches.
 */
import { MICRO_STATUS } from '@exchange/contract';
import { eq, inArray, like, max } from 'drizzle-orm';
import { fromScale, plain, SCALE, units } from '../../core/amounts.js';
import type { Db } from '../../db/client.js';
import {
  currencies,
  markets,
  microCaps,
  microCurrencies,
  microOrders,
  microSettings,
  settings,
} from '../../db/schema.js';
import { capKey } from './exposure.js';
import type { MicroMemory } from './memory.js';
import {
  DEFAULT_OPTIONS,
  DEFAULT_OPTIONS_KEY,
  optionTerms,
  readGuard,
  readOptions,
} from './settings.js';
import type { MicroRow } from './types.js';

/** Replaces `memory` with what the store holds; `now` is the core clock's (the record's window). */
export async function loadMemory(db: Db, memory: MicroMemory, now: () => number) {
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
  memory.pairs = new Map(
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
  memory.defaults = stored ? readOptions(stored.value) : DEFAULT_OPTIONS;
  memory.guards = new Map();
  const guardRows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(like(settings.key, 'micro_guard:%'));
  for (const r of guardRows) {
    const guard = readGuard(r.value);
    const id = Number(r.key.slice('micro_guard:'.length));
    if (guard && Number.isSafeInteger(id)) memory.guards.set(id, guard);
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
  memory.terms = new Map();
  for (const r of termRows) {
    const d = r.decimals;
    memory.terms.set(r.currencyId, {
      currencyId: r.currencyId,
      code: r.code,
      decimals: d,
      enabled: r.enabled,
      numbers: r.numbers.map((n) => fromScale(units(n), d)),
      min: fromScale(units(r.min), d),
      max: fromScale(units(r.max), d),
      feeRate: plain(r.feeRate),
      defaultCap: fromScale(units(r.defaultCap), d),
    });
  }
  const capRows = await db.select().from(microCaps);
  memory.caps = new Map();
  for (const r of capRows) {
    const d = memory.terms.get(r.currencyId)?.decimals ?? SCALE;
    memory.caps.set(capKey(r.marketId, r.currencyId), fromScale(units(r.cap), d));
  }

  const live = await db
    .select()
    .from(microOrders)
    .where(inArray(microOrders.status, [MICRO_STATUS.open]));
  memory.clearOpen();
  for (const r of live) memory.addOpen(microRowOf(r));
  const [top] = await db.select({ v: max(microOrders.id) }).from(microOrders);
  memory.nextId = (top?.v ?? 0) + 1;

  const watched = new Set<number>();
  for (const p of memory.pairs.values()) if (p.open) watched.add(p.marketId);
  for (const r of memory.open.values()) watched.add(r.marketId);
  await memory.record.load(db, watched, now());
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
