import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  call,
  choose,
  clippedCells,
  openAs,
  operatorToken,
  setTradePassword,
  sidewaysOverflow,
  signUpTrader,
  toast,
  VIEWPORTS,
  type Trader,
} from './support.js';

/*
 * Earning products (fixed-term savings) against the demo server, which runs with
 * EARN_DAY_MS=15000: an earning day lasts 15 s and starts at every whole multiple of 15 s since
 * the epoch. The demo opens three USDT products; the tests make products of their own through
 * the operator's calls (or the operator's page) so that they depend on no demo figures: a
 * trader moves USDT into the financial account, subscribes on /deposit, sees the subscription
 * in /coinlog and is paid interest the next earning day; the operator creates, funds, pauses and
 * closes a product on /admin/earn; a guest sees the list and is asked to log in to subscribe.
 */

const EARN_DAY_MS = 15_000;
const TRADE = 1;
const FINANCIAL = 5;
const PASSWORD = 'earn2026pass';
const PAY_PASSWORD = '246810';

interface Group {
  account_type_id: number;
  accounts: { currency_id: number; currency_code: string; balance: string }[];
}

interface Product {
  id: number;
  name: string;
  reserve: string;
  status: number;
}

interface Subscription {
  id: number;
  ieo_id: number;
  income: string;
  status: number;
}

const isZero = (value: string | null) => value !== null && /^0(\.0+)?$/.test(value);

let usdtId: number | null = null;
/** The id of USDT (account/list of the operator). */
async function usdt(request: APIRequestContext): Promise<number> {
  if (usdtId !== null) return usdtId;
  const groups = await call<Group[]>(
    request,
    'GET',
    'account/list',
    undefined,
    await operatorToken(request),
  );
  const account = groups
    .find((g) => g.account_type_id === FINANCIAL)
    ?.accounts.find((a) => a.currency_code === 'USDT');
  if (!account) throw new Error('USDT has no financial account');
  usdtId = account.currency_id;
  return usdtId;
}

/** A funded USDT product of the test's own, made through the operator's calls. */
async function product(
  request: APIRequestContext,
  terms: { name: string; days: number; rate: string; reserve: string },
): Promise<Product> {
  const token = await operatorToken(request);
  const created = await call<Product>(
    request,
    'POST',
    'admin/ieo/create',
    {
      currency_id: await usdt(request),
      name: { en: terms.name },
      yield_source: { en: 'Paid from the reserve the operator funded for this test.' },
      days: terms.days,
      rate: terms.rate,
      min_number: '10',
      max_number: '10000',
      max_per_user: '20000',
      quota: '100000',
    },
    token,
  );
  await call(
    request,
    'POST',
    'admin/ieo/fund',
    { id: created.id, amount: terms.reserve, reason: 'Interest reserve of an e2e product' },
    token,
  );
  return created;
}

/** A trader with a trade password and `amount` USDT moved from the trade to the financial account. */
async function saver(request: APIRequestContext, amount: string): Promise<Trader> {
  const trader = await signUpTrader(request, {
    prefix: 'earn',
    password: PASSWORD,
    funds: { amounts: { USDT: '5000' }, reason: 'e2e earning products' },
  });
  await setTradePassword(request, trader, PAY_PASSWORD);
  await call(
    request,
    'POST',
    'account/transfer',
    { currency_id: await usdt(request), balance: amount, from: TRADE, to: FINANCIAL },
    trader.token,
  );
  return trader;
}

/** Waits until the current earning day has at least `left` ms to run. */
async function earlyInTheDay(left: number): Promise<void> {
  const into = Date.now() % EARN_DAY_MS;
  if (EARN_DAY_MS - into < left) await new Promise((r) => setTimeout(r, EARN_DAY_MS - into + 200));
}

