import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  call,
  clippedCells,
  openAs,
  sidewaysOverflow,
  signUpTrader,
  uploadScreenshot,
} from './support.js';

/**
 * At 390×844, the screens with tables (the trade screen with its order history, the trade
 * account with its deposit drawer, all markets) never scroll sideways, and every table cell is
 * whole on screen or inside a box that scrolls sideways.
 */
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'Phone12345';
const BTC_USDT_ID = 1;

async function traderWithOrders(request: APIRequestContext) {
  const trader = await signUpTrader(request, {
    prefix: 'phone',
    password: PASSWORD,
    funds: { amounts: { USDT: '100000' }, reason: 'e2e phone fit' },
  });
  // One open limit order, one filled market order, one cancelled: every history tab has rows.
  await call(
    request,
    'POST',
    'tx_in/add',
    { currency_match_id: BTC_USDT_ID, number: '0.01', price: '1000', type: 0 },
    trader.token,
  );
  await call(
    request,
    'POST',
    'tx_in/add',
    { currency_match_id: BTC_USDT_ID, number: '0.01', type: 1 },
    trader.token,
  );
  const cancelled = await call<{ id: number }>(
    request,
    'POST',
    'tx_in/add',
    { currency_match_id: BTC_USDT_ID, number: '0.01', price: '1001', type: 0 },
    trader.token,
  );
  await call(request, 'POST', 'tx_in/cancel', { id: cancelled.id }, trader.token);
  // A deposit record for the deposit drawer's list.
  const wallets = await call<{ currency_protocol_id: number; address: string }[]>(
    request,
    'GET',
    'wallet/wallet?currency_id=1',
    undefined,
    trader.token,
  );
  const wallet = wallets[0];
  if (!wallet) throw new Error('no USDT deposit address');
  await call(
    request,
    'POST',
    'wallet/createPayOrder',
    {
      currency_id: 1,
      currency_protocol_id: wallet.currency_protocol_id,
      chargeNum: '250',
      walletAddress: '',
      in_address: wallet.address,
      imgUrl: await uploadScreenshot(request, trader.token),
    },
    trader.token,
  );
  return trader;
}

for (const theme of ['light', 'dark'] as const) {
  test(`phone width, ${theme}: trade, trade account with deposit drawer and markets fit`, async ({
    browser,
    request,
  }) => {
    const trader = await traderWithOrders(request);
    const page = await openAs(browser, trader.token, '/trade?id=0', { ...PHONE, theme });
    await expect(page.getByTestId('ticker-symbol')).toHaveText('BTC/USDT');

    // Each order history tab, scrolled into view.
    for (const tab of ['current', 'all', 'history'] as const) {
      await page.getByTestId(`history-tab-${tab}`).click();
      const table = page.getByTestId(`orders-${tab}`);
      await expect(table.getByTestId('order-row').first()).toBeVisible();
      await table.scrollIntoViewIfNeeded();
      expect(await sidewaysOverflow(page), `/trade ${tab}`).toBeLessThanOrEqual(1);
      expect(await clippedCells(page), `/trade ${tab}`).toEqual([]);
    }
    await page.screenshot({ path: `screenshots/phone-trade-history-${theme}.png` });

    await page.goto('/assets/tradeAccount');
    await expect(page.getByTestId('account-row').first()).toBeVisible();
    expect(await sidewaysOverflow(page), '/assets/tradeAccount').toBeLessThanOrEqual(1);
    expect(await clippedCells(page), '/assets/tradeAccount').toEqual([]);
    await page.getByTestId('charge-USDT').click();
    const drawer = page.getByRole('dialog', { name: 'Deposit USDT' });
    await expect(drawer.getByTestId('deposit-row').first()).toBeVisible();
    await expect(drawer.locator('[aria-busy="true"]')).toHaveCount(0);
    await drawer.getByTestId('deposit-records').scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(page), 'deposit drawer').toBeLessThanOrEqual(1);
    expect(await clippedCells(page), 'deposit drawer').toEqual([]);
    await page.screenshot({ path: `screenshots/phone-deposit-drawer-${theme}.png` });

    await page.goto('/markets');
    await expect(page.getByTestId('market-row').first()).toBeVisible();
    expect(await sidewaysOverflow(page), '/markets').toBeLessThanOrEqual(1);
    expect(await clippedCells(page), '/markets').toEqual([]);
    await page.screenshot({ path: `screenshots/phone-markets-${theme}.png`, fullPage: true });
    await page.context().close();
  });
}

test('the cell check sees cells beyond the window or cut, and not those in a scrolling box', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const cell = (text: string) => `<td style="white-space:nowrap">${text}</td>`;
  await page.setContent(
    `<table style="width:600px"><tr>${cell('left')}${cell('far right')}</tr></table>` +
      `<table style="width:200px;table-layout:fixed"><tr><td style="overflow:hidden;white-space:nowrap">${'cut '.repeat(40)}</td></tr></table>` +
      `<div style="overflow-x:auto"><table style="width:900px"><tr>${cell('scrolls')}${cell('scrolls too')}</tr></table></div>`,
  );
  const found = await clippedCells(page);
  expect(found).toContain('TD "far right"');
  expect(found.some((c) => c.startsWith('TD "cut cut'))).toBe(true);
  expect(found.join(' ')).not.toContain('scrolls');
});
