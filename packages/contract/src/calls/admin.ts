import { z } from 'zod';
import { defineCall } from '../call.js';
import { decimalString } from '../envelope.js';
import { decimalInput, text } from './fields.js';

export const auditCurrency = z.object({
  currency: z.string(),
  /** Σ over every account (available + locked), users and system: must be 0. */
  sum: decimalString,
  /** Accounts with a negative available or locked balance (the outside-world account excepted). */
  negative_accounts: z.number().int(),
  locked: decimalString,
  reserved_by_orders: decimalString,
  /** Accounts whose balance differs from the sum of their ledger postings. */
  unposted_accounts: z.number().int(),
  /**
   * Products' system accounts whose balance differs from what the products' rows say they hold
   * (earn's interest account: the reserves and what is owed).
   */
  system_mismatches: z.number().int(),
  ok: z.boolean(),
});
export const auditReport = z.object({ ok: z.boolean(), currencies: z.array(auditCurrency) });
export type AuditReport = z.infer<typeof auditReport>;

/** One operator setting: the stored base value, its default and the accepted range (whole numbers). */
export const operatorSetting = z.object({
  key: z.string(),
  value: z.number().int(),
  default: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
});
export type OperatorSetting = z.infer<typeof operatorSetting>;
/**
 * One pair's spot price band (addition): the setting `price_band:<currency_match_id>`, a fraction
 * as a decimal string (see PRICE_BAND). Not scaled by RATE_LIMIT_FACTOR.
 */
export const priceBandSetting = z.object({
  key: z.string(),
  currency_match_id: z.number().int(),
  symbol: z.string(),
  value: decimalString,
  default: decimalString,
  min: decimalString,
  max: decimalString,
});
export type PriceBandSetting = z.infer<typeof priceBandSetting>;
/** A public setting (addition) as set: the clients read it with default/setting. */
export const publicSetting = z.object({ key: z.string(), value: z.string() });
export const operatorSettingsView = z.object({
  /** RATE_LIMIT_FACTOR: the server applies value × factor. */
  factor: z.number().int(),
  settings: z.array(operatorSetting),
  /** Each spot pair's price band, by pair. */
  price_bands: z.array(priceBandSetting),
});
export type OperatorSettingsView = z.infer<typeof operatorSettingsView>;

export const adminCalls = {
  ledgerAdjust: defineCall({
    method: 'POST',
    path: 'admin/ledger/adjust',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'Recorded adjustment against the outside-world account; user is an e-mail, mobile or id; never below zero',
    request: z.object({
      user: text(100).pipe(z.string().min(1)),
      currency: text(20).pipe(z.string().min(1)),
      // Bounded like every decimal, then signed: a credit, or a debit with `-` first.
      amount: decimalInput.pipe(z.string().regex(/^-?\d{1,30}(\.\d{1,18})?$/)),
      reason: text(500).pipe(z.string().min(3)),
      account_type: z.coerce.number().int().min(1).max(5).default(1),
    }),
    response: z.object({
      journal_id: z.number().int(),
      user_id: z.number().int(),
      currency: z.string(),
      balance: decimalString,
      lock_balance: decimalString,
    }),
  }),
  audit: defineCall({
    method: 'GET',
    path: 'admin/audit',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'Ledger audit: per currency the sum over all accounts, negatives, locks versus open orders',
    request: z.object({}),
    response: auditReport,
  }),
  adminSettings: defineCall({
    method: 'GET',
    path: 'admin/settings',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'Operator settings (order limits): base value, default and range; the server applies value × factor',
    request: z.object({}),
    response: operatorSettingsView,
  }),
  adminSettingsUpdate: defineCall({
    method: 'POST',
    path: 'admin/settings/update',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'Change an operator setting (a whole number within its range; for price_band:<currency_match_id> a fraction in [0.0001, 1]; else 422 setting.invalid); audited',
    request: z.object({
      key: text(64).pipe(z.string().min(1)),
      // A form may send the number as text; the server reads it by the setting's kind and checks
      // its range (setting.invalid). Kept as sent: a price band is read as a decimal, never a float.
      value: z.union([z.number(), z.string().trim().max(2_000)]),
    }),
    response: z.union([operatorSetting, priceBandSetting, publicSetting]),
  }),
  /** The same change under the name outside clients use for a pair's price band. */
  adminSettingsSet: defineCall({
    method: 'POST',
    path: 'admin/settings/set',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'admin/settings/update under another name: { key, value }, e.g. key price_band:<currency_match_id> with a fraction in [0.0001, 1], or a public setting (usd_vnd, usd_vnd_withdraw, deposit_bank, tele_contact, livechat, exchange_links); audited',
    request: z.object({
      key: text(64).pipe(z.string().min(1)),
      value: z.union([z.number(), z.string().trim().max(2_000)]),
    }),
    response: z.union([operatorSetting, priceBandSetting, publicSetting]),
  }),
};
