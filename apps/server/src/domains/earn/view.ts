/**
 * Earning products and subscriptions as the wire shows them (contract calls/earn.ts): texts in
 * the request's language (English when a product has none in it), amounts as decimal strings.
 */
import type { EarnProduct, EarnProductAdmin, EarnSubscription } from '@exchange/contract';
import { earnMaths } from '@exchange/contract';
import { wireAmount } from '../../core/amounts.js';
import type { EarnHandler } from './handler.js';
import type { EarnProductState } from './types.js';

/** A text in `lang`, else in English. */
export function textIn(texts: Record<string, string>, lang: string): string {
  return texts[lang] || texts.en || '';
}

export function productView(
  earn: EarnHandler,
  p: EarnProductState,
  lang: string,
  userId: number | null,
): EarnProduct {
  return {
    id: p.id,
    name: textIn(p.names, lang),
    currency_id: p.currencyId,
    currency_code: p.currencyCode,
    decimals: p.decimals,
    days: p.days,
    rate: p.rate,
    min_number: wireAmount(p.min),
    max_number: wireAmount(p.max),
    max_per_user: wireAmount(p.maxPerUser),
    quota: wireAmount(p.quota),
    sold: wireAmount(p.sold),
    payout: 'daily',
    reserve: wireAmount(p.reserve),
    sold_out: earn.soldOut(p) ? 1 : 0,
    yield_source: textIn(p.yieldSources, lang),
    status: p.status,
    sale_start: p.saleStart,
    sale_end: p.saleEnd,
    holding: wireAmount(userId === null ? 0n : earn.holdingOf(userId, p.id)),
  };
}

/** Principal and count of the subscriptions in effect, per product, in one pass. */
export function inEffectByProduct(earn: EarnHandler) {
  const out = new Map<number, { principal: bigint; active: number }>();
  for (const s of earn.active.values()) {
    const sum = out.get(s.productId) ?? { principal: 0n, active: 0 };
    sum.principal += s.number;
    sum.active += 1;
    out.set(s.productId, sum);
  }
  return out;
}

export function adminProductView(
  earn: EarnHandler,
  p: EarnProductState,
  lang: string,
  inEffect = inEffectByProduct(earn),
): EarnProductAdmin {
  const { principal, active } = inEffect.get(p.id) ?? { principal: 0n, active: 0 };
  return {
    ...productView(earn, p, lang, null),
    names: { ...p.names },
    yield_sources: { ...p.yieldSources },
    owed: wireAmount(p.owed),
    paid: wireAmount(p.paid),
    principal: wireAmount(principal),
    subscriptions: p.subscriptions,
    active,
    editable: p.subscriptions === 0 && p.status !== 3,
    created_at: p.createdAt,
  };
}

/** What a subscription row shows, from its stored or remembered values. */
export interface SubscriptionFacts {
  id: number;
  productId: number;
  name: string;
  currencyCode: string;
  number: bigint;
  daily: bigint;
  days: number;
  rate: string;
  startDay: number;
  paidDays: number;
  income: bigint;
  status: 1 | 2;
  createdAt: number;
}

export function subscriptionView(
  s: SubscriptionFacts,
  day: earnMaths.EarnDayClock,
): EarnSubscription {
  const inEffect = s.status === 1;
  return {
    id: s.id,
    ieo_id: s.productId,
    name: s.name,
    currency_code: s.currencyCode,
    number: wireAmount(s.number),
    days: s.days,
    rate: s.rate,
    daily_dividend: wireAmount(s.daily),
    income: wireAmount(s.income),
    total_interest: wireAmount(s.daily * BigInt(s.days)),
    paid_days: s.paidDays,
    remain_days: s.days - s.paidDays,
    status: s.status,
    created_at: s.createdAt,
    next_payout_at: inEffect ? earnMaths.earnDayStart(s.startDay + s.paidDays + 1, day) : null,
    maturity_at: earnMaths.maturityAt(s.startDay, s.days, day),
  };
}
