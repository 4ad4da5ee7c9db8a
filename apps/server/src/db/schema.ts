import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email'),
    mobile: text('mobile'),
    countryCode: text('country_code'),
    areaId: integer('area_id'),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    inviteCode: text('invite_code').notNull(),
    referrerId: integer('referrer_id'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    isSeller: boolean('is_seller').notNull().default(false),
    reviewStatus: smallint('review_status').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    /** Wrong trade passwords in the current window (spec 3: the check is rate limited). */
    payFailCount: smallint('pay_fail_count').notNull().default(0),
    payFailSince: timestamp('pay_fail_since', { withTimezone: true }),
    /**
     * The last change of a bound address or of the login password (set, changed or reset):
     * withdrawals wait SECURITY_HOLD_S after it (withdraw.security_hold).
     */
    securityChangedAt: timestamp('security_changed_at', { withTimezone: true }),
    /** Set by a freeze link (user/freeze): no sign-in, no withdrawal until a reset or an operator. */
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_mobile_key').on(t.countryCode, t.mobile),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    index('users_referrer_idx').on(t.referrerId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * The one-time links of "your address was changed" notices (user/freeze): only the token's
 * SHA-256 is kept, with the change it undoes (the address it went to and the one it replaced).
 */
export const freezeLinks = pgTable(
  'freeze_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    /** What changed: `email`, the only address a signed-in user can bind. */
    kind: text('kind', { enum: ['email'] }).notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('freeze_links_token_key').on(t.tokenHash),
    index('freeze_links_user_idx').on(t.userId),
  ],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    address: text('address').notNull(),
    purpose: smallint('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_lookup_idx').on(t.address, t.purpose, t.createdAt)],
);

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    transport: text('transport', { enum: ['outbox', 'smtp', 'sms_webhook'] }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.id)],
);

export const newsCategories = pgTable('news_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => newsCategories.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    banner: text('banner'),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('news_category_idx').on(t.categoryId, t.sort, t.createdAt)],
);

export const areas = pgTable('areas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  globalCode: text('global_code').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  /** Only public settings are readable through default/setting. */
  isPublic: boolean('is_public').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/**
 * Counters of attempts per key and window (sign-in failures per account, per-address rate-limit
 * buckets): kept in the store so a restart does not reset a lock-out.
 */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images (deposit screenshots, identity photos): the bytes as re-written without their
 * metadata, under a random name; served only to their owner and operators.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    userId: integer('user_id').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_name_key').on(t.name), index('uploads_user_idx').on(t.userId, t.id)],
);

/** Facts about this installation (first-start seeding done, and so on). */
export const systemState = pgTable('system_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Money columns: NUMERIC at the ledger's 18 decimals, read and written as decimal strings. */
const money = (name: string) => numeric(name, { precision: 48, scale: 18 });

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    logo: text('logo').notNull().default(''),
    /** Decimals shown for amounts of this currency. */
    displayDecimals: smallint('display_decimals').notNull().default(8),
    isQuote: boolean('is_quote').notNull().default(false),
    usdPrice: money('usd_price').notNull().default('0'),
    cnyPrice: money('cny_price').notNull().default('0'),
    sort: integer('sort').notNull().default(0),
    /** Deposits and withdrawals open (spec 2 §3: open_recharge, open_draw). */
    openRecharge: boolean('open_recharge').notNull().default(false),
    openDraw: boolean('open_draw').notNull().default(false),
    /** Withdrawal fee as a fraction of the amount, and the bounds of one withdrawal. */
    drawRate: money('draw_rate').notNull().default('0'),
    drawMin: money('draw_min').notNull().default('0'),
    drawMax: money('draw_max').notNull().default('0'),
    /** Account types this currency may be held in (1 trade, 2 legal, 3 lever, 4 micro, 5 financial). */
    accountTypes: smallint('account_types')
      .array()
      .notNull()
      .default(sql`'{1}'::smallint[]`),
  },
  (t) => [uniqueIndex('currencies_code_key').on(t.code)],
);

