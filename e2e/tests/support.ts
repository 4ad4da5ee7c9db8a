import { crc32, deflateSync } from 'node:zlib';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';

let counter = 0;
/** A fresh e-mail address per test run. */
export function uniqueEmail(prefix = 'trader'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}@example.com`;
}

/** The latest verification code sent to an address, read from the dev outbox. */
export async function codeFromOutbox(request: APIRequestContext, to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const body = (await res.json()) as { data: { body: string }[] };
    const match = body.data[0]?.body.match(/\b(\d{6})\b/);
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code in the outbox for ${to}`);
}

export async function setPreferences(page: Page, prefs: { theme?: string; lang?: string }) {
  await page.addInitScript((p) => {
    if (p.theme) window.localStorage.setItem('theme', p.theme);
    if (p.lang) window.localStorage.setItem('lang', p.lang);
  }, prefs);
}

/** The operator seeded with the demo data. */
export const OPERATOR = { email: 'admin@exchange.test', password: 'admin123456' };

/** A well-formed TRON address (the USDT contract's): TRC20 withdrawals may go to it. */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** The widths every screen is pictured at. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

/** One API call for set-up; anything but success (code 1) fails the test with the message. */
export async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
  token?: string,
): Promise<T> {
  const headers = token ? { Authorization: token } : undefined;
  const res =
    method === 'GET'
      ? await request.get(`/api/${path}`, { headers })
      : await request.post(`/api/${path}`, { headers, data: body ?? {} });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

export function login(
  request: APIRequestContext,
  account: string,
  password: string,
): Promise<string> {
  return call<string>(request, 'POST', 'user/login', { account, password, login_type: 'email' });
}

let operatorSession: string | null = null;
/** One operator session for all API set-up: logins are rate-limited (10 a minute). */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  operatorSession ??= await login(request, OPERATOR.email, OPERATOR.password);
  return operatorSession;
}

/**
 * Credits a user through the operator's admin/ledger/adjust, one call per currency
 * (`{ USDT: '1000' }`); to the trade account unless `accountType` names another.
 */
export async function fund(
  request: APIRequestContext,
  user: string,
  funds: Record<string, string>,
  reason: string,
  accountType?: number,
): Promise<void> {
  const token = await operatorToken(request);
  for (const [currency, amount] of Object.entries(funds)) {
    await call(
      request,
      'POST',
      'admin/ledger/adjust',
      {
        user,
        currency,
        amount,
        reason,
        ...(accountType === undefined ? {} : { account_type: accountType }),
      },
      token,
    );
  }
}

export interface Trader {
  email: string;
  token: string;
}

/**
 * The index guard the micro trade tests run with (admin/microtrade/settings): one trade of others
 * than the bettor with a little volume makes a window's index, and the house's bound on the pair
 * (what deciding its index costs ÷ the multiple) is far above the tests' stakes. The demo market
 * maker's trades are random: a test that needs an index in a window prints trades of its own.
 */
export const MICRO_TEST_GUARD = {
  index_min_trades: 1,
  index_min_volume: '0.0001',
  manipulation_multiple: '0.000001',
};

/** Sets MICRO_TEST_GUARD on a micro pair as the operator (the call names USDT, the stake). */
export async function relaxMicroGuard(request: APIRequestContext, matchId: number): Promise<void> {
  const token = await operatorToken(request);
  const overview = await call<{ currencies: { id: number; code: string }[] }>(
    request,
    'GET',
    'admin/microtrade/overview',
    undefined,
    token,
  );
  const usdt = overview.currencies.find((c) => c.code === 'USDT');
  if (!usdt) throw new Error('USDT is not a micro currency');
  await call(
    request,
    'POST',
    'admin/microtrade/settings',
    { match_id: matchId, currency_id: usdt.id, ...MICRO_TEST_GUARD },
    token,
  );
}

/**
 * A fresh user registered with a code from the dev outbox, funded by the operator when `funds`
 * are given (with the reason the ledger records), and logged in.
 */
export async function signUpTrader(
  request: APIRequestContext,
  options: {
    prefix: string;
    password: string;
    funds?: { amounts: Record<string, string>; reason: string };
  },
): Promise<Trader> {
  const { prefix, password, funds } = options;
  const email = uniqueEmail(prefix);
  await call(request, 'POST', 'notify/send_email', { to: email, type: 1 });
  const code = await codeFromOutbox(request, email);
  await call(request, 'POST', 'user/register', {
    type: 'email',
    account: email,
    password,
    re_password: password,
    sms_code: code,
  });
  if (funds) await fund(request, email, funds.amounts, funds.reason);
  return { email, token: await login(request, email, password) };
}

