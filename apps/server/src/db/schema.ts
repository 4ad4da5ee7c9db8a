import { sql } from 'drizzle-orm';
import {
  bigint,
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
  (t) => [index('journal_ref_idx').on(t.kind, t.refId)],
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
  (t) => [
    index('postings_journal_idx').on(t.journalId),
    index('postings_account_idx').on(t.accountId),
  ],
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
    uniqueIndex('orders_client_key').on(t.userId, t.clientOrderId),
    index('orders_user_idx').on(t.userId, t.status, t.side, t.id),
    index('orders_open_idx').on(t.status, t.marketId),
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
  (t) => [
    index('trades_market_idx').on(t.marketId, t.id),
    // The 24 h tickers are rebuilt on start from the trades of the last day.
    index('trades_market_time_idx').on(t.marketId, t.createdAt),
  ],
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