export const markets = pgTable(
  'markets',
  {
    id: serial('id').primaryKey(),
    baseCurrencyId: integer('base_currency_id')
      .notNull()
      .references(() => currencies.id),
    quoteCurrencyId: integer('quote_currency_id')
      .notNull()
      .references(() => currencies.id),
    symbol: text('symbol').notNull(),
    priceDecimals: smallint('price_decimals').notNull(),
    qtyDecimals: smallint('qty_decimals').notNull(),
    minQty: money('min_qty').notNull(),
    makerFeeBps: integer('maker_fee_bps').notNull().default(10),
    takerFeeBps: integer('taker_fee_bps').notNull().default(20),
    /** Market-order protection band in basis points (500 = 5 %). */
    bandBps: integer('band_bps').notNull().default(500),
    status: text('status', { enum: ['open', 'halted'] })
      .notNull()
      .default('open'),
    openLever: boolean('open_lever').notNull().default(false),
    openMicrotrade: boolean('open_microtrade').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('markets_symbol_key').on(t.symbol),
    uniqueIndex('markets_pair_key').on(t.baseCurrencyId, t.quoteCurrencyId),
  ],
);

/**
 * One account per (user, currency, type), or per (system code, currency) for the accounts that
 * stand for the outside world, fees and house sides. Ids are assigned by the core.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id'),
    systemCode: text('system_code'),
    currencyId: integer('currency_id').notNull(),
    type: smallint('type').notNull(),
    balance: money('balance').notNull().default('0'),
    lockBalance: money('lock_balance').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_user_key').on(t.userId, t.currencyId, t.type),
    uniqueIndex('accounts_system_key').on(t.systemCode, t.currencyId),
  ],
);

/** A journal entry: its postings sum to zero per currency (ARCHITECTURE §4). */
export const journal = pgTable(
  'journal',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    refId: bigint('ref_id', { mode: 'number' }),
    actorId: integer('actor_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // No secondary index: every journal read joins from postings by id. Each index here would be
  // written for every journal entry, several per order.
);

export const postings = pgTable(
  'postings',
  {
    journalId: bigint('journal_id', { mode: 'number' }).notNull(),
    accountId: integer('account_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    /** 0 available, 1 locked. */
    bucket: smallint('bucket').notNull(),
    amount: money('amount').notNull(),
  },
  // Postings are read by account (deal records) or all at once (audit); an index by journal
  // would cost a write for each of an order's several postings and serve no call.
  (t) => [index('postings_account_idx').on(t.accountId)],
);

export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    marketId: integer('market_id').notNull(),
    /** 1 buy, 2 sell. */
    side: smallint('side').notNull(),
    /** 0 limit, 1 market. */
    type: smallint('type').notNull(),
    price: money('price').notNull(),
    qty: money('qty').notNull(),
    filledQty: money('filled_qty').notNull(),
    filledQuote: money('filled_quote').notNull(),
    fee: money('fee').notNull(),
    /** What the order still holds locked in its owner's account. */
    locked: money('locked').notNull(),
    /** 0 open, 1 filled, 2 cancelled. */
    status: smallint('status').notNull(),
    clientOrderId: text('client_order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Partial: most orders have no client id, and only open orders are looked up by market.
    uniqueIndex('orders_client_key')
      .on(t.userId, t.clientOrderId)
      .where(sql`${t.clientOrderId} is not null`),
    index('orders_user_idx').on(t.userId, t.status, t.side, t.id),
    index('orders_open_idx')
      .on(t.marketId)
      .where(sql`${t.status} = 0`),
  ],
);

export const trades = pgTable(
  'trades',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    marketId: integer('market_id').notNull(),
    price: money('price').notNull(),
    qty: money('qty').notNull(),
    quoteQty: money('quote_qty').notNull(),
    /** 1 the taker bought, 2 the taker sold. */
    takerSide: smallint('taker_side').notNull(),
    makerOrderId: bigint('maker_order_id', { mode: 'number' }).notNull(),
    takerOrderId: bigint('taker_order_id', { mode: 'number' }).notNull(),
    makerUserId: integer('maker_user_id').notNull(),
    takerUserId: integer('taker_user_id').notNull(),
    buyerFee: money('buyer_fee').notNull(),
    sellerFee: money('seller_fee').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // By market in trade order: the market's latest trades, and on start the 24 h tickers, whose
  // window is found by walking back from the newest trade (no index by time: one write fewer for
  // every trade).
  (t) => [index('trades_market_idx').on(t.marketId, t.id)],
);

/** Candles built from trades; demo backfill is marked so it is never mistaken for real trading. */
export const candles = pgTable(
  'candles',
  {
    marketId: integer('market_id').notNull(),
    period: text('period').notNull(),
    openTime: bigint('open_time', { mode: 'number' }).notNull(),
    open: money('open').notNull(),
    high: money('high').notNull(),
    low: money('low').notNull(),
    close: money('close').notNull(),
    volume: money('volume').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.period, t.openTime] })],
);