/** Sets a trader's first trade password with a code of type 3 from the outbox. */
export async function setTradePassword(
  request: APIRequestContext,
  trader: Trader,
  payPassword: string,
): Promise<void> {
  await call(request, 'POST', 'notify/send_email', { to: trader.email, type: 3 }, trader.token);
  const code = await codeFromOutbox(request, trader.email);
  await call(
    request,
    'POST',
    'user/amend_pay_password',
    { password: payPassword, re_password: payPassword, old_password: '', auth_code: code },
    trader.token,
  );
}

export interface OpenOptions {
  width?: number;
  height?: number;
  theme?: string;
  lang?: string;
  /** Browser permissions of the new context (the clipboard, to read a copied address back). */
  permissions?: string[];
}

/** A page in a browser context of its own, signed in with `token` (a guest without one). */
export async function openAs(
  browser: Browser,
  token: string | null,
  path: string,
  options: OpenOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    ...(options.permissions ? { permissions: options.permissions } : {}),
  });
  const page = await context.newPage();
  if (token) await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  if (options.theme || options.lang) {
    await setPreferences(page, { theme: options.theme, lang: options.lang });
  }
  await page.goto(path);
  return page;
}

/** Opens an antd select and picks the option with this text. */
export async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await expect(dropdown).toBeHidden();
}

export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/** How much wider than the window the page is: 0 when nothing overflows sideways. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Table cells (and phone cards' values) that a reader cannot see whole: the cell reaches beyond
 * the window's sides, or its content is wider than the cell (cut), while no ancestor of it
 * scrolls sideways (`overflow-x: auto|scroll`). Each is named by its text, for the failure.
 */
export function clippedCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) => {
      for (let a = el.parentElement; a !== null && a !== document.body; a = a.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return true;
      }
      return false;
    };
    const cells = Array.from(document.querySelectorAll<HTMLElement>('td, th, dd'));
    return cells
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false; // not shown
        const outside = box.left < -1 || box.right > width + 1;
        const cut = cell.scrollWidth > cell.clientWidth + 1;
        return (outside || cut) && !scrolls(cell);
      })
      .map((cell) => `${cell.tagName} "${(cell.textContent ?? '').trim().slice(0, 40)}"`);
  });
}

/**
 * A full-page picture as `screenshots/<name>.png`, then the check that nothing sticks out sideways
 * (1 px of rounding allowed); `label` names the screen when it fails.
 */
export async function screenshotWithoutOverflow(
  page: Page,
  name: string,
  label: string,
): Promise<void> {
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
  expect(await sidewaysOverflow(page), label).toBeLessThanOrEqual(1);
}

/**
 * Closes an antd drawer with its close button. A toast over the button would take the click and,
 * hovered, stay open for good: the button is used once the toasts are gone.
 */
export async function closeDrawer(page: Page, drawer: Locator): Promise<void> {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
}

/**
 * A small PNG made here, as a screenshot of a transfer: `width` × `height` pixels of one colour
 * with a darker band across the middle, so that it is recognisable when shown.
 */
export function screenshotPng(
  width = 48,
  height = 32,
  rgb: [number, number, number] = [22, 163, 74],
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rows = Array.from({ length: height }, (_, y) => {
    const band = Math.abs(y - height / 2) < height / 6;
    const pixel = band ? rgb.map((c) => Math.floor(c / 3)) : rgb;
    return Buffer.from([0, ...Array.from({ length: width }, () => pixel).flat()]);
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads a screenshot as the user (common/image_upload, multipart) and returns its url. */
export async function uploadScreenshot(
  request: APIRequestContext,
  token: string,
  png: Buffer = screenshotPng(),
): Promise<string> {
  const res = await request.post('/api/common/image_upload', {
    headers: { Authorization: token },
    multipart: { file: { name: 'transfer.png', mimeType: 'image/png', buffer: png } },
  });
  const envelope = (await res.json()) as Envelope<{ url: string }>;
  if (envelope.code !== 1) throw new Error(`common/image_upload: ${envelope.message}`);
  return envelope.data.url;
}
