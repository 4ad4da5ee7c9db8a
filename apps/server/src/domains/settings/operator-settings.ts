import { OPERATOR_SETTINGS, type OperatorSettingKey, PRICE_BAND } from '@exchange/contract';
import { fromUnits, toUnits } from '@exchange/engine';
import { inArray, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, settings } from '../../db/schema.js';

const KEYS = Object.keys(OPERATOR_SETTINGS) as OperatorSettingKey[];

export function isOperatorSetting(key: string): key is OperatorSettingKey {
  return (KEYS as string[]).includes(key);
}

/** The accepted range of each operator setting (whole numbers). */
export const OPERATOR_SETTING_RANGE: Record<OperatorSettingKey, { min: number; max: number }> = {
  order_rate_per_second: { min: 1, max: 100_000 },
  open_orders_per_market: { min: 1, max: 100_000 },
  withdraw_daily_usd_unverified: { min: 0, max: 1_000_000_000 },
  withdraw_daily_usd_verified: { min: 0, max: 1_000_000_000 },
};

/** The pair a `price_band:<currency_match_id>` key names, or null when the key is not one. */
export function priceBandMarket(key: string): number | null {
  if (!key.startsWith(PRICE_BAND.keyPrefix)) return null;
  const id = key.slice(PRICE_BAND.keyPrefix.length);
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

export function priceBandKey(marketId: number): string {
  return `${PRICE_BAND.keyPrefix}${marketId}`;
}

/**
 * A price band as the operator writes it, a fraction in [PRICE_BAND.min, PRICE_BAND.max] with at
 * most PRICE_BAND.decimals decimals ("0.1" = 10 %), in basis points; null when it is not one.
 * Read as a decimal, never through a float.
 */
export function parsePriceBand(text: string): number | null {
  if (!/^\d{1,3}(\.\d{1,12})?$/.test(text)) return null;
  let bps: bigint;
  try {
    bps = toUnits(text, PRICE_BAND.decimals);
  } catch {
    return null;
  }
  const min = toUnits(PRICE_BAND.min, PRICE_BAND.decimals);
  const max = toUnits(PRICE_BAND.max, PRICE_BAND.decimals);
  return bps >= min && bps <= max ? Number(bps) : null;
}

/** Basis points as the fraction the operator reads: 1000 → "0.1", 10000 → "1". */
export function priceBandText(bps: number): string {
  const text = fromUnits(BigInt(bps), PRICE_BAND.decimals);
  return text.replace(/\.?0+$/, '');
}

const DEFAULT_BAND_BPS = parsePriceBand(PRICE_BAND.default) ?? 1_000;

/**
 * Operator settings (limits an operator tunes without a restart), held in memory and written
 * through to the `settings` table (not public). Values are whole numbers; a missing row reads as
 * the contract's default. Spot price bands are kept beside them, one per pair under
 * `price_band:<currency_match_id>` (a fraction; the default band when the pair has none).
 */
export class OperatorSettings {
  private readonly values = new Map<OperatorSettingKey, number>();
  /** Price bands the operator set, in basis points, by market id. */
  private readonly bands = new Map<number, number>();

  private constructor(private readonly db: Db) {}

  static async load(db: Db): Promise<OperatorSettings> {
    const s = new OperatorSettings(db);
    const rows = await db
      .select()
      .from(settings)
      .where(or(inArray(settings.key, KEYS), like(settings.key, `${PRICE_BAND.keyPrefix}%`)));
    for (const row of rows) {
      const n = Number(row.value);
      if (isOperatorSetting(row.key) && Number.isSafeInteger(n)) s.values.set(row.key, n);
      const market = priceBandMarket(row.key);
      const bps = market === null ? null : parsePriceBand(row.value);
      if (market !== null && bps !== null) s.bands.set(market, bps);
    }
    return s;
  }

  /** A pair's price band in basis points: the operator's, else PRICE_BAND.default. */
  priceBandBps(marketId: number): number {
    return this.bands.get(marketId) ?? DEFAULT_BAND_BPS;
  }

  /** Stores a pair's price band (already validated by parsePriceBand) with an audit row. */
  async setPriceBand(marketId: number, bps: number, actorId: number) {
    const key = priceBandKey(marketId);
    const previous = priceBandText(this.priceBandBps(marketId));
    const value = priceBandText(bps);
    await this.write(key, value, actorId, previous, value);
    this.bands.set(marketId, bps);
  }

  get(key: OperatorSettingKey): number {
    return this.values.get(key) ?? OPERATOR_SETTINGS[key];
  }

  all(): Record<OperatorSettingKey, number> {
    return Object.fromEntries(KEYS.map((k) => [k, this.get(k)])) as Record<
      OperatorSettingKey,
      number
    >;
  }

  /** Stores a value (already validated against OPERATOR_SETTING_RANGE) with an audit row. */
  async set(key: OperatorSettingKey, value: number, actorId: number) {
    await this.write(key, String(value), actorId, this.get(key), value);
    this.values.set(key, value);
  }

  /** Writes a setting's row and its audit row in one transaction (memory follows the caller). */
  private async write(
    key: string,
    text: string,
    actorId: number,
    from: number | string,
    to: number | string,
  ) {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(settings)
        .values({ key, value: text, isPublic: false })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: text, isPublic: false, updatedAt: new Date() },
        });
      await tx.insert(auditLog).values({
        actorId,
        action: 'setting.update',
        target: `setting:${key}`,
        detail: { key, from, to },
      });
    });
  }
}
