import { z } from 'zod';
import { defineCall } from '../call.js';
import { ACCOUNT_TYPE, REVIEW_STATUSES } from '../catalogues.js';
import { decimalString, pageOf, timestamp } from '../envelope.js';
import { decimalInput, idParam, text } from './fields.js';
import { VND_CURRENCY_ID, vndPayOrder } from './vnd.js';

/**
 * Account types of the documents (ARCHITECTURE §4) and the codes the assets pages use
 * (spec 2 §3: legal_account, lever_account, change_account; the others are additions).
 */
export const ACCOUNT_TYPES = {
  trade: ACCOUNT_TYPE.trade,
  legal: ACCOUNT_TYPE.legal,
  lever: ACCOUNT_TYPE.lever,
  micro: ACCOUNT_TYPE.micro,
  financial: ACCOUNT_TYPE.financial,
} as const;
export type AccountTypeId = (typeof ACCOUNT_TYPES)[keyof typeof ACCOUNT_TYPES];
export const ACCOUNT_TYPE_IDS = Object.values(ACCOUNT_TYPES) as AccountTypeId[];
export const ACCOUNT_CODES: Record<AccountTypeId, string> = {
  1: 'change_account',
  2: 'legal_account',
  3: 'lever_account',
  4: 'micro_account',
  5: 'financial_account',
};
/** Page route of each account type in the assets area (spec 1 §2). */
export const ACCOUNT_ROUTES: Record<AccountTypeId, string> = {
  1: 'tradeAccount',
  2: 'legalAccount',
  3: 'leverAccount',
  4: 'secondAccount',
  5: 'financialAccount',
};

const reviewStatus = z.literal(REVIEW_STATUSES);

/** Deposit records: 15 per page, pagination only above 15 (spec 2 §9). */
export const DEPOSIT_PAGE_SIZE = 15;
/** Resend wait of the withdrawal-address code (spec 2 §9). */
export const BIND_CODE_RESEND_S = 59;
/** Wrong trade passwords allowed per user in a window before the check locks (addition). */
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_WINDOW_S = 900;

/** A decimal amount field; empty reads as missing so the screen's "required" key applies. */
const amountField = decimalInput.optional().transform((v) => v ?? '');

export const chainProtocol = z.object({ id: z.number().int(), code: z.string() });
export const currencyProtocol = z.object({
  id: z.number().int(),
  token_address: z.string(),
  chain_protocol: chainProtocol,
});
export type CurrencyProtocol = z.infer<typeof currencyProtocol>;

export const accountTypeInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  account_code: z.string(),
});

export const assetCurrency = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  logo: z.string(),
  decimals: z.number().int(),
  open_recharge: z.union([z.literal(0), z.literal(1)]),
  open_draw: z.union([z.literal(0), z.literal(1)]),
  /** Withdrawal fee as a fraction ("0.001" is 0.1 %). */
  draw_rate: decimalString,
  draw_min: decimalString,
  draw_max: decimalString,
  usd_price: decimalString,
  is_recharge_account: z.union([z.literal(0), z.literal(1)]),
  account_types: z.array(accountTypeInfo),
  currency_protocols: z.array(currencyProtocol),
});
export type AssetCurrency = z.infer<typeof assetCurrency>;

export const assetAccount = z.object({
  /** The ledger account id, or 0 for a currency this user has never held in this account type. */
  id: z.number().int(),
  user_id: z.number().int(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  account_type_id: z.number().int(),
  balance: decimalString,
  lock_balance: decimalString,
  /** (balance + lock_balance) × usd_price, rounded down to cents. */
  convert_usd: decimalString,
  currency: assetCurrency,
});
export type AssetAccount = z.infer<typeof assetAccount>;

export const accountGroup = z.object({
  account_type_id: z.number().int(),
  account_code: z.string(),
  name: z.string(),
  /** 1 when the group's rows offer charge and withdraw (deposits land in the trade account). */
  is_recharge: z.union([z.literal(0), z.literal(1)]),
  convert_usd: decimalString,
  accounts: z.array(assetAccount),
});
export type AccountGroup = z.infer<typeof accountGroup>;

export const wallet = z.object({
  currency_protocol_id: z.number().int(),
  chain_protocol: chainProtocol,
  token_address: z.string(),
  /** The deposit address; empty when no key or shared address is configured for the chain. */
  address: z.string(),
  /** Same as address (the documents name both). */
  in_address: z.string(),
  memo: z.string(),
  /** 'derived' (per user, from the chain's extended public key) or 'shared' (operator address). */
  source: z.enum(['derived', 'shared', 'none']),
});
export type Wallet = z.infer<typeof wallet>;

export const depositRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  currency_id: z.number().int(),
  currency: z.object({ code: z.string() }),
  currency_protocol_id: z.number().int().nullable(),
  chain: z.string(),
  number: decimalString,
  /** Our deposit address the user paid to. */
  in_address: z.string(),
  /** The sender's own address, as reported. */
  from_address: z.string(),
  /** The transfer's screenshot (an upload url: readable by its owner and operators only). */
  img_url: z.string(),
  status: reviewStatus,
  reason: z.string(),
  created_at: timestamp,
  reviewed_at: timestamp.nullable(),
  /**
   * A VND bank transfer (addition; null for a crypto report): its reference code, the VND it
   * carries and the rate fixed when the order was made; `number` is the USDT it credits.
   */
  vnd: z
    .object({ reference_code: z.string(), amount_vnd: decimalString, rate: decimalString })
    .nullable()
    .optional(),
});
export type DepositRecord = z.infer<typeof depositRecord>;

