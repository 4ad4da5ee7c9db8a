/**
 * The operator's terms of the leverage desk: the stop-out level and each pair's terms (spread,
 * hands, fees, the mark price's settings), their defaults, and what the desk and the mark record
 * make of them. Validation of an operator's input is admin-routes.ts's; these apply it as
 * commands of the core (handler.ts).
 */
import { type lever, toUnits } from '@exchange/engine';
import { eq } from 'drizzle-orm';
import { dateOf } from '../../core/clock.js';
import { reject } from '../../core/result.js';
import { leverSettings, markets, settings } from '../../db/schema.js';
import type { MarkSettings } from './mark-record.js';
import { checkUser } from './settle.js';
import type { LeverState } from './state.js';
import type { LeverTerms, TermsInput } from './types.js';

/** The stop-out level (percent) when the operator has set none (settings key `lever_stop_out`). */
export const DEFAULT_STOP_OUT = '50';

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

/** A pair's mark settings in the engine's units. */
export function markSettingsOf(t: LeverTerms): MarkSettings {
  return {
    minDepth: toUnits(t.markMinDepth, t.priceDecimals + t.qtyDecimals, 'floor'),
    bandPpm: toUnits(t.markBand, 6, 'floor'),
    windowMs: t.markWindowS * 1000,
    multiplePpm: toUnits(t.manipulationMultiple, 6, 'floor'),
  };
}

/** A pair's terms as the risk desk needs them. */
export function deskPair(t: LeverTerms): lever.DeskPair {
  return {
    pairId: t.marketId,
    currency: t.quoteCurrencyId,
    priceDecimals: t.priceDecimals,
    qtyDecimals: t.qtyDecimals,
    amountDecimals: t.amountDecimals,
    pointRate: t.pointRate,
  };
}

/**
 * Sets the stop-out level (percent, validated by the caller); users at or below it now are
 * liquidated at once, at the current marks.
 */
export function setStopOut(s: LeverState, level: string, actorId: number): Promise<string> {
  s.seq.ensureRunning();
  return s.seq.run(() => {
    const at = dateOf(s.seq.clock);
    s.stopOutLevel = level;
    s.desk.setStopOut(level);
    s.seq.batch.extras.push((tx) =>
      tx
        .insert(settings)
        .values({ key: 'lever_stop_out', value: level, isPublic: false })
        .onConflictDoUpdate({ target: settings.key, set: { value: level, updatedAt: at } }),
    );
    s.seq.batch.audits.push({
      actorId,
      action: 'lever.stop_out',
      target: 'lever',
      detail: { level },
    });
    for (const { userId, currencyId } of s.holders()) checkUser(s, userId, currencyId, at);
    return level;
  });
}

/** Changes a pair's lever terms; the caller has validated them (see admin-routes.ts). */
export function setTerms(
  s: LeverState,
  marketId: number,
  change: TermsInput,
  actorId: number,
): Promise<LeverTerms> {
  s.seq.ensureRunning();
  const current = s.terms.get(marketId);
  if (!current) return reject('MARKET_NOT_FOUND');
  const next: LeverTerms = { ...current, ...change };
  if (next.minShare > next.maxShare)
    reject('LEVER_SHARE_RANGE', { min: next.minShare, max: next.maxShare });
  return s.seq.run(() => {
    s.terms.set(marketId, next);
    s.desk.setPair(deskPair(next));
    // New mark settings apply to the book from now on (its earlier mids stay in the record).
    s.markSettings.set(marketId, markSettingsOf(next));
    s.recordBook(marketId, s.clock());
    const stored = {
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
    };
    s.seq.batch.extras.push(async (tx) => {
      await tx
        .insert(leverSettings)
        .values({ marketId, ...stored })
        .onConflictDoUpdate({
          target: leverSettings.marketId,
          set: { ...stored, updatedAt: dateOf(s.seq.clock) },
        });
      await tx.update(markets).set({ openLever: next.open }).where(eq(markets.id, marketId));
    });
    s.seq.batch.audits.push({
      actorId,
      action: 'lever.settings',
      target: `market:${String(marketId)}`,
      detail: { ...change },
    });
    return next;
  });
}
