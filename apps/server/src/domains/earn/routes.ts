import { ACCOUNT_TYPE, CALLS, EARN_LIMITS, earnMaths } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { units, wireAmount } from '../../core/amounts.js';
import { parseMoney, parseSignedMoney } from '../../core/parse.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { requestLang } from '../../http/lang.js';
import { route } from '../../http/route.js';
import { checkPayPassword, loadCurrency } from '../assets/index.js';

const RATE = new RegExp(`^\\d{1,3}(\\.\\d{1,${String(earnMaths.EARN_RATE_DECIMALS)}})?$`);

/** A text of every language the operator filled in (a plain string is the English one). */
function texts(value: string | Record<string, string | undefined>): Record<string, string> {
  const all = typeof value === 'string' ? { en: value } : value;
  const out: Record<string, string> = {};
  for (const [lang, text] of Object.entries(all)) if (text) out[lang] = text;
  return out;
}

type TermsInput = {
  currency_id: number;
  name: string | Record<string, string | undefined>;
  yield_source: string | Record<string, string | undefined>;
  days: number;
  rate: string;
  min_number: string;
  max_number: string;
  max_per_user: string;
  quota: string;
  sale_start?: number | null | undefined;
  sale_end?: number | null | undefined;
};

/** The operator's terms, checked with the product's error keys before any command is sent. */
async function termsOf(ctx: AppContext, input: TermsInput) {
  const currency = await loadCurrency(ctx.db, input.currency_id);
  const invalid = (rule: string) => new AppError('earn.terms_invalid', { rule });
  if (!currency.accountTypes.includes(ACCOUNT_TYPE.financial))
    throw invalid(`${currency.code} has no financial account`);
  const rate = input.rate.trim();
  if (!RATE.test(rate) || units(rate) <= 0n || units(rate) > units(EARN_LIMITS.maxRate))
    throw invalid(`0 < rate ≤ ${EARN_LIMITS.maxRate}, at most 6 decimals (0.12 = 12 %)`);
  const d = currency.decimals;
  const terms = {
    currencyId: currency.id,
    currencyCode: currency.code,
    decimals: d,
    names: texts(input.name),
    yieldSources: texts(input.yield_source),
    days: input.days,
    rate: wireAmount(units(rate)),
    min: wireAmount(parseMoney(input.min_number, d)),
    max: wireAmount(parseMoney(input.max_number, d)),
    maxPerUser: wireAmount(parseMoney(input.max_per_user, d)),
    quota: wireAmount(parseMoney(input.quota, d)),
    saleStart: input.sale_start ?? null,
    saleEnd: input.sale_end ?? null,
  };
  if (units(terms.max) < units(terms.min)) throw invalid('min_number ≤ max_number');
  if (units(terms.maxPerUser) < units(terms.min)) throw invalid('min_number ≤ max_per_user');
  if (units(terms.quota) < units(terms.min)) throw invalid('min_number ≤ quota');
  if (terms.saleStart !== null && terms.saleEnd !== null && terms.saleEnd <= terms.saleStart)
    throw invalid('sale_start < sale_end');
  return terms;
}

/** The earning list, subscribing and the earning log (spec 3 screen 2, /coinlog). */
export function earnRoutes(app: FastifyInstance) {
  route(app, CALLS.ieoList, ({ ctx, session, input, request }) =>
    ctx.ask({
      kind: 'earn.list',
      userId: session?.userId ?? null,
      lang: requestLang(request),
      page: input.page,
      limit: input.limit,
    }),
  );

  route(app, CALLS.ieoAdd, async ({ ctx, session, input, request }) => {
    const product = await ctx.ask({ kind: 'earn.product', id: input.id });
    if (!product) throw new AppError('earn.not_found');
    if (!input.number) throw new AppError('earn.p_number');
    const amount = parseMoney(input.number, product.decimals);
    if (!input.pay_password) throw new AppError('earn.p_password');
    await checkPayPassword(ctx.db, session.userId, input.pay_password);
    return ctx.send({
      kind: 'earn.subscribe',
      userId: session.userId,
      productId: input.id,
      amount: wireAmount(amount),
      lang: requestLang(request),
    });
  });

  route(app, CALLS.ieoMy, ({ ctx, session, input, request }) =>
    ctx.ask({
      kind: 'earn.my',
      userId: session.userId,
      lang: requestLang(request),
      page: input.page,
      limit: input.limit,
      status: input.status ?? null,
    }),
  );
}

/** The operator's earning desk: products, their terms, status and interest reserve. */
export function earnAdminRoutes(app: FastifyInstance) {
  route(app, CALLS.adminIeoList, ({ ctx, request }) =>
    ctx.ask({ kind: 'earn.admin', lang: requestLang(request) }),
  );

  route(app, CALLS.adminIeoCreate, async ({ ctx, session, input, request }) =>
    ctx.send({
      kind: 'earn.create',
      actorId: session.userId,
      lang: requestLang(request),
      terms: await termsOf(ctx, input),
    }),
  );

  route(app, CALLS.adminIeoUpdate, async ({ ctx, session, input, request }) => {
    const product = await ctx.ask({ kind: 'earn.product', id: input.id });
    if (!product) throw new AppError('earn.not_found');
    return ctx.send({
      kind: 'earn.update',
      actorId: session.userId,
      lang: requestLang(request),
      id: input.id,
      terms: await termsOf(ctx, input),
    });
  });

  route(app, CALLS.adminIeoStatus, ({ ctx, session, input, request }) =>
    ctx.send({
      kind: 'earn.setStatus',
      actorId: session.userId,
      lang: requestLang(request),
      id: input.id,
      status: input.status,
      reason: input.reason,
    }),
  );

  route(app, CALLS.adminIeoFund, async ({ ctx, session, input, request }) => {
    const product = await ctx.ask({ kind: 'earn.product', id: input.id });
    if (!product) throw new AppError('earn.not_found');
    const amount = parseSignedMoney(input.amount, product.decimals);
    return ctx.send({
      kind: 'earn.fund',
      actorId: session.userId,
      lang: requestLang(request),
      id: input.id,
      amount: wireAmount(amount),
      reason: input.reason,
    });
  });
}
