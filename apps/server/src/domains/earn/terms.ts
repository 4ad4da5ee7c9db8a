/**
 * The operator's side of earning products, commands of the handler (handler.ts delegates): a
 * product's terms, its sale status, and its interest reserve funded from the outside world. Each
 * is checked before anything changes and written with its audit entry in the same batch.
 */
import { EARN_LIMITS, earnMaths, JOURNAL_KIND } from '@exchange/contract';
import { plain, pow10, SCALE, units, wireAmount } from '../../core/amounts.js';
import { reject } from '../../core/result.js';
import type { EarnHandler } from './handler.js';
import { EARN_INTEREST, type EarnProductState, type EarnTerms } from './types.js';

const MAX_RATE = units(EARN_LIMITS.maxRate);

/** Refuses terms that break a rule (the call checks the same first, with field errors). */
function check(t: EarnTerms) {
  t.rate = plain(t.rate);
  const step = pow10(SCALE - t.decimals);
  const rule = (ok: boolean, text: string) => {
    if (!ok) reject('EARN_TERMS', { rule: text });
  };
  const rate = units(t.rate);
  rule(rate > 0n && rate <= MAX_RATE, `0 < rate ≤ ${EARN_LIMITS.maxRate}`);
  rule(rate % pow10(SCALE - earnMaths.EARN_RATE_DECIMALS) === 0n, 'rate: at most 6 decimals');
  rule(Number.isInteger(t.days) && t.days >= 1 && t.days <= EARN_LIMITS.maxDays, 'days');
  for (const [name, v] of [
    ['min_number', t.min],
    ['max_number', t.max],
    ['max_per_user', t.maxPerUser],
    ['quota', t.quota],
  ] as const) {
    rule(v > 0n, `${name} > 0`);
    rule(v % step === 0n, `${name}: at most ${String(t.decimals)} decimals`);
  }
  rule(t.max >= t.min, 'min_number ≤ max_number');
  rule(t.maxPerUser >= t.min, 'min_number ≤ max_per_user');
  rule(t.quota >= t.min, 'min_number ≤ quota');
  rule(
    t.saleStart === null || t.saleEnd === null || t.saleEnd > t.saleStart,
    'sale_start < sale_end',
  );
  rule(Boolean(t.names.en) && Boolean(t.yieldSources.en), 'name and yield_source in English');
}

function termsDetail(p: EarnProductState) {
  return {
    currency_id: p.currencyId,
    names: p.names,
    days: p.days,
    rate: p.rate,
    min_number: wireAmount(p.min),
    max_number: wireAmount(p.max),
    max_per_user: wireAmount(p.maxPerUser),
    quota: wireAmount(p.quota),
    sale_start: p.saleStart,
    sale_end: p.saleEnd,
  };
}

function audit(
  h: EarnHandler,
  actorId: number,
  action: string,
  p: EarnProductState,
  detail: Record<string, unknown>,
) {
  h.seq.batch.audits.push({ actorId, action, target: `earn:${String(p.id)}`, detail });
}

/** A new product, on sale but sold out until its reserve is funded. */
export function createProduct(
  h: EarnHandler,
  t: EarnTerms,
  actorId: number,
): Promise<EarnProductState> {
  h.seq.ensureRunning();
  check(t);
  return h.seq.run(() => {
    const now = h.seq.clock.now();
    const p: EarnProductState = {
      ...t,
      id: h.next.product++,
      status: 1,
      reserve: 0n,
      owed: 0n,
      paid: 0n,
      sold: 0n,
      subscriptions: 0,
      createdAt: now,
      updatedAt: now,
    };
    h.products.set(p.id, p);
    h.write([p], []);
    audit(h, actorId, 'earn.create', p, { terms: termsDetail(p) });
    return { ...p };
  });
}

/** New terms and texts for a product nobody has subscribed to yet. */
export function updateProduct(
  h: EarnHandler,
  id: number,
  t: EarnTerms,
  actorId: number,
): Promise<EarnProductState> {
  h.seq.ensureRunning();
  const p = h.product(id);
  if (p.status === 3) reject('EARN_CLOSED');
  if (p.subscriptions > 0) reject('EARN_TERMS_LOCKED');
  check(t);
  if (t.currencyId !== p.currencyId && p.reserve > 0n)
    reject('EARN_TERMS', { rule: 'currency: draw the reserve back first' });
  return h.seq.run(() => {
    const before = termsDetail(p);
    Object.assign(p, t, { updatedAt: h.seq.clock.now() });
    h.write([p], []);
    audit(h, actorId, 'earn.update', p, { before, after: termsDetail(p) });
    return { ...p };
  });
}

/** On sale (1), paused (2) or closed for good (3); subscriptions in effect run on. */
export function setProductStatus(
  h: EarnHandler,
  id: number,
  status: 1 | 2 | 3,
  reason: string,
  actorId: number,
): Promise<EarnProductState> {
  h.seq.ensureRunning();
  const p = h.product(id);
  if (p.status === 3) reject('EARN_CLOSED');
  return h.seq.run(() => {
    const before = p.status;
    p.status = status;
    p.updatedAt = h.seq.clock.now();
    h.write([p], []);
    audit(h, actorId, 'earn.status', p, { before, after: status, reason });
    return { ...p };
  });
}

/**
 * Moves `amount` from the outside world into the product's reserve; a negative amount draws
 * back reserve that nobody was promised (never what is owed).
 */
export function fundProduct(
  h: EarnHandler,
  id: number,
  amount: bigint,
  reason: string,
  actorId: number,
): Promise<EarnProductState> {
  h.seq.ensureRunning();
  const p = h.product(id);
  if (amount === 0n) reject('INVALID_NUMBER');
  if (amount % pow10(SCALE - p.decimals) !== 0n)
    reject('AMOUNT_PRECISION', { decimals: p.decimals });
  if (amount > 0n && p.status === 3) reject('EARN_CLOSED');
  if (amount < 0n && -amount > p.reserve)
    reject('EARN_RESERVE', { reserve: wireAmount(p.reserve), currency: p.currencyCode });
  return h.seq.run(() => {
    const at = new Date(h.seq.clock.now());
    const { ledger } = h.seq;
    ledger.post({ kind: JOURNAL_KIND.earnFund, refId: p.id, actorId, reason, at }, [
      { account: ledger.system('outside', p.currencyId), bucket: 0, amount: -amount },
      { account: ledger.system(EARN_INTEREST, p.currencyId), bucket: 0, amount },
    ]);
    p.reserve += amount;
    p.updatedAt = at.getTime();
    h.write([p], []);
    audit(h, actorId, 'earn.fund', p, { amount: wireAmount(amount), reason });
    return { ...p };
  });
}