/** A user's favourite pairs (the `added` flag of market/currency_matches). */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id').notNull(),
    marketId: integer('market_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.marketId] })],
);

/** Networks deposits and withdrawals travel on; `family` picks the address format. */
export const chainProtocols = pgTable(
  'chain_protocols',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    family: text('family', { enum: ['eth', 'tron', 'btc'] }).notNull(),
  },
  (t) => [uniqueIndex('chain_protocols_code_key').on(t.code)],
);

/** A currency offered on a chain (a token contract, or empty for the chain's own coin). */
export const currencyProtocols = pgTable(
  'currency_protocols',
  {
    id: integer('id').primaryKey(),
    currencyId: integer('currency_id').notNull(),
    chainProtocolId: integer('chain_protocol_id').notNull(),
    tokenAddress: text('token_address').notNull().default(''),
  },
  (t) => [uniqueIndex('currency_protocols_key').on(t.currencyId, t.chainProtocolId)],
);

/** Deposit addresses handed out, per user and chain (derived at index = user id). */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: integer('user_id').notNull(),
    chainProtocolId: integer('chain_protocol_id').notNull(),
    address: text('address').notNull(),
    derivationPath: text('derivation_path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chainProtocolId] }),
    index('deposit_addresses_address_idx').on(t.address),
  ],
);

/** Reported deposits waiting for an operator (0 pending, 1 approved and credited, 2 rejected). */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    currencyProtocolId: integer('currency_protocol_id'),
    chain: text('chain').notNull().default(''),
    number: money('number').notNull(),
    inAddress: text('in_address').notNull().default(''),
    fromAddress: text('from_address').notNull().default(''),
    imgUrl: text('img_url').notNull().default(''),
    status: smallint('status').notNull().default(0),
    reason: text('reason').notNull().default(''),
    journalId: bigint('journal_id', { mode: 'number' }),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** A VND bank transfer (vnd_orders): its reference code, VND amount and rate. */
    referenceCode: text('reference_code'),
    amountVnd: money('amount_vnd'),
    vndRate: money('vnd_rate'),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId, t.id),
    index('deposits_status_idx').on(t.status, t.id),
  ],
);

/** Withdrawal requests; ids are assigned by the core, which locks the amount in the same batch. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    currencyProtocolId: integer('currency_protocol_id'),
    chain: text('chain').notNull().default(''),
    address: text('address').notNull(),
    memo: text('memo').notNull().default(''),
    number: money('number').notNull(),
    fee: money('fee').notNull(),
    receive: money('receive').notNull(),
    /** 0 pending review (amount locked), 1 approved and paid out, 2 rejected (unlocked). */
    status: smallint('status').notNull(),
    txRef: text('tx_ref').notNull().default(''),
    reason: text('reason').notNull().default(''),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A VND withdrawal to a bank account: the rate and the VND to pay, the bank and its holder. */
    vndRate: money('vnd_rate'),
    vndTotal: money('vnd_total'),
    bankName: text('bank_name'),
    accountName: text('account_name'),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
  ],
);

/** Transfers between one user's account types; ids assigned by the core. */
export const transfers = pgTable(
  'transfers',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    number: money('number').notNull(),
    fromType: smallint('from_type').notNull(),
    toType: smallint('to_type').notNull(),
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('transfers_client_key').on(t.userId, t.clientId),
    index('transfers_user_idx').on(t.userId, t.id),
  ],
);

/**
 * Conversions to USDT: each is an immediate-or-cancel sell order through the book (`order_id`),
 * limited by the least USDT the user confirmed; ids assigned by the core. `market_price` is the
 * best bid of other users at execution, `price` the average fill, `receive` what was paid after
 * the taker fee. `spread_bps` is kept from the desk of earlier versions and is 0 now.
 */
