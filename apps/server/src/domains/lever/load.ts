/**
 * The leverage handler's memory and the store: `loadLever` reads it (at start, and again after a
 * failed commit), `leverSnapshot` gives what it read as plain data, so that memory before a
 * restart and memory read again from the store can be compared (`Handler.snapshot`).
 */
import { LEVER_STATUS, type CloseReason } from '@exchange/contract';
import { lever } from '@exchange/engine';
import { eq, inArray, max } from 'drizzle-orm';
import { plain, units } from '../../core/amounts.js';
import { plainData } from '../../core/snapshot.js';
import type { Db } from '../../db/client.js';
import {
  currencies,
  leverPositions,
  leverSettings,
  markets,
  settings,
  systemState,
} from '../../db/schema.js';
import { OVERNIGHT_KEY } from './overnight.js';
import type { LeverState } from './state.js';
import { DEFAULT_MARK, DEFAULT_STOP_OUT, deskPair, markSettingsOf } from './terms.js';
import type { LeverRow, LeverTerms } from './types.js';

/** Reads the terms, the stop-out level, the charged day and the live rows into `s`. */
export async function loadLever(s: LeverState, db: Db): Promise<void> {
  s.terms = await loadTerms(db);
  s.markSettings = new Map();
  for (const t of s.terms.values()) s.markSettings.set(t.marketId, markSettingsOf(t));
  const [stopOut] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'lever_stop_out'));
  s.stopOutLevel = stopOut?.value ?? DEFAULT_STOP_OUT;
  const [charged] = await db
    .select({ value: systemState.value })
    .from(systemState)
    .where(eq(systemState.key, OVERNIGHT_KEY));
  s.chargedDay = charged?.value ?? null;
  s.desk = new lever.LeverDesk([...s.terms.values()].map(deskPair), s.stopOutLevel);

  const live = await db
    .select()
    .from(leverPositions)
    .where(inArray(leverPositions.status, [LEVER_STATUS.entrust, LEVER_STATUS.trading]));
  s.clearLive();
  for (const r of live) {
    const row = rowOf(r);
    s.addLive(row);
    if (row.status === LEVER_STATUS.trading) s.desk.add(s.deskPosition(row));
  }
  const [top] = await db.select({ v: max(leverPositions.id) }).from(leverPositions);
  s.nextId = (top?.v ?? 0) + 1;

  // The books as the store holds them, from now on: after a start the mark is thin until the
  // books have stood for half a window (samples of an earlier run are not kept). After a
  // rebuild of memory the samples so far stay: they came from committed books.
  const now = s.clock();
  for (const t of s.terms.values()) s.recordBook(t.marketId, now);
}

/** Every pair's lever terms: its market's, and the defaults where the operator has set none. */
async function loadTerms(db: Db): Promise<Map<number, LeverTerms>> {
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
  const terms = new Map<number, LeverTerms>();
  for (const r of termRows) {
    terms.set(r.marketId, {
      marketId: r.marketId,
      symbol: r.symbol,
      baseCurrencyId: r.baseCurrencyId,
      quoteCurrencyId: r.quoteCurrencyId,
      priceDecimals: r.priceDecimals,
      qtyDecimals: r.qtyDecimals,
      amountDecimals: r.amountDecimals,
      open: r.open,
      // NUMERIC texts without their trailing zeros, as the maths reads them.
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
  return terms;
}

/**
 * What `loadLever` rebuilds, as plain data in a stable order (core/snapshot.ts): the live rows
 * with every field, the terms per pair, the stop-out level, the next id, the charged day, the
 * aggregates kept from the rows (zero entries left out: a reload makes none), and the desk's
 * positions, margins and exposures. Memory only by design, and so left out: the mark record's
 * samples, the desk's marks and the profits at them, the risk timers and what the last ticks saw.
 */
export function leverSnapshot(s: LeverState): unknown {
  const positions = new Map<number, lever.DeskPosition | null>();
  const margins = new Map<string, bigint>();
  for (const r of s.rows.values()) {
    if (r.status !== LEVER_STATUS.trading) continue;
    positions.set(r.id, s.desk.get(r.id) ?? null);
    const currency = s.terms.get(r.marketId)?.quoteCurrencyId;
    if (currency !== undefined)
      margins.set(
        `${String(r.userId)}:${String(currency)}`,
        s.desk.risk(r.userId, currency).margins,
      );
  }
  const exposures = new Map<number, bigint>();
  for (const t of s.terms.values()) {
    const exposure = s.desk.exposure(t.quoteCurrencyId);
    if (exposure !== 0n) exposures.set(t.quoteCurrencyId, exposure);
  }
  return plainData({
    rows: s.rows,
    terms: s.terms,
    stopOut: s.stopOutLevel,
    nextId: s.nextId,
    chargedDay: s.chargedDay,
    hands: nonZero(s.hands),
    userHands: nonZero(s.userHands),
    entrustPayout: nonZero(s.entrustPayout),
    netQty: nonZero(s.netQty),
    entrusts: nonZero(s.entrusts),
    desk: { size: s.desk.size, positions, margins, exposures },
  });
}

/** A map without its zero entries. */
function nonZero<K, V extends number | bigint>(map: Map<K, V>): Map<K, V> {
  return new Map([...map].filter(([, v]) => v !== 0 && v !== 0n));
}

const optional = (v: string | null) => (v === null ? null : units(v));

/** A stored lever row as the handler keeps it. */
export function rowOf(r: typeof leverPositions.$inferSelect): LeverRow {
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