export const withdrawRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  currency_id: z.number().int(),
  currency: z.object({ code: z.string() }),
  currency_protocol_id: z.number().int().nullable(),
  chain: z.string(),
  address: z.string(),
  memo: z.string(),
  /** What leaves the balance. */
  number: decimalString,
  fee: decimalString,
  /** number − fee: what arrives at the address. */
  receive: decimalString,
  status: reviewStatus,
  /** The transaction reference given on approval. */
  tx_ref: z.string(),
  reason: z.string(),
  created_at: timestamp,
  reviewed_at: timestamp.nullable(),
  /**
   * A VND withdrawal to a bank account (addition; null for crypto): `address` is the account
   * number; the VND to pay is `total_amount` at `rate`.
   */
  vnd: z
    .object({
      bank_name: z.string(),
      account_name: z.string(),
      rate: decimalString,
      total_amount: decimalString,
    })
    .nullable()
    .optional(),
});
export type WithdrawRecord = z.infer<typeof withdrawRecord>;

export const transferRecord = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  number: decimalString,
  from: z.number().int(),
  to: z.number().int(),
  client_id: z.string().nullable(),
  created_at: timestamp,
});
export type TransferRecord = z.infer<typeof transferRecord>;

export const boundAddress = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  currency_protocol_id: z.number().int(),
  chain: z.string(),
  address: z.string(),
  memo: z.string(),
  created_at: timestamp,
});
export type BoundAddress = z.infer<typeof boundAddress>;

/** One movement of a user's account (deal records): a ledger posting with its journal kind. */
export const accountLogEntry = z.object({
  id: z.string(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  account_type_id: z.number().int(),
  /** Journal kind (JOURNAL_KIND): trade, order.lock, order.unlock, deposit, withdraw.lock, … */
  kind: z.string(),
  /** 0 available, 1 locked. */
  bucket: z.union([z.literal(0), z.literal(1)]),
  /** Signed change. */
  amount: decimalString,
  ref_id: z.number().int().nullable(),
  created_at: timestamp,
});
export type AccountLogEntry = z.infer<typeof accountLogEntry>;

/**
 * What selling an amount into the currency's USDT book would pay now (no house desk, no house
 * price): the book walked level by level over other users' bids only (the caller's own orders
 * never count; a conversion cancels them instead of trading with them).
 */
export const convertQuote = z.object({
  currency_id: z.number().int(),
  currency_code: z.string(),
  /** The amount quoted (base units). */
  number: decimalString,
  /** Best bid of another user: the first price the conversion would trade at. */
  market_price: decimalString,
  /** Depth-walked average price over `number` (Σ price × quantity ÷ quantity, floored to 8 decimals). */
  price: decimalString,
  /** The lowest price the conversion would reach. */
  worst_price: decimalString,
  /** The market's taker fee in basis points, paid in USDT out of the proceeds. */
  fee_bps: z.number().int(),
  fee: decimalString,
  /** What the conversion would pay after the fee now. */
  receive: decimalString,
  /** The slippage bound of the client's confirmation, in basis points. */
  slippage_bps: z.number().int(),
  /** receive less the slippage bound: send it as min_receive to accept at most that slippage. */
  min_receive: decimalString,
});
export type ConvertQuote = z.infer<typeof convertQuote>;

const accountTypeParam = z.coerce
  .number()
  .int()
  .refine((v) => (ACCOUNT_TYPE_IDS as number[]).includes(v), { message: 'account.type_invalid' });

/** account/draw (spec 2 §5): address, then amount, then trade password, each with its prompt. */
export const drawRequest = z
  .object({
    currency_id: idParam,
    currency_protocol_id: idParam.optional(),
    address: text(128),
    memo: text(64),
    number: amountField,
    pay_password: text(64),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', message, path: [path] });
    if (!v.address) issue('address', 'withdraw.p_address');
    else if (!v.number) issue('number', 'withdraw.p_number');
    else if (!v.pay_password) issue('pay_password', 'withdraw.p_password');
  });

export const transferRequest = z
  .object({
    currency_id: idParam,
    /** The amount (the documents call it balance). */
    balance: amountField,
    from: accountTypeParam,
    to: accountTypeParam,
    client_id: text(64).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.balance)
      ctx.addIssue({ code: 'custom', message: 'transfer.p_number', path: ['balance'] });
    else if (v.from === v.to)
      ctx.addIssue({ code: 'custom', message: 'transfer.same_account', path: ['to'] });
  });

