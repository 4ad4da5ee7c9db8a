import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { auditLog, settings } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { parseDepositBank } from '../vnd/index.js';

/** A rate of VND per USDT: a positive decimal of at most 12 whole digits and 8 decimals. */
const RATE = /^(?!0+(\.0+)?$)\d{1,12}(\.\d{1,8})?$/;
const HTTPS = /^https:\/\/[^\s"'<>]{3,300}$/;

function links(value: string): boolean {
  try {
    const v = JSON.parse(value) as unknown;
    return (
      Array.isArray(v) &&
      v.length <= 10 &&
      v.every(
        (l: unknown) =>
          typeof (l as { name?: unknown }).name === 'string' &&
          typeof (l as { url?: unknown }).url === 'string' &&
          HTTPS.test((l as { url: string }).url),
      )
    );
  } catch {
    return false;
  }
}

/**
 * The public settings an operator sets with admin/settings/set (the clients read them with
 * default/setting), each with the rule its value must meet, said in the refusal.
 */
export const PUBLIC_SETTINGS: Record<string, { rule: string; ok: (value: string) => boolean }> = {
  usd_vnd: { rule: 'VND per USDT, above 0', ok: (v) => RATE.test(v) },
  usd_vnd_withdraw: { rule: 'VND per USDT, above 0', ok: (v) => RATE.test(v) },
  deposit_bank: {
    rule: 'JSON {bank_name, bank_num, owner_name, bin: 6 digits}',
    ok: (v) => parseDepositBank(v) !== null,
  },
  tele_contact: { rule: "'' or an https link", ok: (v) => v === '' || HTTPS.test(v) },
  livechat: { rule: "'' or an https link", ok: (v) => v === '' || HTTPS.test(v) },
  exchange_links: { rule: 'JSON [{name, url: https}], at most 10', ok: links },
};

/** Sets one public setting (checked first; nothing changes when refused), with its audit entry. */
export async function setPublicSetting(
  ctx: AppContext,
  actorId: number,
  key: string,
  raw: string | number,
) {
  const spec = PUBLIC_SETTINGS[key];
  if (!spec) throw new AppError('setting.unknown');
  const value = String(raw).trim();
  if (!spec.ok(value)) throw new AppError('setting.invalid', { setting: key, rule: spec.rule });
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).where(eq(settings.key, key));
    await tx
      .insert(settings)
      .values({ key, value, isPublic: true })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    await tx.insert(auditLog).values({
      actorId,
      action: 'setting.set',
      target: `setting:${key}`,
      detail: { before: before?.value ?? null, after: value },
    });
  });
  return { key, value };
}
