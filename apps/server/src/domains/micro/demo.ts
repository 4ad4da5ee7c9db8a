import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scaled, units } from '../../core/amounts.js';
import { currencies, systemState } from '../../db/schema.js';
import { firstOperatorId } from '../user/index.js';

const OPENED_KEY = 'demo.micro_opened';
const GUARDED_KEY = 'demo.micro_guarded';
/** Pairs a visitor can trade in seconds right after `npm start` (the market maker trades them). */
const DEMO_MICRO_PAIRS = ['BTC/USDT', 'ETH/USDT'];
/**
 * The demo pairs' index minimums: 3 trades and about 20,000 USD of volume by others than the
 * bettor per 10 s window (the market maker trades more there, see its `busy` pairs), multiple 1:
 * the house owes on each pair at most what deciding its index costs on the maker's book.
 */
const DEMO_GUARDS: Record<string, { minTrades: number; minVolume: string }> = {
  'BTC/USDT': { minTrades: 3, minVolume: '0.3' },
  'ETH/USDT': { minTrades: 3, minVolume: '6' },
};
/** What the demo's micro house holds, in USDT. */
const HOUSE_USDT = 1_000_000n;
export const MICRO_FUNDING_REASON = 'demo micro house funding';

/**
 * The demo's micro trade (DEMO=1), once: open on BTC/USDT and ETH/USDT with the default options,
 * USDT as the stake currency (presets 10, 50, 100, 500; 10 to 10,000; fee 1 %; a cap of 50,000
 * per pair over every open expiry) and a funded micro house, all by recorded operator commands. An
 * operator changes any of it later on /admin/micro.
 */
export async function openDemoMicro(app: FastifyInstance): Promise<boolean> {
  const { db, micro, wallet } = app.ctx;
  await guardDemoMicro(app);
  const [done] = await db.select().from(systemState).where(eq(systemState.key, OPENED_KEY));
  if (done) return false;
  const operator = await firstOperatorId(db);
  if (operator === null) return false;
  const [usdt] = await db
    .select({ id: currencies.id, decimals: currencies.displayDecimals })
    .from(currencies)
    .where(eq(currencies.code, 'USDT'));
  if (!usdt) return false;
  const d = usdt.decimals;
  await micro.setCurrency(
    usdt.id,
    'USDT',
    d,
    {
      enabled: true,
      numbers: [10n, 50n, 100n, 500n].map((n) => scaled(n, 0)),
      min: scaled(10n, 0),
      max: scaled(10_000n, 0),
      feeRate: '0.01',
      defaultCap: scaled(50_000n, 0),
    },
    operator,
  );
  for (const pair of micro.allPairs()) {
    if (DEMO_MICRO_PAIRS.includes(pair.symbol))
      await micro.setPair(pair.marketId, { open: true }, operator);
  }
  await wallet.adjustSystem({
    actorId: operator,
    code: 'micro-house',
    currencyId: usdt.id,
    amount: scaled(HOUSE_USDT, 0),
    reason: MICRO_FUNDING_REASON,
  });
  await db
    .insert(systemState)
    .values({ key: OPENED_KEY, value: String(Date.now()) })
    .onConflictDoNothing();
  return true;
}

/** The demo pairs' guards, once (also on a demo store made before guards existed). */
async function guardDemoMicro(app: FastifyInstance) {
  const { db, micro } = app.ctx;
  const [done] = await db.select().from(systemState).where(eq(systemState.key, GUARDED_KEY));
  if (done) return;
  const operator = await firstOperatorId(db);
  if (operator === null) return;
  for (const pair of micro.allPairs()) {
    const guard = DEMO_GUARDS[pair.symbol];
    if (!guard) continue;
    await micro.setGuard(
      pair.marketId,
      { minTrades: guard.minTrades, minVolume: units(guard.minVolume), multiplePpm: 1_000_000n },
      operator,
    );
  }
  await db
    .insert(systemState)
    .values({ key: GUARDED_KEY, value: String(Date.now()) })
    .onConflictDoNothing();
}
