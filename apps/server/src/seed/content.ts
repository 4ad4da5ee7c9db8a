import { NEWS_CATEGORY, PRIVACY_NEWS_ID, type SettingKey } from '@exchange/contract';

export const NEWS_CATEGORIES = [
  { id: NEWS_CATEGORY.banner, name: 'Banners', sort: 1 },
  { id: NEWS_CATEGORY.announcement, name: 'Announcements', sort: 2 },
  { id: NEWS_CATEGORY.news, name: 'News', sort: 3 },
  { id: NEWS_CATEGORY.support, name: 'Support', sort: 4 },
  { id: NEWS_CATEGORY.about, name: 'About us', sort: 5 },
  { id: NEWS_CATEGORY.legal, name: 'Legal', sort: 6 },
];

/** Every setting the documents read, with values an operator then edits. */
export const DEFAULT_SETTINGS: Record<SettingKey, string> = {
  login_use_sms: '0',
  contact_mobile: '+84 28 3822 0000',
  contact_email: 'support@exchange.local',
  tele_contact: '',
  livechat: '',
  usd_vnd: '25400',
  usd_vnd_withdraw: '25200',
  // `bin`: the bank's 6-digit NAPAS id, which the VietQR code of a VND deposit names.
  deposit_bank: JSON.stringify({
    bank_name: 'Demo Commercial Bank',
    bank_num: '0000 1234 5678',
    owner_name: 'EXCHANGE OPERATOR',
    bin: '970436',
  }),
};

/** Demo values that make the header's contact links visible. */
export const DEMO_SETTINGS: Partial<Record<SettingKey, string>> = {
  tele_contact: 'https://t.me/exchange_demo_support',
  livechat: 'https://livechat.exchange.local/demo',
};

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

export interface SeedNews {
  id?: number;
  category: number;
  title: string;
  content: string;
  banner?: string;
}

export const DEMO_NEWS: SeedNews[] = [
  {
    category: NEWS_CATEGORY.banner,
    title: 'Trade spot markets with a transparent order book',
    banner: '/banners/banner-1.svg',
    content: p(
      'Every order on the exchange is matched against other orders by price and time priority.',
      'No house fills, no hidden prices: the book you see is the book that trades.',
    ),
  },
  {
    category: NEWS_CATEGORY.banner,
    title: 'Your funds, accounted to the last unit',
    banner: '/banners/banner-2.svg',
    content: p(
      'Every balance change is a double-entry ledger record. The books balance at all times and an audit checks it.',
    ),
  },
  {
    category: NEWS_CATEGORY.banner,
    title: 'Seven languages, day and night themes',
    banner: '/banners/banner-3.svg',
    content: p('Use the exchange in Vietnamese, English, Chinese, Japanese, German or French.'),
  },
  {
    category: NEWS_CATEGORY.announcement,
    title: 'Welcome to the exchange: demo markets are open',
    content: p(
      'This installation runs with demo data. Register an account to explore every screen.',
    ),
  },
  {
    category: NEWS_CATEGORY.announcement,
    title: 'Scheduled maintenance window every Sunday 02:00–02:30 (UTC+7)',
    content: p(
      'Orders stay in the book during maintenance; new orders may be refused for a few minutes.',
    ),
  },
  {
    category: NEWS_CATEGORY.announcement,
    title: 'Security reminder: we never ask for your password or codes',
    content: p(
      'Staff will never ask for your password, trade password or verification codes. Report such requests to support.',
    ),
  },
  {
    category: NEWS_CATEGORY.about,
    title: 'About the exchange',
    content: p(
      'An open-source cryptocurrency exchange: spot trading, transparent matching and a ledger that always balances.',
    ),
  },
  {
    category: NEWS_CATEGORY.about,
    title: 'Fees and limits',
    content: p('Maker and taker fees are set per market and shown before you trade.'),
  },
  {
    category: NEWS_CATEGORY.about,
    title: 'Careers',
    content: p('We are a small team. Write to us if you want to help build an honest exchange.'),
  },
  {
    category: NEWS_CATEGORY.about,
    title: 'Open source licence',
    content: p('The exchange is published under an open-source licence.'),
  },
  {
    category: NEWS_CATEGORY.support,
    title: 'How to register and sign in',
    content: p(
      'Register with your e-mail address or mobile number. A verification code is sent to you; it expires after 10 minutes.',
    ),
  },
  {
    category: NEWS_CATEGORY.support,
    title: 'I forgot my password',
    content: p(
      'Use “Forgot password” on the login page. After the reset every signed-in device is signed out.',
    ),
  },
  {
    category: NEWS_CATEGORY.support,
    title: 'Contact support',
    content: p('Write to support@exchange.local. We answer within one business day.'),
  },
  {
    category: NEWS_CATEGORY.news,
    title: 'Spot trading: how limit and market orders work',
    content: p(
      'A limit order rests in the book at your price. A market order takes the best prices available and stops at a protection band.',
    ),
  },
  {
    category: NEWS_CATEGORY.news,
    title: 'Keeping your account safe',
    content: p('Use a unique password and a trade password, and keep your e-mail address bound.'),
  },
  {
    category: NEWS_CATEGORY.news,
    title: 'Demo data explained',
    content: p('Demo markets and charts are marked as demo data and carry no real value.'),
  },
];

/** The privacy notice the register agreement links to (spec 1 §2: news 371, category 7). */
export const PRIVACY_NOTICE: SeedNews = {
  id: PRIVACY_NEWS_ID,
  category: NEWS_CATEGORY.legal,
  title: 'Privacy notice and user agreement',
  content:
    '<h3>What we keep</h3>' +
    p(
      'Your e-mail address or mobile number, a salted hash of your password, your orders, your balances and the ledger entries that changed them.',
    ) +
    '<h3>Why</h3>' +
    p('To run your account, to keep the books correct, and to meet legal duties.') +
    '<h3>Your agreement</h3>' +
    p(
      'By registering you agree to use the exchange lawfully, to keep your credentials secret, and that trades are final once matched.',
    ),
};