function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}`;
}

function logRow(page: Page, name: string) {
  return page.locator('[data-testid^="earn-log-row-"]').filter({ hasText: name });
}

test('a trader subscribes from the financial account and is paid interest every day', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const name = unique('E2E two-day savings');
  // 36.5 % a year on 1,000 USDT: exactly 1 USDT a day, 2 USDT over the term.
  const own = await product(request, { name, days: 2, rate: '0.365', reserve: '100' });
  const trader = await saver(request, '1000');

  const page = await openAs(browser, trader.token, '/deposit');
  const card = page.getByTestId(`earn-product-${String(own.id)}`);
  await expect(card.getByTestId('earn-name')).toHaveText(name);
  await expect(card.getByTestId('earn-rate')).toHaveText('36.5%');
  await expect(card.getByTestId('earn-days')).toHaveText('2 days');
  await expect(card.getByTestId('earn-payout')).toContainText('Daily');
  await expect(card.getByTestId('earn-yield-source')).toContainText('reserve the operator funded');
  await expect(card.getByTestId('earn-holding')).toHaveAttribute('data-value', '0');

  await card.getByTestId('earn-buy').click();
  const dialog = page.getByTestId('earn-dialog');
  await expect(dialog.getByTestId('earn-available')).toHaveText('1,000 USDT');
  await expect(dialog.getByTestId('earn-lock-notice')).toContainText('No early redemption');
  await expect(dialog.getByTestId('earn-dialog-yield-source')).toContainText('operator funded');
  // Checked as typed: more than the financial account holds.
  await dialog.getByTestId('earn-amount').fill('1500');
  await expect(dialog.getByTestId('earn-amount-problem')).toContainText(
    'Your financial account holds only 1,000 USDT',
  );
  await dialog.getByTestId('earn-amount').fill('1000');
  await expect(dialog.getByTestId('earn-amount-problem')).toHaveCount(0);
  await expect(dialog.getByTestId('earn-preview-daily')).toHaveText('1 USDT');
  await expect(dialog.getByTestId('earn-preview-total')).toHaveText('2 USDT');
  await dialog.getByTestId('earn-password').fill(PAY_PASSWORD);
  // Subscribed early in an earning day: its first interest is paid at the next day's start.
  await earlyInTheDay(9_000);
  await page.getByTestId('earn-dialog-confirm').click();
  await expect(toast(page, `Subscribed 1,000 USDT to ${name}`)).toBeVisible();
  await expect(page.getByTestId('earn-dialog')).toHaveCount(0);
  await expect(card.getByTestId('earn-holding')).toHaveAttribute('data-value', '1000');

  await page.getByTestId('earn-my-link').click();
  await expect(page).toHaveURL(/\/coinlog$/);
  const row = logRow(page, name);
  await expect(row.getByTestId('earn-log-status')).toHaveText('In effect');
  await expect(row.getByTestId('earn-log-number')).toHaveText('1,000');
  await expect(row.getByTestId('earn-log-daily')).toHaveText('1');
  await expect(row.getByTestId('earn-log-income')).toHaveAttribute('data-value', /^0(\.0+)?$/);

  // The next earning day pays the first day's interest into the financial account.
  await expect(async () => {
    await page.reload();
    const income = await logRow(page, name)
      .getByTestId('earn-log-income')
      .getAttribute('data-value');
    expect(isZero(income)).toBe(false);
  }).toPass({ timeout: 45_000, intervals: [3_000] });

  const mine = await call<{ data: Subscription[] }>(
    request,
    'GET',
    'ieo/my',
    undefined,
    trader.token,
  );
  const paid = mine.data.find((s) => s.ieo_id === own.id)?.income ?? '0';
  expect(isZero(paid)).toBe(false);
  await page.goto('/assets/financialAccount');
  // Everything was subscribed: what the financial account holds now is interest.
  await expect(page.getByTestId('available-USDT')).not.toHaveText(/^0(\.0+)?$/);
  await expect(page.getByTestId('earn-intro')).toBeVisible();
  await page.getByTestId('earn-products-link').click();
  await expect(page).toHaveURL(/\/deposit$/);
  await page.context().close();
});

test('the operator creates, funds, pauses and closes a product on the earning desk', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const name = unique('E2E desk savings');
  const page = await openAs(browser, await operatorToken(request), '/admin/deposits');
  await page.getByTestId('admin-nav-earn').click();
  await expect(page).toHaveURL(/\/admin\/earn$/);
  await expect(page.getByRole('heading', { name: 'Earning desk' })).toBeVisible();

  await page.getByTestId('earn-create').click();
  const form = page.getByTestId('earn-product');
  // Checked before anything is sent.
  await page.getByTestId('earn-product-save').click();
  await expect(form).toContainText('Enter the English name');
  await choose(page, page.getByTestId('earn-product-currency'), 'USDT');
  await form.getByTestId('earn-product-days').fill('14');
  await form.getByTestId('earn-product-name-en').fill(name);
  await form
    .getByTestId('earn-product-yield-en')
    .fill('Paid from trading fee income set aside before the sale.');
  await page.getByTestId('earn-product-languages').click();
  await form.getByTestId('earn-product-name-du').fill(`${name} (DE)`);
  await form.getByTestId('earn-product-rate').fill('8.5');
  await form.getByTestId('earn-product-min_number').fill('10');
  await form.getByTestId('earn-product-max_number').fill('5');
  await form.getByTestId('earn-product-max_per_user').fill('2000');
  await form.getByTestId('earn-product-quota').fill('10000');
  await expect(form).toContainText('The largest subscription cannot be below the smallest');
  await form.getByTestId('earn-product-max_number').fill('1000');
  // 10,000 × 8.5 % ÷ 365 = 2.328… → 2.32 a day × 14 days.
  await expect(page.getByTestId('earn-product-reserve-needed')).toContainText('32.48 USDT');
  await page.getByTestId('earn-product-save').click();
  await expect(toast(page, `Product ${name} created`)).toBeVisible();

  const row = page.locator('[data-testid^="earn-admin-row-"]').filter({ hasText: name });
  await expect(row.getByTestId('earn-admin-rate')).toHaveAttribute('data-value', '0.085');
  await expect(row.getByTestId('earn-admin-rate')).toHaveText('8.5%');
  await expect(row.getByTestId('earn-admin-reserve')).toHaveAttribute('data-value', '0');
  await expect(row.getByTestId('earn-admin-status')).toHaveText('On sale');

  // The edit dialog shows the rate as typed: a percent, exactly.
  await row.getByTestId('earn-admin-edit').click();
  await expect(page.getByTestId('earn-product-rate')).toHaveValue('8.5');
  await page.getByTestId('earn-product-cancel').click();

  await row.getByTestId('earn-admin-fund').click();
  await page.getByTestId('earn-fund-amount').fill('50');
  await page.getByTestId('earn-fund-reason').fill('Interest for the e2e product');
  await page.getByTestId('earn-fund-save').click();
  await expect(toast(page, `Reserve of ${name}: 50 USDT`)).toBeVisible();
  await expect(row.getByTestId('earn-admin-reserve')).toHaveAttribute('data-value', '50');

  await row.getByTestId('earn-admin-pause').click();
  await page.getByTestId('earn-status-reason').fill('ok');
  await page.getByTestId('earn-status-save').click();
  await expect(page.getByText('From 3 to 500 characters')).toBeVisible();
  await page.getByTestId('earn-status-reason').fill('Paused by the e2e test');
  await page.getByTestId('earn-status-save').click();
  await expect(row.getByTestId('earn-admin-status')).toHaveText('Paused');

  await page.goto('/deposit');
  const card = page.locator('[data-testid^="earn-product-"]').filter({ hasText: name });
  await expect(card.getByTestId('earn-state')).toHaveText('Paused');
  await expect(card.getByTestId('earn-buy')).toBeDisabled();

  // Closing says it is final before it is confirmed; a closed product leaves the list.
  await page.goto('/admin/earn');
  await row.getByTestId('earn-admin-close').click();
  await expect(page.getByTestId('earn-status-final')).toContainText('Closing is final');
  await page.getByTestId('earn-status-reason').fill('Closed by the e2e test');
  await page.getByTestId('earn-status-save').click();
  await expect(row.getByTestId('earn-admin-status')).toHaveText('Closed');
  await expect(row.getByTestId('earn-admin-pause')).toHaveCount(0);
  await page.goto('/deposit');
  await expect(page.getByTestId('earn-products')).toBeVisible();
  await expect(
    page.locator('[data-testid^="earn-product-"]').filter({ hasText: name }),
  ).toHaveCount(0);
  await page.context().close();
});

test('a guest sees the earning products and is asked to log in to subscribe', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('nav-deposit').click();
  await expect(page).toHaveURL(/\/deposit$/);
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  const onSale = page.locator('[data-testid^="earn-product-"][data-state="onSale"]').first();
  await expect(onSale.getByTestId('earn-rate')).toHaveText(/%$/);
  await expect(onSale.getByTestId('earn-yield-source')).not.toBeEmpty();
  await expect(onSale.getByTestId('earn-holding')).toHaveCount(0);
  await onSale.getByTestId('earn-buy').click();
  await expect(page).toHaveURL(/\/login\?page=%2Fdeposit$/);
  // The earning log is for signed-in users.
  await page.goto('/coinlog');
  await expect(page).toHaveURL(/\/login\?page=%2Fcoinlog$/);
});

test('the earning screens fit a phone and a desktop in both themes', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const own = await product(request, {
    name: unique('E2E screens savings'),
    days: 30,
    rate: '0.085',
    reserve: '100',
  });
  const trader = await saver(request, '1000');
  await call(
    request,
    'POST',
    'ieo/addIeo',
    { id: own.id, number: '500', pay_password: PAY_PASSWORD },
    trader.token,
  );
  const operator = await operatorToken(request);
  for (const theme of ['light', 'dark']) {
    for (const viewport of VIEWPORTS) {
      const size = { width: viewport.width, height: viewport.height, theme };
      const shot = (screen: string) => `screenshots/earn-${screen}-${viewport.name}-${theme}.png`;
      const page = await openAs(browser, trader.token, '/deposit', size);
      await expect(page.getByTestId(`earn-product-${String(own.id)}`)).toBeVisible();
      await page.screenshot({ path: shot('list'), fullPage: true });
      expect(await sidewaysOverflow(page), `/deposit ${viewport.name}`).toBeLessThanOrEqual(1);
      expect(await clippedCells(page)).toEqual([]);

      await page
        .getByTestId(`earn-product-${String(own.id)}`)
        .getByTestId('earn-buy')
        .click();
      await page.getByTestId('earn-amount').fill('200');
      await expect(page.getByTestId('earn-preview-daily')).toHaveText('0.04 USDT');
      await page.waitForTimeout(400);
      await page.screenshot({ path: shot('dialog') });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(1);
      expect(await clippedCells(page)).toEqual([]);

      await page.goto('/coinlog');
      await expect(page.locator('[data-testid^="earn-log-row-"]').first()).toBeVisible();
      await page.screenshot({ path: shot('log'), fullPage: true });
      expect(await sidewaysOverflow(page), `/coinlog ${viewport.name}`).toBeLessThanOrEqual(1);
      expect(await clippedCells(page)).toEqual([]);
      await page.context().close();

      const desk = await openAs(browser, operator, '/admin/earn', size);
      await expect(desk.getByTestId(`earn-admin-row-${String(own.id)}`)).toBeVisible();
      await desk.screenshot({ path: shot('desk'), fullPage: true });
      expect(await sidewaysOverflow(desk), `/admin/earn ${viewport.name}`).toBeLessThanOrEqual(1);
      expect(await clippedCells(desk)).toEqual([]);
      await desk.getByTestId('earn-create').click();
      await desk.getByTestId('earn-product-languages').click();
      await desk.waitForTimeout(400);
      await desk.screenshot({ path: shot('desk-create') });
      expect(await sidewaysOverflow(desk)).toBeLessThanOrEqual(1);
      await desk.context().close();
    }
  }
});
