import { CALLS, type WithdrawRecord } from '@exchange/contract';
import { sql } from 'drizzle-orm';
import { verificationCodes } from '../src/db/schema.js';
import { okData, type TestApp } from './helpers.js';
import type { Trader } from './spot-helpers.js';

export const TRC20_USDT = 2;
export const ERC20_USDT = 1;
export const BTC_CHAIN = 3;
export const PAY_PASSWORD = 'trade123';
/** A well-formed TRON address (the demo key's child 0/1). */
export const TRON_ADDRESS = 'TXReG9and3kSeFfetpxJt9CdNPZLsjRuGv';

/** Sets the user's trade password with a pay-password code from the outbox. */
export async function setPayPassword(t: TestApp, user: Trader, password = PAY_PASSWORD) {
  okData(await t.call(CALLS.sendEmail, { to: user.email, type: 3 }, { token: user.token }));
  const auth_code = await t.lastCode(user.email);
  okData(
    await t.call(
      CALLS.amendPayPassword,
      { password, re_password: password, old_password: '', auth_code },
      { token: user.token },
    ),
  );
}

/** Binds a withdrawal address with the code address/send_code e-mails. */
export async function bindAddress(
  t: TestApp,
  user: Trader,
  address = TRON_ADDRESS,
  currencyId = 1,
  protocolId = TRC20_USDT,
) {
  okData(await t.call(CALLS.addressSendCode, {}, { token: user.token }));
  const code = await t.lastCode(user.email);
  return CALLS.addressBind.response.parse(
    okData(
      await t.call(
        CALLS.addressBind,
        { currency_id: currencyId, currency_protocol_id: protocolId, address, code },
        { token: user.token },
      ),
    ),
  );
}

export async function withdraw(
  t: TestApp,
  user: Trader,
  number: string,
  extra: Record<string, unknown> = {},
): Promise<WithdrawRecord> {
  return CALLS.draw.response.parse(
    okData(
      await t.call(
        CALLS.draw,
        {
          currency_id: 1,
          currency_protocol_id: TRC20_USDT,
          address: TRON_ADDRESS,
          number,
          pay_password: PAY_PASSWORD,
          ...extra,
        },
        { token: user.token },
      ),
    ),
  );
}

/** Moves an address's codes two minutes into the past, as if the resend wait had passed. */
export async function pastResendWait(t: TestApp, address: string) {
  await t.store.db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - interval '2 minutes'` })
    .where(sql`${verificationCodes.address} = ${address}`);
}
