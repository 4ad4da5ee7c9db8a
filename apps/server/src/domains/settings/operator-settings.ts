import { OPERATOR_SETTINGS, type OperatorSettingKey } from '@exchange/contract';
import { inArray } from 'drizzle-orm';
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

/**
 * Operator settings (limits an operator tunes without a restart), held in memory and written
 * through to the `settings` table (not public). Values are whole numbers; a missing row reads as
 * the contract's default.
 */
export class OperatorSettings {
  private readonly values = new Map<OperatorSettingKey, number>();

  private constructor(private readonly db: Db) {}

  static async load(db: Db): Promise<OperatorSettings> {
    const s = new OperatorSettings(db);
    const rows = await db.select().from(settings).where(inArray(settings.key, KEYS));
    for (const row of rows) {
      const n = Number(row.value);
      if (isOperatorSetting(row.key) && Number.isSafeInteger(n)) s.values.set(row.key, n);
    }
    return s;
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
    const previous = this.get(key);
    await this.db.transaction(async (tx) => {
      await tx
        .insert(settings)
        .values({ key, value: String(value), isPublic: false })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: String(value), isPublic: false, updatedAt: new Date() },
        });
      await tx.insert(auditLog).values({
        actorId,
        action: 'setting.update',
        target: `setting:${key}`,
        detail: { key, from: previous, to: value },
      });
    });
    this.values.set(key, value);
  }
}
