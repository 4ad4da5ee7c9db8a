import { ACCOUNT_TYPE } from './catalogues.js';

/** Business constants of the documents (spec 1 §9, spec 3 §9). */

export const CODE_COUNTDOWN_S = 60;
export const RECENT_TRADES_MAX = 30;
export const FOOTER_MAX_ITEMS = 3;
export const CAROUSEL_HEIGHT_PX = 460;
export const CHART_HEIGHT_PX = 516;
export const SLIDER_STEP_PERCENT = 25;
export const PRICE_MAX_DECIMALS = 4;
/** Quantities are floored at 6 decimals (scale 1e6), spec 1 §5. */
export const QUANTITY_DECIMALS = 6;
export const DEFAULT_CNY_RATE = '6.8';
export const CHANGE_DECIMALS = 2;
export const AMOUNT_DISPLAY_DECIMALS = 2;
export const ACCOUNT_TYPE_TRADE = ACCOUNT_TYPE.trade;
export const UP_COLOR = '#0ecb81';
export const DOWN_COLOR = '#f6465d';
export const REQUEST_TIMEOUT_MS = 20_000;
export const WS_PING_MS = 5_000;
export const WS_RECONNECT_MS = 30_000;
export const SUCCESS_TOAST_S = 1;
export const LOGOUT_REDIRECT_MS = 1_000;
export const REGISTER_REDIRECT_MS = 500;
export const CHART_TIMEZONE = 'Asia/Bangkok';
export const CHART_RESOLUTIONS = [
  '1',
  '3',
  '5',
  '15',
  '30',
  '60',
  '120',
  '240',
  '360',
  '720',
  '1D',
  '3D',
  '1W',
  '1M',
] as const;
export const DEFAULT_THEME = 'dark' as const;
export type Theme = 'dark' | 'light';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const MOBILE_MIN_DIGITS = 6;
/** Longest national number we accept (E.164 allows 15 digits in all). */
export const MOBILE_MAX_DIGITS = 15;

/** Strings longer than this are shortened by the ellipsis filter (last 4 characters trimmed). */
export const ELLIPSIS_MIN_LENGTH = 9;

/** News categories read by the visitor area (spec 1 §7). */
export const NEWS_CATEGORY = {
  banner: 1,
  announcement: 22,
  support: 4,
  about: 5,
  news: 6,
  legal: 7,
} as const;
/** The privacy notice linked from the register agreement (spec 1 §2). */
export const PRIVACY_NEWS_ID = 371;

/** Verification-code purposes (spec 1 §7, spec 3 §7). */
export const CODE_TYPE = {
  register: 1,
  forgot: 2,
  payPassword: 3,
  /** Binding an e-mail address to the signed-in account (sms_mail, safe/email). */
  bindEmail: 4,
  login: 5,
  /** Binding a withdrawal address (addition; sent by address/send_code). */
  withdrawAddress: 6,
  /**
   * Confirming from the address already bound that it may be replaced (addition; sent by
   * sms_mail to the current e-mail, checked by safe/email as `old_code`).
   */
  rebindOld: 7,
} as const;
export type CodeType = (typeof CODE_TYPE)[keyof typeof CODE_TYPE];
export const CODE_TYPES = Object.values(CODE_TYPE);

/**
 * After an e-mail is bound or replaced, or the login password is changed or reset, withdrawals
 * are refused for this long (withdraw.security_hold): whoever took over a session has no time
 * to empty the account before its owner, told at the old address, can freeze it.
 */
export const SECURITY_HOLD_S = 24 * 60 * 60;
/** How long the freeze link of a "your address was changed" notice works (user/freeze). */
export const FREEZE_LINK_TTL_S = 7 * 24 * 60 * 60;

/** Server-side code rules: the resend guard mirrors the client's countdown. */
export const CODE_RESEND_S = CODE_COUNTDOWN_S;
export const CODE_TTL_S = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_LENGTH = 6;

/** Settings keys read by the three documents. */
export const SETTING_KEYS = [
  'login_use_sms',
  'contact_mobile',
  'contact_email',
  'tele_contact',
  'livechat',
  'usd_vnd',
  'usd_vnd_withdraw',
  'deposit_bank',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const PAGE_SIZE_DEFAULT = 15;
export const PAGE_SIZE_MAX = 100;

/** Limits of the hardening review (additions; the documents set none). */
export const LIMITS = {
  /** The largest amount one command may move, in whole units of any currency. */
  maxAmount: '1000000000000000',
  /** A reported deposit is at most this many units (wallet/createPayOrder). */
  maxDepositReport: '1000000000',
  /** Deposit reports of one user waiting for review at once. */
  maxPendingDeposits: 10,
  /** Uploaded images: at most this many bytes, JPEG, PNG or WebP. */
  uploadMaxBytes: 5 * 1024 * 1024,
  /** Wrong passwords for one account within the window before its sign-ins answer 429. */
  loginFailuresPerAccount: 20,
  loginFailureWindowS: 15 * 60,
} as const;

/** The slippage a conversion's confirmation accepts by default: min_receive = receive × (1 − this). */
export const CONVERT_SLIPPAGE_BPS = 50;

/**
 * Operator settings (stored in `settings`, not public) with their defaults. Order limits scale
 * with the server's RATE_LIMIT_FACTOR like every other limit.
 */
export const OPERATOR_SETTINGS = {
  /** Orders one user may place per second (more answer 429 order.rate_limited). */
  order_rate_per_second: 50,
  /** Open orders one user may have on one market (more answer 422 order.open_limit). */
  open_orders_per_market: 200,
  /** USD value one user without a verified identity may withdraw in 24 h (withdraw.daily_limit). */
  withdraw_daily_usd_unverified: 2_000,
  /** USD value one user with an approved identity may withdraw in 24 h. */
  withdraw_daily_usd_verified: 100_000,
} as const;
export type OperatorSettingKey = keyof typeof OPERATOR_SETTINGS;

/**
 * Spot price bands (addition): a limit order priced more than this fraction of its pair's
 * reference price above it (a buy) or below it (a sell) is refused with `spot.price_band`. The
 * reference price is the pair's last trade, or the mid of best bid and ask on a pair that never
 * traded; without either there is no band. An operator sets a pair's band as the setting
 * `price_band:<currency_match_id>`, a fraction in [0.0001, 1] with at most 4 decimals.
 */
export const PRICE_BAND = {
  /** The setting key of a pair's band is this prefix and the pair's id. */
  keyPrefix: 'price_band:',
  /** The band of a pair the operator has not set: 10 %. */
  default: '0.1',
  min: '0.0001',
  max: '1',
  /** Decimals a band may have: its resolution is a basis point. */
  decimals: 4,
} as const;
