import { CALLS, type LeverPosition } from '@exchange/contract';
import { PAY_PASSWORD, setPayPassword } from './assets-helpers.js';
import { okData, type TestApp } from './helpers.js';
import { BTC_USDT, trader, type Trader } from './spot-helpers.js';

/** account_type_id of the lever account. */
export const LEVER = 3;

/**
 * The lever calls the API tests make, bound to a test app and an operator read at each call (a
 * test may restart the app and sign the operator in again). `submitDefaults` are each file's
 * usual position (the pair, hands, multiple…); a call's params override them.
 */
export function leverCalls(
  app: () => { t: TestApp; op: string },
  submitDefaults: Record<string, unknown> = {},
) {
  /** A new user with a trade password, `usdt` in the lever account and `spot` trade balances. */
  async function leverTrader(usdt: string, spot: Record<string, string> = {}): Promise<Trader> {
    const { t, op } = app();
    const u = await trader(t, op, spot);
    await setPayPassword(t, u);
    okData(
      await t.call(
        CALLS.ledgerAdjust,
        {
          user: u.email,
          currency: 'USDT',
          amount: usdt,
          reason: 'lever test',
          account_type: LEVER,
        },
        { token: op },
      ),
    );
    return u;
  }

  function submitRaw(u: Trader, params: Record<string, unknown> = {}) {
    return app().t.call(
      CALLS.leverSubmit,
      { multiple: 10, type: 1, status: 1, password: PAY_PASSWORD, ...submitDefaults, ...params },
      { token: u.token },
    );
  }

  async function submit(u: Trader, params: Record<string, unknown> = {}): Promise<LeverPosition> {
    return CALLS.leverSubmit.response.parse(okData(await submitRaw(u, params)));
  }

  async function deal(u: Trader, market = BTC_USDT) {
    return CALLS.leverDeal.response.parse(
      okData(
        await app().t.call(CALLS.leverDeal, { currency_match_id: market }, { token: u.token }),
      ),
    );
  }

  async function myTrade(u: Trader, status: number): Promise<LeverPosition[]> {
    return CALLS.leverMyTrade.response.parse(
      okData(await app().t.call(CALLS.leverMyTrade, { status }, { token: u.token })),
    ).data;
  }

  /** The user's USDT lever account. */
  async function leverBalance(u: Trader) {
    const data = CALLS.detail.response.parse(
      okData(
        await app().t.call(
          CALLS.detail,
          { currency_id: 1, account_type_id: LEVER },
          { token: u.token },
        ),
      ),
    );
    return { balance: data.balance, lock_balance: data.lock_balance };
  }

  return { leverTrader, submitRaw, submit, deal, myTrade, leverBalance };
}

/** Waits until the risk ticks (100 ms apart, or the heartbeat each second) have done something. */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out waiting for the risk tick');
}
