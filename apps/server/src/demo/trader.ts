import { ACCOUNT_TYPE, ACCOUNT_TYPE_IDS } from '@exchange/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { floorTo } from '../core/amounts.js';
import { currencies, systemState, users } from '../db/schema.js';
import { DEMO_TRADER } from '../seed/seed.js';
import { firstOperatorId } from './bots.js';
import { unitsWorth } from './sizing.js';

export const TRADER_FUNDING_REASON = 'demo trader funding';
const FUNDED_KEY = 'demo.trader_funded';
/** The currencies the demo trader gets in every account type that may hold them. */
const MAIN_CURRENCIES = ['USDT', 'BTC', 'ETH'];
/** Worth of each of them, in US dollars: more in the trade account, where orders are paid from. */
const TRADE_USD = 100_000n;
const OTHER_USD = 10_000n;

/**
 * The demo trader's money (DEMO=1): once, through the core as recorded operator adjustments, the
 * main currencies in every account type `account/list` shows (each in the types it may be held
 * in), so every assets page has something to show and to transfer. Nothing without the trader.
 */
export async function fundDemoTrader(app: FastifyInstance): Promise<number | null> {
  const { db, wallet } = app.ctx;
  const [trader] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_TRADER.email));
  if (!trader) return null;
  const [funded] = await db.select().from(systemState).where(eq(systemState.key, FUNDED_KEY));
  if (funded) return trader.id;
  const operator = await firstOperatorId(db);
  const rows = await db.select().from(currencies).orderBy(asc(currencies.id));
  const pending: Promise<unknown>[] = [];
  for (const accountType of ACCOUNT_TYPE_IDS) {
    const held = rows.filter((c) => c.accountTypes.includes(accountType));
    const main = held.filter((c) => MAIN_CURRENCIES.includes(c.code));
    // A type that holds none of the main currencies gets what it may hold.
    for (const c of main.length ? main : held) {
      const usd = accountType === ACCOUNT_TYPE.trade ? TRADE_USD : OTHER_USD;
      const amount = floorTo(unitsWorth(usd, c.usdPrice) ?? 0n, c.displayDecimals);
      if (amount <= 0n) continue;
      pending.push(
        wallet.adjust({
          actorId: operator,
          userId: trader.id,
          currencyId: c.id,
          accountType,
          amount,
          reason: TRADER_FUNDING_REASON,
        }),
      );
    }
  }
  await Promise.all(pending);
  await db
    .insert(systemState)
    .values({ key: FUNDED_KEY, value: String(Date.now()) })
    .onConflictDoNothing();
  return trader.id;
}
