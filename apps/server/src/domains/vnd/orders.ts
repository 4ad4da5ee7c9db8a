/**
 * VND deposit orders: a user buys `chargeNum` USDT by a bank transfer in VND. The order fixes the
 * rate (`usd_vnd`), the VND amount, a unique reference code for the transfer's message, the
 * exchange's bank account and its VietQR payload, and lives VND_ORDER_TTL_S seconds. Its
 * screenshot turns it into a deposit of the same id (ids come from the deposits' sequence) for
 * the operator's review; only an approval credits, exactly `credit_amount` USDT to the trade
 * account (the wallet's reviewDeposit). Nothing is credited on the user's word.
 */
import {
  LIMITS,
  VND_CHARGE_DECIMALS,
  VND_ORDER_STATUS,
  type VndPayOrder,
  REVIEW_STATUS,
} from '@exchange/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { plain, pow10, SCALE, sqlAmount, units, wireAmount } from '../../core/amounts.js';
import { parseMoney } from '../../core/parse.js';
import type { Db } from '../../db/client.js';
import { deposits, vndOrders } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { USDT_ID } from '../assets/index.js';
import { readSetting } from '../settings/index.js';
import { ownUploadOf } from '../uploads/index.js';
import { referenceCode } from './reference.js';
import { vietQrPayload } from './vietqr.js';

type OrderRow = typeof vndOrders.$inferSelect;

export interface DepositBank {
  bank_name: string;
  bank_num: string;
  owner_name: string;
  bin: string;
}

/**
 * The `deposit_bank` setting's text as a bank account a VietQR code can name (its 6-digit BIN,
 * an account of at most 19 letters or digits once spaces are gone), or null. The one reading of
 * it: orders use it, and the operator's setting is refused when it gives null.
 */
export function parseDepositBank(text: string | undefined): DepositBank | null {
  try {
    const v = JSON.parse(text ?? '') as Partial<Record<keyof DepositBank, unknown>>;
    const str = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
    const bank = {
      bank_name: str(v.bank_name),
      bank_num: str(v.bank_num),
      owner_name: str(v.owner_name),
      bin: str(v.bin),
    };
    const digits = bank.bank_num.replace(/\s/g, '');
    return /^\d{6}$/.test(bank.bin) &&
      /^[0-9A-Za-z]{1,19}$/.test(digits) &&
      bank.bank_name &&
      bank.owner_name
      ? bank
      : null;
  } catch {
    return null;
  }
}

/** The exchange's bank account (`deposit_bank`), or null when it is not set up for VietQR. */
export async function depositBank(db: Db): Promise<DepositBank | null> {
  return parseDepositBank(await readSetting(db, 'deposit_bank'));
}

/** A rate setting (`usd_vnd`, `usd_vnd_withdraw`) as ledger units, null when not a positive decimal. */
export async function rateSetting(db: Db, key: 'usd_vnd' | 'usd_vnd_withdraw') {
  const text = (await readSetting(db, key))?.trim() ?? '';
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(text)) return null;
  const rate = units(text);
  return rate > 0n ? rate : null;
}

const WHOLE = pow10(SCALE);

/** USDT × rate in whole VND: rounded up for a deposit (the user pays at least the value). */
export function vndUp(amount: bigint, rate: bigint): bigint {
  const product = amount * rate;
  return ((product + WHOLE * WHOLE - 1n) / (WHOLE * WHOLE)) * WHOLE;
}

/** … and rounded down for a withdrawal (the user is never paid more than the value). */
export function vndDown(amount: bigint, rate: bigint): bigint {
  return ((amount * rate) / (WHOLE * WHOLE)) * WHOLE;
}

function statusOf(status: number): VndPayOrder['status'] {
  return status === VND_ORDER_STATUS.submitted || status === VND_ORDER_STATUS.cancelled
    ? status
    : VND_ORDER_STATUS.awaiting;
}

function orderView(o: OrderRow, now: number): VndPayOrder {
  const expired = o.status === VND_ORDER_STATUS.awaiting && o.expiresAt.getTime() <= now;
  return {
    id: o.id,
    // An order past its time is no longer awaiting: it reads as cancelled.
    status: expired ? VND_ORDER_STATUS.cancelled : statusOf(o.status),
    chargeNum: plain(o.chargeNum),
    rate: plain(o.rate),
    amountVND: plain(o.amountVnd),
    referenceCode: o.referenceCode,
    expires_at: o.expiresAt.getTime(),
    credit_currency_id: o.creditCurrencyId,
    credit_amount: plain(o.creditAmount),
    qr_payload: o.qrPayload,
    bank_name: o.bank.bank_name,
    bank_num: o.bank.bank_num,
    owner_name: o.bank.owner_name,
    created_at: o.createdAt.getTime(),
  };
}

/**
 * wallet/createPayOrder for currency 5: a new order awaiting the user's transfer. A user has one
 * such order at a time: an older one still awaiting payment is cancelled.
 */
