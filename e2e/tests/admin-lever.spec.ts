import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  call,
  clippedCells,
  OPERATOR,
  operatorToken,
  openAs,
  sidewaysOverflow,
  signUpTrader,
  toast,
  VIEWPORTS,
} from './support.js';

/*
 * The operator's leverage desk (/admin/lever): opening leverage on a pair through the edit
 * dialog, funding the house through the ledger, the stop-out level, a refused draw, and the page
 * being for operators only at every width and in both themes.
 */

const BTC_USDT = 1;

interface Overview {
  stop_out_level: string;
  accounts: { currency: string; house: string; insurance: string; exposure: string }[];
  pairs: { id: number; open_lever: 0 | 1; multiples: number[] }[];
}

async function overview(request: APIRequestContext): Promise<Overview> {
  return call<Overview>(
    request,
    'GET',
    'admin/lever/overview',
    undefined,
    await operatorToken(request),
  );
}

/** A decimal as the page shows it in English: grouped, every significant digit. */
function shown(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 8 });
}

function pairRow(page: Page) {
  return page.getByTestId(`lever-pair-${BTC_USDT}`);
}

test('the operator runs the leverage desk', async ({ browser, request }) => {
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
  await page.getByTestId('admin-nav-lever').click();
  await expect(page).toHaveURL(/\/admin\/lever$/);
  await expect(page.getByRole('heading', { name: 'Leverage desk' })).toBeVisible();

  // Open leverage on BTC/USDT with 10× and 20× through the edit dialog.
  await pairRow(page).getByTestId('lever-pair-edit').click();
  const dialog = page.getByTestId('lever-edit');
  await expect(page.getByTestId('lever-edit-title')).toHaveText('Leverage terms of BTC/USDT');
  const open = dialog.getByTestId('lever-edit-open_lever');
  if ((await open.getAttribute('aria-checked')) !== 'true') await open.click();
  // A bad value is said at the field and nothing is sent.
  await dialog.getByTestId('lever-edit-multiples').fill('10, 2000');
  await page.getByTestId('lever-edit-save').click();
  await expect(
    dialog.getByText('Whole numbers from 1 to 1000, each once, at most 20'),
  ).toBeVisible();
  await dialog.getByTestId('lever-edit-lever_point_rate').fill('0.5');
  await expect(dialog.getByText('From 0 to below 0.5')).toBeVisible();
  await dialog.getByTestId('lever-edit-lever_point_rate').fill('0.001');
  await dialog.getByTestId('lever-edit-multiples').fill('10,20');
  await page.getByTestId('lever-edit-save').click();
  await expect(toast(page, 'Leverage terms of BTC/USDT saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(pairRow(page).getByTestId('lever-pair-open')).toHaveText('Yes');
  await expect(pairRow(page).getByTestId('lever-pair-multiples')).toHaveText('10× 20×');
  const terms = (await overview(request)).pairs.find((p) => p.id === BTC_USDT);
  expect(terms).toMatchObject({ open_lever: 1, multiples: [10, 20] });

  // Fund the house with 100000 USDT and see the new balance.
  const before = (await overview(request)).accounts.find((a) => a.currency === 'USDT');
  expect(before).toBeDefined();
  const house = Number(before?.house ?? '0') + 100000;
  const usdt = page.getByTestId('lever-account-USDT');
  await usdt.getByTestId('lever-fund-open').click();
  const fund = page.getByTestId('lever-fund');
  await expect(page.getByTestId('lever-fund-title')).toHaveText('Fund or draw USDT');
  await fund.getByTestId('lever-fund-amount').fill('100000');
  await page.getByTestId('lever-fund-save').click();
  await expect(fund.getByText('At least 3 characters')).toBeVisible();
  await fund.getByTestId('lever-fund-reason').fill('Seed the house for the e2e run');
  await page.getByTestId('lever-fund-save').click();
  await expect(toast(page, `House balance: ${shown(house)} USDT`)).toBeVisible();
  await expect(fund).toBeHidden();
  await expect(usdt.getByTestId('lever-house')).toHaveText(shown(house));

  // A draw larger than the balance is refused with the server's message; nothing changes.
  await usdt.getByTestId('lever-fund-open').click();
  await fund.getByTestId('lever-fund-amount').fill(`-${house + 1}`);
  await fund.getByTestId('lever-fund-reason').fill('Draw too much');
  await page.getByTestId('lever-fund-save').click();
  await expect(toast(page, /Insufficient balance|below what it must be able to pay/)).toBeVisible();
  await expect(fund).toBeVisible();
  await page.getByTestId('lever-fund-cancel').click();
  await expect(usdt.getByTestId('lever-house')).toHaveText(shown(house));

  // The stop-out level: checked at the field, then 60 and back to 50.
  const stopOut = page.getByTestId('lever-stop-out');
  await stopOut.getByTestId('lever-stop-out-input').fill('100');
  await expect(stopOut.getByTestId('lever-stop-out-help')).toHaveText('A percent from 1 to 99');
  await stopOut.getByTestId('lever-stop-out-save').click();
  await expect(stopOut.getByTestId('lever-stop-out-value')).toHaveText('50.00%');
  await stopOut.getByTestId('lever-stop-out-input').fill('60');
  await stopOut.getByTestId('lever-stop-out-save').click();
  await expect(toast(page, 'Stop-out level saved: 60.00%')).toBeVisible();
  await expect(stopOut.getByTestId('lever-stop-out-value')).toHaveText('60.00%');
  expect(Number((await overview(request)).stop_out_level)).toBe(60);
  await stopOut.getByTestId('lever-stop-out-input').fill('50');
  await stopOut.getByTestId('lever-stop-out-save').click();
  await expect(stopOut.getByTestId('lever-stop-out-value')).toHaveText('50.00%');
  expect(Number((await overview(request)).stop_out_level)).toBe(50);

  await expect(page.getByTestId('lever-liquidations')).toBeVisible();
  await page.context().close();
});

test('the leverage desk is for operators only and fits every width in both themes', async ({
  browser,
  request,
}) => {
  const trader = await signUpTrader(request, { prefix: 'leverdesk', password: 'leverdesk2026' });
  const user = await openAs(browser, trader.token, '/admin/lever', { lang: 'en' });
  await expect(user.getByText('Operators only')).toBeVisible();
  await expect(user.getByTestId('lever-pairs')).toHaveCount(0);
  await user.context().close();

  const token = await operatorToken(request);
  // The longest menu and column names (German, Vietnamese) still fit a phone.
  for (const lang of ['du', 'vi']) {
    const page = await openAs(browser, token, '/admin/lever', { ...VIEWPORTS[1], lang });
    await expect(pairRow(page)).toBeVisible();
    await page.screenshot({ path: `screenshots/admin-lever-phone-${lang}.png`, fullPage: true });
    expect(await sidewaysOverflow(page), `admin lever phone ${lang}`).toBeLessThanOrEqual(1);
    await page.context().close();
  }
  for (const theme of ['light', 'dark']) {
    for (const viewport of VIEWPORTS) {
      const page = await openAs(browser, token, '/admin/lever', { ...viewport, lang: 'en', theme });
      await expect(pairRow(page)).toBeVisible();
      await expect(page.getByTestId('lever-account-USDT')).toBeVisible();
      await expect(page.getByTestId('lever-liquidations')).toBeVisible();
      await page.screenshot({
        path: `screenshots/admin-lever-${viewport.name}-${theme}.png`,
        fullPage: true,
      });
      expect(await sidewaysOverflow(page), `admin lever ${viewport.name}`).toBeLessThanOrEqual(1);
      expect(await clippedCells(page)).toEqual([]);
      if (viewport.name === 'phone') {
        await pairRow(page).getByTestId('lever-pair-edit').click();
        await expect(page.getByTestId('lever-edit')).toBeVisible();
        // The dialog's opening animation has ended before the picture.
        await page.waitForTimeout(400);
        await page.screenshot({ path: `screenshots/admin-lever-edit-phone-${theme}.png` });
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(1);
      }
      await page.context().close();
    }
  }
});
