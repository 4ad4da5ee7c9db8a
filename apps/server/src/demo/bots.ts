import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_TYPE } from '@exchange/contract';
import { currencies, systemState, users } from '../db/schema.js';
import { firstOperatorId, hashPassword, newInviteCode } from '../domains/user/index.js';
export { firstOperatorId };
import { unitsWorth } from './sizing.js';

/** Two users, so that the maker's trades are real trades between two owners. */
export const MAKER_EMAILS = ['maker-a@exchange.test', 'maker-b@exchange.test'] as const;
export const FUNDING_REASON = 'demo market maker funding';
const FUNDED_KEY = 'demo.maker_funded';
/** Worth of every currency each bot starts with. */
const FUNDING_USD = 50_000_000n;
/** A currency without a price gets this many whole units. */
const FUNDING_UNPRICED = 1_000_000_000n * 10n ** 18n;

export function fundingAmount(usdPrice: string): bigint {
  return unitsWorth(FUNDING_USD, usdPrice) ?? FUNDING_UNPRICED;
}

/**
 * The bots' accounts: created on first start with random passwords nobody is told (they never
 * sign in), and funded once through the core as recorded operator adjustments.
 */
export async function ensureMakerBots(app: FastifyInstance): Promise<[number, number]> {
  const { db, wallet, config } = app.ctx;
  const ids: number[] = [];
  for (const email of MAKER_EMAILS) {
    const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (found) {
      ids.push(found.id);
      continue;
    }
    const password = randomBytes(12).toString('base64url');
    const [created] = await db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(password, config.passwordHashCost),
        inviteCode: newInviteCode(),
        role: 'user',
      })
      .returning({ id: users.id });
    if (!created) throw new Error(`could not create ${email}`);
    ids.push(created.id);
  }
  const [a, b] = ids;
  if (a === undefined || b === undefined) throw new Error('market maker bots missing');

  const [funded] = await db.select().from(systemState).where(eq(systemState.key, FUNDED_KEY));
  if (!funded) {
    const operator = await firstOperatorId(db);
    const rows = await db.select().from(currencies).orderBy(asc(currencies.id));
    const pending: Promise<unknown>[] = [];
    for (const userId of [a, b]) {
      for (const c of rows) {
        pending.push(
          wallet.adjust({
            actorId: operator ?? userId,
            userId,
            currencyId: c.id,
            accountType: ACCOUNT_TYPE.trade,
            amount: fundingAmount(c.usdPrice),
            reason: FUNDING_REASON,
          }),
        );
      }
    }
    await Promise.all(pending);
    await db.insert(systemState).values({ key: FUNDED_KEY, value: String(Date.now()) });
  }
  return [a, b];
}