export const convertQuoteRequest = z.object({
  currency_id: idParam,
  /** The amount to sell; without it the quote is for the market's smallest quantity. */
  number: amountField,
});

export const convertRequest = z
  .object({
    currency_id: idParam,
    number: amountField,
    currency_protocol_id: idParam.optional(),
    account_type_id: accountTypeParam.default(ACCOUNT_TYPES.trade),
    /** The least USDT the user accepts: when the book would pay less, nothing is converted (422). */
    min_receive: amountField,
  })
  .superRefine((v, ctx) => {
    if (!v.number) ctx.addIssue({ code: 'custom', message: 'convert.p_number', path: ['number'] });
    else if (!v.min_receive)
      ctx.addIssue({ code: 'custom', message: 'convert.p_min_receive', path: ['min_receive'] });
  });

/** A conversion done: an immediate-or-cancel sell order through the book. */
export const conversionResult = z.object({
  id: z.number().int(),
  /** The spot order that carried it (it shows in the order history as a market sell). */
  order_id: z.number().int(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  number: decimalString,
  market_price: decimalString,
  /** Average fill price. */
  price: decimalString,
  fee: decimalString,
  receive: decimalString,
  min_receive: decimalString,
});

/**
 * wallet/createPayOrder: spec 2 sends the quantity in walletAddress; spec 3 sends chargeNum and the
 * sender's address in walletAddress. chargeNum wins when present. The screenshot (`imgUrl`, the url
 * common/image_upload answered) is required: without proof an operator has nothing to check.
 * An empty `in_address` means the user's own deposit address of the chain.
 */
export const createPayOrderRequest = z
  .object({
    currency_id: idParam,
    currency_protocol_id: idParam.optional(),
    chargeNum: decimalInput.optional(),
    walletAddress: text(128),
    in_address: text(128),
    imgUrl: text(500),
  })
  .transform((v) => {
    const quantity = v.chargeNum ?? (/^\d/.test(v.walletAddress) ? v.walletAddress : '');
    const fromAddress = v.chargeNum !== undefined ? v.walletAddress : '';
    return { ...v, quantity, from_address: fromAddress };
  })
  .superRefine((v, ctx) => {
    if (!v.quantity)
      ctx.addIssue({ code: 'custom', message: 'deposit.p_quantity', path: ['chargeNum'] });
    // A VND order is made first and gets its screenshot with wallet/updatePayOrder.
    else if (!v.imgUrl && v.currency_id !== VND_CURRENCY_ID)
      ctx.addIssue({ code: 'custom', message: 'deposit.p_img', path: ['imgUrl'] });
  });

export const bindAddressRequest = z
  .object({
    currency_id: idParam,
    currency_protocol_id: idParam.optional(),
    address: text(128),
    memo: text(64),
    code: text(16),
  })
  .superRefine((v, ctx) => {
    if (!v.address)
      ctx.addIssue({ code: 'custom', message: 'address.p_address', path: ['address'] });
    else if (!v.code)
      ctx.addIssue({ code: 'custom', message: 'register.emptyCode', path: ['code'] });
  });

const listOf = (limit: number) =>
  z.object({
    currency_id: idParam.optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(limit),
  });

export const assetsCalls = {
  accountList: defineCall({
    method: 'GET',
    path: 'account/list',
    auth: 'user',
    tag: 'assets',
    summary: 'Account groups with one row per currency: available, locked and USD value',
    request: z.object({}),
    response: z.array(accountGroup),
  }),
  currencyProtocols: defineCall({
    method: 'GET',
    path: 'block_chain/currency_protocols',
    auth: 'optional',
    tag: 'assets',
    summary: 'Coins with their chains (currency protocols)',
    request: z.object({}),
    response: z.array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        currency_protocols: z.array(currencyProtocol),
      }),
    ),
  }),
  wallet: defineCall({
    method: 'GET',
    path: 'wallet/wallet',
    auth: 'user',
    tag: 'assets',
    summary: 'Deposit addresses of this user for one currency, one per chain',
    request: z.object({ currency_id: idParam }),
    response: z.array(wallet),
  }),
  createPayOrder: defineCall({
    method: 'POST',
    path: 'wallet/createPayOrder',
    auth: 'user',
    tag: 'assets',
    summary:
      'Report a deposit with its transfer screenshot: a pending record an operator approves (credit) or rejects; for currency 5 (VND), make a VND order awaiting its bank transfer',
    request: createPayOrderRequest,
    response: z.union([depositRecord, vndPayOrder]),
  }),
  rechargeLog: defineCall({
    method: 'GET',
    path: 'account_log/recharge',
    auth: 'user',
    tag: 'assets',
    summary: 'Deposit records, newest first, 15 per page',
    request: listOf(DEPOSIT_PAGE_SIZE),
    response: pageOf(depositRecord),
  }),
  draw: defineCall({
    method: 'POST',
    path: 'account/draw',
    auth: 'user',
    tag: 'assets',
    summary:
      'Ask for a withdrawal to a bound address: checks the trade password, minimum, maximum and balance, then locks the amount',
    request: drawRequest,
    response: withdrawRecord,
  }),
  withdrawLog: defineCall({
    method: 'GET',
    path: 'account_log/withdraw',
    auth: 'user',
    tag: 'assets',
    addition: true,
    summary: 'Withdrawal records, newest first',
    request: listOf(10),
    response: pageOf(withdrawRecord),
  }),
  transfer: defineCall({
    method: 'POST',
    path: 'account/transfer',
    auth: 'user',
    tag: 'assets',
    summary:
      'Move an amount between two of the user’s account types of one currency; an optional client_id makes it idempotent',
    request: transferRequest,
    response: transferRecord,
  }),
  transferLog: defineCall({
    method: 'GET',
    path: 'account/transfer_log',
    auth: 'user',
    tag: 'assets',
    addition: true,
    summary: 'Transfers between the user’s accounts, newest first',
    request: listOf(10),
    response: pageOf(transferRecord),
  }),
  convertQuote: defineCall({
    method: 'GET',
    path: 'account/convert_quote',
    auth: 'optional',
    tag: 'assets',
    addition: true,
    summary:
      'What selling an amount into the USDT book pays now: other users’ bids walked level by level',
    request: convertQuoteRequest,
    response: convertQuote,
  }),
  convert: defineCall({
    method: 'POST',
    path: 'account/convert',
    auth: 'user',
    tag: 'assets',
    summary:
      'Convert to USDT: an immediate-or-cancel sell through the book that pays at least min_receive, or nothing',
    request: convertRequest,
    response: conversionResult,
  }),
  accountLog: defineCall({
    method: 'GET',
    path: 'account_log/list',
    auth: 'user',
    tag: 'assets',
    addition: true,
    summary:
      'Deal records: every movement of the user’s accounts of one type (types = all: of every account), newest first',
    request: listOf(15).extend({
      /** Account code (change_account, …), account type id, or `all` (the transaction log). */
      types: text(32),
    }),
    response: pageOf(accountLogEntry),
  }),
  addressList: defineCall({
    method: 'GET',
    path: 'address/list',
    auth: 'user',
    tag: 'assets',
    addition: true,
    summary: 'The user’s bound withdrawal addresses',
    request: z.object({ currency_id: idParam.optional() }),
    response: z.array(boundAddress),
  }),
  addressSendCode: defineCall({
    method: 'POST',
    path: 'address/send_code',
    auth: 'user',
    tag: 'assets',
    addition: true,
    rateLimit: 'code',
    summary:
      'Send a withdrawal-address code to the user’s own e-mail (or mobile); resend after 59 s',
    request: z.object({}),
    response: z.object({ resend_after_s: z.number().int(), to: z.string() }),
  }),
  addressBind: defineCall({
    method: 'POST',
    path: 'address/bind',
    auth: 'user',
    tag: 'assets',
    addition: true,
    summary: 'Bind a withdrawal address with the code sent by address/send_code',
    request: bindAddressRequest,
    response: boundAddress,
  }),
  addressDelete: defineCall({
    method: 'POST',
    path: 'address/delete',
    auth: 'user',
    tag: 'assets',
    addition: true,
    summary: 'Remove one of the user’s bound withdrawal addresses',
    request: z.object({ id: idParam }),
    response: z.object({ id: z.number().int() }),
  }),
  checkPaypass: defineCall({
    method: 'GET',
    path: 'user/checkPaypass',
    auth: 'user',
    tag: 'user',
    summary: 'Whether the user has set a trade password',
    request: z.object({}),
    response: z.object({ has_pay_password: z.boolean() }),
  }),
  amendPayPassword: defineCall({
    method: 'POST',
    path: 'user/amend_pay_password',
    auth: 'user',
    tag: 'user',
    rateLimit: 'password',
    summary:
      'Set or change the trade password with a pay-password code (type 3); the old one is required when one exists',
    request: z
      .object({
        password: text(64),
        re_password: z.string().trim().max(64).optional(),
        old_password: text(64),
        auth_code: text(16),
      })
      .superRefine((v, ctx) => {
        const issue = (path: string, message: string) =>
          ctx.addIssue({ code: 'custom', message, path: [path] });
        if (!v.password) issue('password', 'register.emptyPassword');
        else if (!/^[A-Za-z0-9]{6,16}$/.test(v.password)) issue('password', 'register.length');
        else if (v.re_password !== undefined && v.re_password !== v.password)
          issue('re_password', 'register.unlike');
        else if (!v.auth_code) issue('auth_code', 'register.emptyCode');
      }),
    response: z.object({ has_pay_password: z.boolean() }),
  }),
};

