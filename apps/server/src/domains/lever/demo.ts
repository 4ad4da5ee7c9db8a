import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scaled } from '../../core/amounts.js';
import { systemState } from '../../db/schema.js';
import { firstOperatorId } from '../user/index.js';

const OPENED_KEY = 'demo.lever_opened';
/** Pairs a visitor can trade on leverage right after `npm start`. */
const DEMO_LEVER_PAIRS = ['BTC/USDT', 'ETH/USDT'];
/** What the demo's house and insurance hold, in USDT: enough for every demo position. */
const HOUSE_USDT = 10_000_000n;
const INSURANCE_USDT = 100_000n;
export const LEVER_FUNDING_REASON = 'demo lever house funding';

/**
 * The demo's leverage desk (DEMO=1), once: leverage opened on BTC/USDT and ETH/USDT with the
 * default terms, the USDT house and insurance funded by recorded operator adjustments. An
 * operator changes any of it later on /admin/lever.
 */
export async function openDemoLever(app: FastifyInstance): Promise<boolean> {
  const { db, lever, wallet } = app.ctx;
  const [done] = await db.select().from(systemState).where(eq(systemState.key, OPENED_KEY));
  if (done) return false;
  const operator = await firstOperatorId(db);
  if (operator === null) return false;
  let usdt: number | null = null;
  for (const terms of lever.allTerms()) {
    if (!DEMO_LEVER_PAIRS.includes(terms.symbol)) continue;
    await lever.setTerms(terms.marketId, { open: true }, operator);
    usdt = terms.quoteCurrencyId;
  }
  if (usdt !== null) {
    const currencyId = usdt;
    for (const [code, amount] of [
      ['lever-house', HOUSE_USDT],
      ['lever-insurance', INSURANCE_USDT],
    ] as const) {
      await wallet.adjustSystem({
        actorId: operator,
        code,
        currencyId,
        amount: scaled(amount, 0),
        reason: LEVER_FUNDING_REASON,
      });
    }
  }
  await db
    .insert(systemState)
    .values({ key: OPENED_KEY, value: String(Date.now()) })
    .onConflictDoNothing();
  return true;
}
