import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currencies, systemState } from '../../db/schema.js';
import { firstOperatorId } from '../user/index.js';

const OPENED_KEY = 'demo.earn_opened';
export const EARN_FUNDING_REASON = 'demo earn interest funding';

const SOURCE = {
  en: "Paid from the exchange's trading fee income, set aside in this product's reserve before it went on sale.",
  vi: 'Trả từ thu nhập phí giao dịch của sàn, đã được để riêng trong quỹ dự trữ của sản phẩm trước khi mở bán.',
  zh: '来自交易所的交易手续费收入，在开售前已存入本产品的储备。',
  hk: '來自交易所的交易手續費收入，在開售前已存入本產品的儲備。',
  jp: '取引所の取引手数料収入から支払われ、販売開始前にこの商品の準備金に積み立てられています。',
  du: 'Bezahlt aus den Handelsgebühren der Börse, vor dem Verkaufsstart in der Reserve dieses Produkts zurückgelegt.',
  fr: 'Payés sur les frais de négociation de la plateforme, mis de côté dans la réserve du produit avant sa mise en vente.',
};

const PRODUCTS = [
  {
    days: 7,
    rate: '0.06',
    min: '10',
    max: '10000',
    perUser: '20000',
    quota: '1000000',
    fund: '2000',
    names: {
      en: 'USDT 7-day savings',
      vi: 'Tiết kiệm USDT 7 ngày',
      zh: 'USDT 7天理财',
      hk: 'USDT 7天理財',
      jp: 'USDT 7日間運用',
      du: 'USDT 7-Tage-Sparen',
      fr: 'Épargne USDT 7 jours',
    },
  },
  {
    days: 30,
    rate: '0.09',
    min: '100',
    max: '50000',
    perUser: '100000',
    quota: '2000000',
    fund: '20000',
    names: {
      en: 'USDT 30-day savings',
      vi: 'Tiết kiệm USDT 30 ngày',
      zh: 'USDT 30天理财',
      hk: 'USDT 30天理財',
      jp: 'USDT 30日間運用',
      du: 'USDT 30-Tage-Sparen',
      fr: 'Épargne USDT 30 jours',
    },
  },
  {
    // Not funded: the list shows how a product looks when its reserve is used up.
    days: 90,
    rate: '0.12',
    min: '100',
    max: '100000',
    perUser: '100000',
    quota: '5000000',
    fund: null,
    names: {
      en: 'USDT 90-day savings',
      vi: 'Tiết kiệm USDT 90 ngày',
      zh: 'USDT 90天理财',
      hk: 'USDT 90天理財',
      jp: 'USDT 90日間運用',
      du: 'USDT 90-Tage-Sparen',
      fr: 'Épargne USDT 90 jours',
    },
  },
];

/**
 * The demo's earning products (DEMO=1), once: three USDT terms, two of them with a funded
 * interest reserve, all made by recorded operator commands. An operator changes them on
 * /admin/earn.
 */
export async function openDemoEarn(app: FastifyInstance): Promise<boolean> {
  const { db } = app.ctx;
  const [done] = await db.select().from(systemState).where(eq(systemState.key, OPENED_KEY));
  if (done) return false;
  const operator = await firstOperatorId(db);
  if (operator === null) return false;
  const [usdt] = await db
    .select({ id: currencies.id, decimals: currencies.displayDecimals })
    .from(currencies)
    .where(eq(currencies.code, 'USDT'));
  if (!usdt) return false;
  for (const p of PRODUCTS) {
    const product = await app.ctx.send({
      kind: 'earn.create',
      actorId: operator,
      lang: 'en',
      terms: {
        currencyId: usdt.id,
        currencyCode: 'USDT',
        decimals: usdt.decimals,
        names: p.names,
        yieldSources: SOURCE,
        days: p.days,
        rate: p.rate,
        min: p.min,
        max: p.max,
        maxPerUser: p.perUser,
        quota: p.quota,
        saleStart: null,
        saleEnd: null,
      },
    });
    if (p.fund)
      await app.ctx.send({
        kind: 'earn.fund',
        actorId: operator,
        lang: 'en',
        id: product.id,
        amount: p.fund,
        reason: EARN_FUNDING_REASON,
      });
  }
  await db.insert(systemState).values({ key: OPENED_KEY, value: '1' });
  return true;
}