// ---- Operator review (additions). ----

const reviewUser = z.object({ id: z.number().int(), account: z.string() });
export const adminDeposit = depositRecord.extend({ user: reviewUser });
export const adminWithdrawal = withdrawRecord.extend({ user: reviewUser });
export type AdminDeposit = z.infer<typeof adminDeposit>;
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

const reviewList = z.object({
  status: z.coerce
    .number()
    .int()
    .refine((v) => (REVIEW_STATUSES as readonly number[]).includes(v))
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(15),
});
const rejectRequest = z.object({ id: idParam, reason: text(500) }).superRefine((v, ctx) => {
  if (v.reason.length < 3)
    ctx.addIssue({ code: 'custom', message: 'review.p_reason', path: ['reason'] });
});

export const reviewCalls = {
  adminDeposits: defineCall({
    method: 'GET',
    path: 'admin/deposits',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Reported deposits, pending first when no status is given, newest first',
    request: reviewList,
    response: pageOf(adminDeposit),
  }),
  adminDepositApprove: defineCall({
    method: 'POST',
    path: 'admin/deposits/approve',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Approve a pending deposit: the amount is credited through the ledger',
    request: z.object({ id: idParam }),
    response: adminDeposit,
  }),
  adminDepositReject: defineCall({
    method: 'POST',
    path: 'admin/deposits/reject',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Reject a pending deposit with a reason; nothing is credited',
    request: rejectRequest,
    response: adminDeposit,
  }),
  adminWithdrawals: defineCall({
    method: 'GET',
    path: 'admin/withdrawals',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Withdrawal requests, newest first',
    request: reviewList,
    response: pageOf(adminWithdrawal),
  }),
  adminWithdrawalApprove: defineCall({
    method: 'POST',
    path: 'admin/withdrawals/approve',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Approve a withdrawal with the transaction reference of the payout: the lock leaves',
    request: z.object({ id: idParam, tx_ref: text(200) }).superRefine((v, ctx) => {
      if (v.tx_ref.length < 4)
        ctx.addIssue({ code: 'custom', message: 'review.p_tx_ref', path: ['tx_ref'] });
    }),
    response: adminWithdrawal,
  }),
  adminWithdrawalReject: defineCall({
    method: 'POST',
    path: 'admin/withdrawals/reject',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Reject a withdrawal with a reason: the locked amount returns to the balance',
    request: rejectRequest,
    response: adminWithdrawal,
  }),
};
