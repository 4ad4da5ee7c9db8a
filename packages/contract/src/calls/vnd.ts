import { z } from 'zod';
import { defineCall } from '../call.js';
import { decimalString, pageOf, timestamp } from '../envelope.js';
import { decimalInput, idParam, text } from './fields.js';

/** The VND currency's id in the documents' deposit calls (spec 3 §9). */
export const VND_CURRENCY_ID = 5;
/**
 * How long a VND deposit order waits for its payment proof, in seconds (the documents give 600 s
 * for a new order and 900 s for a restored one; the exchange applies 900 s to both). The server's
 * VND_ORDER_TTL_S overrides it.
 */
export const VND_ORDER_TTL_S = 900;
/** A VND order: 0 awaiting payment (proof not sent yet), 1 submitted (a deposit to review), 2 cancelled. */
export const VND_ORDER_STATUS = { awaiting: 0, submitted: 1, cancelled: 2 } as const;
/** USDT amounts of a VND deposit have at most this many decimals (spec 3 §9: display 2). */
export const VND_CHARGE_DECIMALS = 2;

/**
 * A VND deposit order (addition): the USDT amount the user buys (`chargeNum`), the rate and VND
 * amount fixed when it was made, the reference code the transfer must carry, the exchange's bank
 * account and the VietQR payload a banking app scans. Approval credits exactly `credit_amount` of
 * `credit_currency_id` to the trade account.
 */
export const vndPayOrder = z.object({
  id: z.number().int(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  chargeNum: decimalString,
  rate: decimalString,
  amountVND: decimalString,
  referenceCode: z.string(),
  expires_at: timestamp,
  credit_currency_id: z.number().int(),
  credit_amount: decimalString,
  qr_payload: z.string(),
  bank_name: z.string(),
  bank_num: z.string(),
  owner_name: z.string(),
  created_at: timestamp,
});
export type VndPayOrder = z.infer<typeof vndPayOrder>;

const orderRef = {
  currency_id: idParam.optional(),
  order_id: idParam,
};

/** A VND withdrawal's status as `account/withdraw_list` shows it (spec 3 §4). */
export const VND_WITHDRAW_STATUS = {
  pending: 1,
  success: 2,
  failed: 3,
  done: 4,
  rejected: 5,
} as const;
/** VND withdrawal records per page (spec 3 §9). */
export const VND_WITHDRAW_PAGE_SIZE = 15;

/** A VND withdrawal (addition to the documents' labels): USDT locked, VND paid to the bank account. */
export const vndWithdrawal = z.object({
  id: z.number().int(),
  /** In the currency VND deposits credit (USDT), locked while pending. */
  amount: decimalString,
  currency_code: z.string(),
  rate: decimalString,
  /** The VND paid out: amount × rate, rounded down to whole VND. */
  total_amount: decimalString,
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  /** The operator's bank transfer reference once paid, the reason once rejected. */
  tx_ref: z.string(),
  reason: z.string(),
  created_at: timestamp,
});
export type VndWithdrawal = z.infer<typeof vndWithdrawal>;

/** A deposit channel of `quickCharge/info`: a currency on a chain, or the VND bank transfer. */
export const depositChannel = z.object({
  currency_id: z.number().int(),
  currency_code: z.string(),
  logo: z.string(),
  usd_price: decimalString,
  /** The chain (null for VND). */
  currency_protocol_id: z.number().int().nullable(),
  chain: z.string(),
  /** The user's own deposit address on the chain ('' for VND, or when none can be derived). */
  address: z.string(),
  /** The VND entry carries the rate of `usd_vnd`. */
  rate: decimalString.nullable(),
});
export type DepositChannel = z.infer<typeof depositChannel>;

export const vndCalls = {
  quickChargeInfo: defineCall({
    method: 'GET',
    path: 'quickCharge/info',
    auth: 'user',
    tag: 'assets',
    summary:
      'Deposit channels: each open currency on each chain with the user’s deposit address, then the VND bank transfer; and links to outside exchanges',
    request: z.object({}),
    response: z.object({
      channels: z.array(depositChannel),
      /** Where to buy crypto elsewhere (setting `exchange_links`: a JSON list of {name, url}). */
      links: z.array(z.object({ name: z.string(), url: z.string() })),
    }),
  }),
  withdrawalPost: defineCall({
    method: 'POST',
    path: 'account/withdrawalPost',
    auth: 'user',
    tag: 'assets',
    summary:
      'Withdraw to the bank account of the user’s bank info in VND: `amount` (USDT) is locked until an operator pays `total_amount` VND at `rate` (usd_vnd_withdraw) or rejects',
    request: z.object({
      amount: decimalInput.optional().transform((v) => v ?? ''),
      rate: decimalInput.optional(),
      total_amount: decimalInput.optional(),
      pay_password: text(64),
    }),
    response: vndWithdrawal,
  }),
  withdrawList: defineCall({
    method: 'GET',
    path: 'account/withdraw_list',
    auth: 'user',
    tag: 'assets',
    summary: 'The user’s VND withdrawals, newest first, 15 a page',
    request: z.object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(50).default(VND_WITHDRAW_PAGE_SIZE),
    }),
    response: pageOf(vndWithdrawal),
  }),
  infoPayOrder: defineCall({
    method: 'POST',
    path: 'wallet/infoPayOrder',
    auth: 'user',
    tag: 'assets',
    summary:
      "The caller's VND deposit order while it awaits its payment proof and has not expired; null otherwise",
    request: z.object(orderRef),
    response: vndPayOrder.nullable(),
  }),
  cancelPayOrder: defineCall({
    method: 'POST',
    path: 'wallet/cancelPayOrder',
    auth: 'user',
    tag: 'assets',
    summary: 'Cancel a VND deposit order that awaits its payment proof',
    request: z.object({ ...orderRef, chargeNum: text(64) }),
    response: vndPayOrder,
  }),
  updatePayOrder: defineCall({
    method: 'POST',
    path: 'wallet/updatePayOrder',
    auth: 'user',
    tag: 'assets',
    summary:
      "Send a VND order's transfer screenshot before it expires: it becomes a deposit (same id) for an operator to review",
    request: z
      .object({
        ...orderRef,
        imgUrl: text(500),
        chargeNum: decimalInput.optional(),
        walletAddress: text(128),
      })
      .superRefine((v, ctx) => {
        if (!v.imgUrl) ctx.addIssue({ code: 'custom', message: 'deposit.p_img', path: ['imgUrl'] });
      }),
    response: vndPayOrder,
  }),
};
