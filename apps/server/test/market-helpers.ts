import { CALLS, type CallDef, type SpotOrder } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { EnvelopeBody, TestApp } from './helpers.js';
import { signUpEmail } from './helpers.js';

/** One call against any app instance (the market tests sometimes build a second app). */
export async function inject(
  app: FastifyInstance,
  def: CallDef,
  params: Record<string, unknown> = {},
  token?: string,
): Promise<{ status: number; body: EnvelopeBody }> {
  const headers: Record<string, string> = token ? { authorization: token } : {};
  const url = `/api/${def.path}`;
  const res =
    def.method === 'GET'
      ? await app.inject({
          method: 'GET',
          url,
          headers,
          query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
        })
      : await app.inject({
          method: 'POST',
          url,
          headers,
          payload: params as Record<string, string>,
        });
  return { status: res.statusCode, body: res.json<EnvelopeBody>() };
}

export async function data<T>(
  app: FastifyInstance,
  def: CallDef,
  params: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await inject(app, def, params, token);
  expect(res.body, `${def.path} ${JSON.stringify(params)}`).toMatchObject({ code: 1 });
  return res.body.data as T;
}

export interface Traders {
  admin: string;
  /** The demo trader, funded with BTC and ETH. */
  alice: string;
  /** A fresh user, funded with USDT and BTC. */
  bob: string;
}

/** Signs in the operator and two traders and funds them through `app`'s core. */
export async function traders(t: TestApp, app: FastifyInstance = t.app): Promise<Traders> {
  const login = (account: string, password: string) =>
    data<string>(app, CALLS.login, { login_type: 'email', account, password });
  const admin = await login('admin@exchange.test', 'admin123456');
  const alice = await login('demo@exchange.test', 'demo123456');
  const b = await signUpEmail(t);
  const bob = await login(b.email, b.password);
  for (const [user, currency, amount] of [
    ['demo@exchange.test', 'BTC', '100'],
    ['demo@exchange.test', 'ETH', '1000'],
    [b.email, 'USDT', '10000000'],
    [b.email, 'BTC', '100'],
  ] as const) {
    await data(app, CALLS.ledgerAdjust, { user, currency, amount, reason: 'test funding' }, admin);
  }
  return { admin, alice, bob };
}

/** A limit order (with a price) or a market order (without one). */
export function order(
  app: FastifyInstance,
  token: string,
  way: 'buy' | 'sell',
  number: string,
  price?: string,
  market = 1,
): Promise<SpotOrder> {
  return data<SpotOrder>(
    app,
    way === 'buy' ? CALLS.buy : CALLS.sell,
    price === undefined
      ? { currency_match_id: market, number, type: 1 }
      : { currency_match_id: market, number, price, type: 0 },
    token,
  );
}

/** Polls until `probe` returns something truthy. */
export async function waitFor<T>(
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  timeoutMs = 3_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
