import { expect, test, type Page } from '@playwright/test';
import {
  call,
  OPERATOR,
  operatorToken,
  openAs,
  screenshotWithoutOverflow,
  signUpTrader,
  toast,
  VIEWPORTS,
} from './support.js';

/*
 * The operator's settings page: the operator signs in, opens it from the operator menu, changes
 * the open-orders limit and finds it saved after a reload. The browser tests' server runs with
 * RATE_LIMIT_FACTOR=20, which the page shows next to each value.
 */

const FACTOR = 20;
const KEY = 'open_orders_per_market';

function row(page: Page) {
  return page.getByTestId(`setting-${KEY}`);
}

test.afterAll(async ({ request }) => {
  // Later specs of a full run find the default again.
  const token = await operatorToken(request);
  await call(request, 'POST', 'admin/settings/update', { key: KEY, value: 200 }, token);
});

test('the operator changes the open-orders limit and sees it saved after a reload', async ({
  browser,
}) => {
  const page = await openAs(browser, null, '/login', { lang: 'en' });
  await page.getByTestId('login-tab-email').click();
  await page.getByTestId('login-account').fill(OPERATOR.email);
  await page.getByTestId('login-password').fill(OPERATOR.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home/);
  // The operator entry appears once the signed-in user is read; the menu may redraw meanwhile.
  await expect(async () => {
    await page.getByTestId('account-menu').click();
    await page.getByTestId('menu-operator').click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/admin\/deposits/, { timeout: 2_000 });
  }).toPass();
  await page.getByTestId('admin-nav-settings').click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { name: 'Operator settings' })).toBeVisible();

  // Base values, the default and the limit in force (value × factor).
  await expect(page.getByTestId('settings-factor')).toContainText(`RATE_LIMIT_FACTOR (${FACTOR})`);
  const setting = row(page);
  await expect(setting).toContainText('Open orders per market per user');
  await expect(setting.getByTestId('setting-value')).toHaveText('200');
  await expect(setting.getByTestId('setting-default')).toHaveText('200');
  await expect(setting.getByTestId('setting-effective')).toHaveText(`4000 (200 × ${FACTOR})`);
  await expect(row(page).getByTestId('setting-save')).toBeDisabled();

  // Outside the range: said at the field, nothing is sent.
  await setting.getByTestId('setting-input').fill('0');
  await expect(setting.getByTestId('setting-help')).toHaveText('A whole number from 1 to 100000');
  await expect(setting.getByTestId('setting-help')).toHaveAttribute('role', 'alert');
  await setting.getByTestId('setting-save').click();
  await expect(setting.getByTestId('setting-value')).toHaveText('200');

  await setting.getByTestId('setting-input').fill('150');
  await setting.getByTestId('setting-save').click();
  await expect(toast(page, 'Open orders per market per user saved: 150')).toBeVisible();
  await expect(setting.getByTestId('setting-value')).toHaveText('150');
  await expect(setting.getByTestId('setting-effective')).toHaveText(`3000 (150 × ${FACTOR})`);

  await page.reload();
  await expect(row(page).getByTestId('setting-value')).toHaveText('150');
  await expect(row(page).getByTestId('setting-input')).toHaveValue('150');
  await expect(row(page).getByTestId('setting-default')).toHaveText('200');
  await page.context().close();
});

test('the settings page is for operators only and fits every width', async ({
  browser,
  request,
}) => {
  const trader = await signUpTrader(request, { prefix: 'settings', password: 'settings2026' });
  const user = await openAs(browser, trader.token, '/admin/settings', { lang: 'en' });
  await expect(user.getByTestId(`setting-${KEY}`)).toHaveCount(0);
  await expect(user.getByText('Operators only')).toBeVisible();
  await user.context().close();

  const token = await operatorToken(request);
  for (const viewport of VIEWPORTS) {
    const page = await openAs(browser, token, '/admin/settings', { ...viewport, lang: 'en' });
    await expect(row(page).getByTestId('setting-value')).toBeVisible();
    await screenshotWithoutOverflow(page, `admin-settings-${viewport.name}`, 'admin settings');
    await page.context().close();
  }
});