export const conversions = pgTable(
  'conversions',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    accountType: smallint('account_type').notNull(),
    number: money('number').notNull(),
    marketPrice: money('market_price').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    price: money('price').notNull(),
    receive: money('receive').notNull(),
    fee: money('fee').notNull().default('0'),
    minReceive: money('min_receive'),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('conversions_user_idx').on(t.userId, t.id)],
);

/** Withdrawal addresses a user bound with an e-mail code; withdrawals go only to these. */
export const withdrawAddresses = pgTable(
  'withdraw_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    currencyProtocolId: integer('currency_protocol_id').notNull(),
    address: text('address').notNull(),
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('withdraw_addresses_key').on(t.userId, t.currencyProtocolId, t.address)],
);

/**
 * A pair's lever terms (the leverage product): the house spread as a fraction of the price, the
 * base quantity of one hand, the fee rate on margin, the multiples offered, hands per order and
 * per user, the overnight rate and the pair's cap on open hands. `markets.open_lever` opens it.
 */
export const leverSettings = pgTable('lever_settings', {
  marketId: integer('market_id')
    .primaryKey()
    .references(() => markets.id),
  pointRate: money('point_rate').notNull().default('0.001'),
  shareNum: money('share_num').notNull().default('0.01'),
  feeRate: money('fee_rate').notNull().default('0.002'),
  multiples: integer('multiples')
    .array()
    .notNull()
    .default(sql`'{5,10,20,50,100}'::integer[]`),
  minShare: integer('min_share').notNull().default(1),
  maxShare: integer('max_share').notNull().default(100),
  overnightRate: money('overnight_rate').notNull().default('0.0005'),
  maxOpenInterest: integer('max_open_interest').notNull().default(10000),
  /**
   * The mark price (docs/architecture.md §4a): the quote amount each side of the book must hold
   * within `mark_band` (a fraction) of its mid, the averaging window, and the manipulation
   * multiple of the house's exposure bound.
   */
  markMinDepth: money('mark_min_depth').notNull().default('1000'),
  markBand: money('mark_band').notNull().default('0.02'),
  markWindowS: integer('mark_window_s').notNull().default(60),
  manipulationMultiple: money('manipulation_multiple').notNull().default('1'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Lever positions and limit entrusts (spec 2 §3). Amounts at the ledger's scale; prices too.
 * status: 0 entrust, 1 trading, 2 closing, 3 closed, 4 cancelled.
 */
export const leverPositions = pgTable(
  'lever_positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    marketId: integer('market_id').notNull(),
    /** 1 long, 2 short. */
    type: smallint('type').notNull(),
    status: smallint('status').notNull(),
    share: integer('share').notNull(),
    number: money('number').notNull(),
    multiple: integer('multiple').notNull(),
    originPrice: money('origin_price').notNull(),
    price: money('price').notNull(),
    targetPrice: money('target_price'),
    margin: money('margin').notNull(),
    originMargin: money('origin_margin').notNull(),
    fee: money('fee').notNull(),
    overnight: money('overnight').notNull(),
    maxPayout: money('max_payout').notNull(),
    stopProfit: money('stop_profit'),
    stopLoss: money('stop_loss'),
    closeReason: text('close_reason'),
    closeMarkPrice: money('close_mark_price'),
    closePrice: money('close_price'),
    profit: money('profit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('lever_positions_user_idx').on(t.userId, t.status, t.id),
    index('lever_positions_live_idx')
      .on(t.marketId)
      .where(sql`${t.status} in (0, 1)`),
  ],
);

/** A seconds option of micro trade: `profit_ratio` is a fraction of the stake paid on a win. */
export interface MicroOption {
  seconds: number;
  profit_ratio: string;
}

/** A pair's own micro-trade options (without a row the default options apply). */
export const microSettings = pgTable('micro_settings', {
  marketId: integer('market_id')
    .primaryKey()
    .references(() => markets.id),
  options: jsonb('options').$type<MicroOption[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A currency one may stake in micro trade, with its presets, limits, fee and default cap. */
export const microCurrencies = pgTable('micro_currencies', {
  currencyId: integer('currency_id')
    .primaryKey()
    .references(() => currencies.id),
  enabled: boolean('enabled').notNull().default(true),
  numbers: text('numbers')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  minNumber: money('min_number').notNull(),
  maxNumber: money('max_number').notNull(),
  feeRate: money('fee_rate').notNull().default('0'),
  /** The house's exposure cap per expiry bucket of a pair without its own cap. */
  defaultCap: money('default_cap').notNull().default('0'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A pair's house exposure cap per expiry bucket, in a stake currency. */
export const microCaps = pgTable(
  'micro_caps',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    cap: money('cap').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.currencyId] })],
);

/**
 * Micro orders (spec 3 §3). Amounts at the ledger's scale, prices too. status 1 in progress,
 * 3 closed. open_at and end_at are whole seconds: the moments of the open and end index.
 */
export const microOrders = pgTable(
  'micro_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    marketId: integer('market_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    /** 1 up, 2 down. */
    type: smallint('type').notNull(),
    status: smallint('status').notNull(),
    seconds: integer('seconds').notNull(),
    number: money('number').notNull(),
    fee: money('fee').notNull(),
    profitRatio: money('profit_ratio').notNull(),
    openAt: timestamp('open_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    openPrice: money('open_price'),
    endPrice: money('end_price'),
    /** win, loss, tie or void once closed. */
    outcome: text('outcome'),
    factProfits: money('fact_profits'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * The pair's index minimums when the order was accepted: its index is made with these, so no
     * later change of the settings can void (or count) an order that was already taken.
     */
    indexMinTrades: integer('index_min_trades'),
    indexMinVolume: money('index_min_volume'),
  },
  (t) => [
    index('micro_orders_user_idx').on(t.userId, t.status, t.id),
    index('micro_orders_open_idx')
      .on(t.endAt)
      .where(sql`${t.status} = 1`),
  ],
);

/**
 * The micro-trade price index of a pair at a whole second, with what it was made of: the window
 * (from_at, at], the range of trade ids in it (every trade of the pair in the window is in
 * [first_trade_id, last_trade_id]) and their count, and the minimums it was made with (the best
 * bid and ask only on indexes made before the index became volume-weighted). Written once, when
 * first evaluated; orders refer to it by (market, open_at / end_at).
 */
export const microIndex = pgTable(
  'micro_index',
  {
    marketId: integer('market_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    firstTradeId: bigint('first_trade_id', { mode: 'number' }),
    lastTradeId: bigint('last_trade_id', { mode: 'number' }),
    tradeCount: integer('trade_count').notNull(),
    bid: money('bid'),
    ask: money('ask'),
    /** The index of the whole window; each order's own leaves its owner's trades out. */
    value: money('value'),
    /** The pair's minimums it was made with (null on indexes made before them). */
    minTrades: integer('min_trades'),
    minVolume: money('min_volume'),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.at] })],
);

/**
 * Identity verification submissions (spec 3 §3 real-name): each submission is kept; the user's
 * review_status follows the latest. status 1 pending, 2 approved, 3 rejected (descript = reason).
 */
export const identitySubmissions = pgTable(
  'identity_submissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    cardId: text('card_id').notNull(),
    frontPic: text('front_pic').notNull(),
    reversePic: text('reverse_pic').notNull(),
    handPic: text('hand_pic').notNull(),
    status: smallint('status').notNull(),
    descript: text('descript').notNull().default(''),
    reviewerId: integer('reviewer_id'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('identity_submissions_user_idx').on(t.userId, t.id),
    index('identity_submissions_status_idx').on(t.status, t.id),
  ],
);

/** A user's receiving method of one type (1 alipay, 2 wxpay, 3 bank): one per type. */
export const payMethods = pgTable(
  'pay_methods',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    rawData: jsonb('raw_data').$type<Record<string, string>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** A user's bank account for withdrawals (user_bank/update). */
export const userBanks = pgTable('user_banks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  bankName: text('bank_name').notNull(),
  accountNumber: text('account_number').notNull(),
  accountName: text('account_name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Feedback from users, with the operator's reply. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    reply: text('reply'),
    replierId: integer('replier_id'),
    createdAt: createdAt(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    index('feedback_user_idx').on(t.userId, t.id),
    index('feedback_open_idx')
      .on(t.id)
      .where(sql`${t.repliedAt} is null`),
  ],
);

/** Per user, the code an agent uses to add them (user/authorization_code); made on first read. */
export const authorizationCodes = pgTable(
  'authorization_codes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    code: text('code').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('authorization_codes_code_key').on(t.code)],
);

/**
 * Earning products (domains/earn): a fixed-term subscription of a currency at an annual rate,
 * sold only while its funded interest reserve covers the whole term's interest. `reserve` is
 * the funded interest promised to nobody yet, `owed` the interest promised to subscriptions in
 * effect and not paid, `paid` what was paid; reserve + owed per currency is what the
 * `earn-interest` system account holds (available and locked). Names and yield sources per
 * language (`en` always).
 */
export const earnProducts = pgTable('earn_products', {
  id: integer('id').primaryKey(),
  currencyId: integer('currency_id')
    .notNull()
    .references(() => currencies.id),
  /** The currency's display decimals when created: amounts and interest are floored to them. */
  decimals: smallint('decimals').notNull(),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  yieldSources: jsonb('yield_sources').$type<Record<string, string>>().notNull(),
  days: integer('days').notNull(),
  /** Annual rate as a fraction (0.12 = 12 %). */
  rate: money('rate').notNull(),
  minNumber: money('min_number').notNull(),
  maxNumber: money('max_number').notNull(),
  maxPerUser: money('max_per_user').notNull(),
  quota: money('quota').notNull(),
  saleStart: timestamp('sale_start', { withTimezone: true }),
  saleEnd: timestamp('sale_end', { withTimezone: true }),
  /** 1 on sale, 2 paused, 3 closed. */
  status: smallint('status').notNull(),
  reserve: money('reserve').notNull(),
  owed: money('owed').notNull(),
  paid: money('paid').notNull(),
  /** Principal ever subscribed (the quota counts it). */
  sold: money('sold').notNull(),
  subscriptions: integer('subscriptions').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Subscriptions of earning products: the principal, locked in the user's financial account for
 * the term, and the interest of each earning day, paid at the day's start (`paid_days` of
 * `days`, stored with the ledger entries that paid them, so a restart pays no day twice).
 */
export const earnSubscriptions = pgTable(
  'earn_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id').notNull(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    number: money('number').notNull(),
    daily: money('daily').notNull(),
    days: integer('days').notNull(),
    rate: money('rate').notNull(),
    /** The earning day (days since the epoch, Bangkok) it was made in. */
    startDay: integer('start_day').notNull(),
    paidDays: integer('paid_days').notNull(),
    income: money('income').notNull(),
    /** 1 in effect, 2 expired. */
    status: smallint('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    maturedAt: timestamp('matured_at', { withTimezone: true }),
  },
  (t) => [
    index('earn_subscriptions_user_idx').on(t.userId, t.id),
    index('earn_subscriptions_active_idx')
      .on(t.productId)
      .where(sql`${t.status} = 1`),
  ],
);

/**
 * VND deposit orders (domains/vnd): a USDT amount bought by a bank transfer in VND at the rate of
 * its creation, waiting for the transfer's screenshot until `expires_at`. Ids come from the
 * deposits' sequence: a submitted order becomes the deposit of the same id.
 */
export const vndOrders = pgTable(
  'vnd_orders',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('deposits_id_seq')`),
    userId: integer('user_id').notNull(),
    chargeNum: money('charge_num').notNull(),
    rate: money('rate').notNull(),
    amountVnd: money('amount_vnd').notNull(),
    referenceCode: text('reference_code').notNull(),
    /** 0 awaiting payment, 1 submitted (the deposit of the same id), 2 cancelled. */
    status: smallint('status').notNull(),
    creditCurrencyId: integer('credit_currency_id').notNull(),
    creditAmount: money('credit_amount').notNull(),
    /** The exchange's bank account when the order was made (deposit_bank). */
    bank: jsonb('bank')
      .$type<{ bank_name: string; bank_num: string; owner_name: string; bin: string }>()
      .notNull(),
    qrPayload: text('qr_payload').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vnd_orders_reference_idx').on(t.referenceCode),
    index('vnd_orders_user_idx').on(t.userId, t.id),
  ],
);
