import { CALLS, type SpotOrder } from '@exchange/contract';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { units, wireAmount } from '../src/core/amounts.js';
import { accounts, markets, orders } from '../src/db/schema.js';
import { type EnvelopeBody, type Member, okData, signUpEmail, type TestApp } from './helpers.js';

// Seeded reference data (src/seed/markets.ts): ids are fixed by the order of the lists.
export const USDT = 1;
export const BTC = 2;
export const ETH = 3;
/** BTC/USDT: price 2 decimals, quantity 6, minimum 0.00001. */
export const BTC_USDT = 1;
/** ETH/USDT: price 2 decimals, quantity 5, minimum 0.0001. */
export const ETH_USDT = 2;
/** ETH/BTC: price 4 decimals, quantity 4, minimum 0.001. */
export const ETH_BTC = 9;

export const OPERATOR = { email: 'admin@exchange.test', password: 'admin123456' };

type Res = { status: number; body: EnvelopeBody };

export interface Trader extends Member {
  email: string;
}

export async function signIn(t: TestApp, account: string, password: string): Promise<string> {
  const res = await t.call(CALLS.login, { login_type: 'email', account, password });
  return okData(res) as string;
}

export function operatorToken(t: TestApp) {
  return signIn(t, OPERATOR.email, OPERATOR.password);
}

/** Credits (or debits) a user's trade account through the operator's recorded adjustment. */
export async function fund(
  t: TestApp,
  operator: string,
  user: string,
  currency: string,
  amount: string,
) {
  const res = await t.call(
    CALLS.ledgerAdjust,
    { user, currency, amount, reason: 'test funding' },
    { token: operator },
  );
  return CALLS.ledgerAdjust.response.parse(okData(res));
}

/** A new signed-in user with the given trade balances, e.g. `{ USDT: '100000', BTC: '2' }`. */
export async function trader(
  t: TestApp,
  operator: string,
  funds: Record<string, string> = {},
): Promise<Trader> {
  const member = await signUpEmail(t);
  for (const [currency, amount] of Object.entries(funds)) {
    await fund(t, operator, member.email, currency, amount);
  }
  return member;
}

export interface OrderParams {
  market?: number;
  number?: string;
  price?: string;
  type?: 0 | 1;
  client_order_id?: string;
}

function orderBody(p: OrderParams): Record<string, unknown> {
  const body: Record<string, unknown> = { currency_match_id: p.market ?? BTC_USDT };
  if (p.number !== undefined) body.number = p.number;
  if (p.price !== undefined) body.price = p.price;
  if (p.type !== undefined) body.type = p.type;
  if (p.client_order_id !== undefined) body.client_order_id = p.client_order_id;
  return body;
}

export function buyRaw(t: TestApp, token: string, p: OrderParams): Promise<Res> {
  return t.call(CALLS.buy, orderBody(p), { token });
}

export function sellRaw(t: TestApp, token: string, p: OrderParams): Promise<Res> {
  return t.call(CALLS.sell, orderBody(p), { token });
}

export function asOrder(res: Res): SpotOrder {
  return CALLS.buy.response.parse(okData(res));
}

export async function buy(t: TestApp, token: string, p: OrderParams): Promise<SpotOrder> {
  return asOrder(await buyRaw(t, token, p));
}

export async function sell(t: TestApp, token: string, p: OrderParams): Promise<SpotOrder> {
  return asOrder(await sellRaw(t, token, p));
}

/**
 * Gives a market a last trade at `price` (its price band's reference, see PRICE_BAND): two new
 * traders trade `number` there. Tests that place orders far from each other set the market's
 * price first, as a real market has one.
 */
export async function tradeAt(
  t: TestApp,
  operator: string,
  price: string,
  p: { market?: number; number?: string } = {},
) {
  const market = t.app.ctx.spot.market(p.market ?? BTC_USDT);
  if (!market) throw new Error(`market ${p.market} is not in the core`);
  const number = p.number ?? wireAmount(market.minQty);
  // Whole units of quote, enough for the trade (a currency's amounts have few decimals).
  const cost = ((units(price) * units(number)) / 10n ** 36n + 1n).toString();
  const seller = await trader(t, operator, { [market.baseCode]: number });
  const buyer = await trader(t, operator, { [market.quoteCode]: cost });
  await sell(t, seller.token, { market: market.id, number, price });
  const taken = await buy(t, buyer.token, { market: market.id, number, price });
  expect(taken.status, `a trade at ${price} on ${market.symbol}`).toBe(1);
}

export async function cancel(t: TestApp, token: string, order: SpotOrder): Promise<SpotOrder> {
  const call = order.way === 1 ? CALLS.buyCancel : CALLS.sellCancel;
  return asOrder(await t.call(call, { id: order.id }, { token }));
}