export async function createVndOrder(
  ctx: AppContext,
  userId: number,
  chargeNum: string,
): Promise<VndPayOrder> {
  if (!chargeNum) throw new AppError('deposit.p_quantity');
  const amount = parseMoney(chargeNum, VND_CHARGE_DECIMALS);
  if (amount > units(LIMITS.maxDepositReport))
    throw new AppError('amount.too_large', { max: LIMITS.maxDepositReport });
  const [bank, rate] = await Promise.all([depositBank(ctx.db), rateSetting(ctx.db, 'usd_vnd')]);
  if (!bank || rate === null) throw new AppError('deposit.closed');
  const amountVnd = vndUp(amount, rate);
  const now = Date.now();
  for (let attempt = 0; ; attempt++) {
    const code = referenceCode();
    const qr = vietQrPayload({
      bin: bank.bin,
      account: bank.bank_num.replace(/\s/g, ''),
      amountVnd: wireAmount(amountVnd),
      message: code,
    });
    try {
      const row = await ctx.db.transaction(async (tx) => {
        await tx
          .update(vndOrders)
          .set({ status: VND_ORDER_STATUS.cancelled })
          .where(
            and(eq(vndOrders.userId, userId), eq(vndOrders.status, VND_ORDER_STATUS.awaiting)),
          );
        const [inserted] = await tx
          .insert(vndOrders)
          .values({
            userId,
            chargeNum: sqlAmount(amount),
            rate: sqlAmount(rate),
            amountVnd: sqlAmount(amountVnd),
            referenceCode: code,
            status: VND_ORDER_STATUS.awaiting,
            creditCurrencyId: USDT_ID,
            creditAmount: sqlAmount(amount),
            bank,
            qrPayload: qr,
            expiresAt: new Date(now + ctx.config.vndOrderTtlS * 1000),
            createdAt: new Date(now),
          })
          .returning();
        return inserted;
      });
      if (!row) throw new Error('the VND order was not stored');
      return orderView(row, now);
    } catch (err) {
      // A reference code drawn twice (about 2^-68 per pair): draw again.
      if (attempt < 3 && String(err).includes('vnd_orders_reference_idx')) continue;
      throw err;
    }
  }
}

/** The caller's own order, or 404 `deposit.order_gone` (someone else's reads as gone too). */
async function ownOrder(db: Db, userId: number, id: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(vndOrders)
    .where(and(eq(vndOrders.id, id), eq(vndOrders.userId, userId)));
  if (!row) throw new AppError('deposit.order_gone');
  return row;
}

const awaiting = (o: OrderRow, now: number) =>
  o.status === VND_ORDER_STATUS.awaiting && o.expiresAt.getTime() > now;

/** wallet/infoPayOrder: the order while it awaits payment and has not expired, else null. */
export async function vndOrderInfo(
  ctx: AppContext,
  userId: number,
  id: number,
): Promise<VndPayOrder | null> {
  const [row] = await ctx.db
    .select()
    .from(vndOrders)
    .where(and(eq(vndOrders.id, id), eq(vndOrders.userId, userId)));
  const now = Date.now();
  return row && awaiting(row, now) ? orderView(row, now) : null;
}

/** wallet/cancelPayOrder: an order awaiting payment is cancelled (once; expired ones are gone). */
export async function cancelVndOrder(
  ctx: AppContext,
  userId: number,
  id: number,
): Promise<VndPayOrder> {
  const order = await ownOrder(ctx.db, userId, id);
  const now = Date.now();
  if (!awaiting(order, now)) throw new AppError('deposit.order_gone');
  const [row] = await ctx.db
    .update(vndOrders)
    .set({ status: VND_ORDER_STATUS.cancelled })
    .where(and(eq(vndOrders.id, id), eq(vndOrders.status, VND_ORDER_STATUS.awaiting)))
    .returning();
  if (!row) throw new AppError('deposit.order_gone');
  return orderView(row, now);
}

/**
 * wallet/updatePayOrder: the transfer's screenshot (the caller's own upload) before the order
 * expires; the order becomes the pending deposit of the same id, in USDT, for the operator.
 */
export async function submitVndOrder(
  ctx: AppContext,
  userId: number,
  id: number,
  imgUrl: string,
): Promise<VndPayOrder> {
  const order = await ownOrder(ctx.db, userId, id);
  const now = Date.now();
  if (!awaiting(order, now)) throw new AppError('deposit.order_gone');
  const img = await ownUploadOf(ctx.db, userId, imgUrl);
  if (!img) throw new AppError('deposit.img_invalid');
  const row = await ctx.db.transaction(async (tx) => {
    // One screenshot proves one transfer: not one already shown with another deposit.
    const [shown] = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(
        and(
          eq(deposits.imgUrl, img),
          sql`${deposits.status} in (${REVIEW_STATUS.pending}, ${REVIEW_STATUS.approved})`,
        ),
      );
    if (shown) throw new AppError('deposit.duplicate');
    const [updated] = await tx
      .update(vndOrders)
      .set({ status: VND_ORDER_STATUS.submitted })
      .where(
        and(
          eq(vndOrders.id, id),
          eq(vndOrders.status, VND_ORDER_STATUS.awaiting),
          sql`${vndOrders.expiresAt} > ${new Date(now)}`,
        ),
      )
      .returning();
    if (!updated) throw new AppError('deposit.order_gone');
    await tx.insert(deposits).values({
      id: updated.id,
      userId,
      currencyId: updated.creditCurrencyId,
      chain: 'VND',
      number: updated.creditAmount,
      fromAddress: '',
      inAddress: `${updated.bank.bank_name} ${updated.bank.bank_num}`,
      imgUrl: img,
      status: REVIEW_STATUS.pending,
      referenceCode: updated.referenceCode,
      amountVnd: updated.amountVnd,
      vndRate: updated.rate,
    });
    return updated;
  });
  return orderView(row, now);
}