/** account/detail of one account type (the trade account unless named) as wire strings. */
export async function balance(
  t: TestApp,
  token: string,
  currencyId: number,
  accountType = 1,
): Promise<{ balance: string; lock_balance: string }> {
  const res = await t.call(
    CALLS.detail,
    { currency_id: currencyId, account_type_id: accountType },
    { token },
  );
  const data = CALLS.detail.response.parse(okData(res));
  return { balance: data.balance, lock_balance: data.lock_balance };
}

/** Every open order of a user (both sides, every page). */
export async function openOrders(t: TestApp, token: string): Promise<SpotOrder[]> {
  const all: SpotOrder[] = [];
  for (const call of [CALLS.buyList, CALLS.sellList]) {
    for (let page = 1; ; page++) {
      const res = await t.call(call, { page, limit: 100 }, { token });
      const data = call.response.parse(okData(res));
      all.push(...data.data);
      if (page >= data.last_page) break;
    }
  }
  return all;
}

/** Cancels every open order of these users, leaving the books as they were before a test. */
export async function cancelEverything(t: TestApp, tokens: string[]) {
  for (const token of tokens) {
    for (const order of await openOrders(t, token)) await cancel(t, token, order);
  }
}

/** Balances of the fee accounts by currency id, in ledger units. */
export async function feeBalances(t: TestApp): Promise<Map<number, bigint>> {
  const rows = await t.store.db
    .select({ currencyId: accounts.currencyId, balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.systemCode, 'fee'));
  return new Map(rows.map((r) => [r.currencyId, units(r.balance)]));
}

/** How much a fee account grew between two snapshots, as a wire string. */
export function feeDelta(before: Map<number, bigint>, after: Map<number, bigint>, id: number) {
  return wireAmount((after.get(id) ?? 0n) - (before.get(id) ?? 0n));
}

/** Wire decimal arithmetic for expectations. */
export function dec(value: string): bigint {
  return units(value);
}
export function wire(value: bigint): string {
  return wireAmount(value);
}

export async function orderCount(t: TestApp, userId?: number): Promise<number> {
  const [row] = await t.store.db
    .select({ n: count() })
    .from(orders)
    .where(userId === undefined ? undefined : eq(orders.userId, userId));
  return row?.n ?? 0;
}

/** Orders of one user carrying a client id, by that id. */
export async function ordersByClientId(t: TestApp, userId: number, clientOrderId: string) {
  return t.store.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        isNotNull(orders.clientOrderId),
        eq(orders.clientOrderId, clientOrderId),
      ),
    );
}

/** Halts or reopens a market in the store and in the core's memory (there is no operator call). */
export async function setMarketStatus(t: TestApp, marketId: number, status: 'open' | 'halted') {
  await t.store.db.update(markets).set({ status }).where(eq(markets.id, marketId));
  await t.app.ctx.spot.setStatus(marketId, status);
}

/** Open orders of a market as the orders table has them, in the book's terms (ticks and lots). */
export async function storedOpenOrders(t: TestApp, marketId: number) {
  const market = t.app.ctx.spot.market(marketId);
  if (!market) throw new Error(`market ${marketId} is not in the core`);
  const rows = await t.store.db
    .select()
    .from(orders)
    .where(and(eq(orders.marketId, marketId), eq(orders.status, 0)))
    .orderBy(orders.id);
  const priceUnit = 10n ** BigInt(18 - market.priceDecimals);
  const qtyUnit = 10n ** BigInt(18 - market.qtyDecimals);
  return rows.map((o) => ({
    orderId: o.id,
    ownerId: o.userId,
    side: o.side,
    price: Number(units(o.price) / priceUnit),
    remaining: Number((units(o.qty) - units(o.filledQty)) / qtyUnit),
  }));
}

/** The core's book of a market, sorted by order id to compare with the store. */
export function bookOrders(t: TestApp, marketId: number) {
  const market = t.app.ctx.spot.market(marketId);
  if (!market) throw new Error(`market ${marketId} is not in the core`);
  return market.book
    .orders()
    .map((o) => ({ ...o }))
    .sort((a, b) => a.orderId - b.orderId);
}

/** No account but the outside world's holds a negative balance. */
export async function negativeAccounts(t: TestApp): Promise<number> {
  const [row] = await t.store.db
    .select({ n: count() })
    .from(accounts)
    .where(
      sql`(${accounts.balance} < 0 or ${accounts.lockBalance} < 0) and coalesce(${accounts.systemCode}, '') <> 'outside'`,
    );
  return row?.n ?? 0;
}

export function expectOrder(order: SpotOrder, expected: Partial<SpotOrder>) {
  expect(order).toMatchObject(expected);
}
