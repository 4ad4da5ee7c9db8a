import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  call,
  clippedCells,
  fund,
  openAs,
  operatorToken,
  screenshotPng,
  screenshotWithoutOverflow,
  setTradePassword,
  signUpTrader,
  toast,
  uploadScreenshot,
  VIEWPORTS,
  type OpenOptions,
  type Trader,
} from './support.js';

/*
 * Money in and out through a Vietnamese bank account (spec 3 screens 11–14): the deposit channels,
 * a crypto channel's address, a VND deposit order (reload, submit, cancel, expiry) that the
 * operator approves, and a VND withdrawal the operator pays. The server runs with
 * VND_ORDER_TTL_S=45 (playwright.config.ts): an order waits 45 s for its transfer.
 */

const PASSWORD = 'vnd2026ok';
const PAY_PASSWORD = 'pay2026vnd';
/** The demo settings (seed): usd_vnd and usd_vnd_withdraw. */
const NBSP = '\u00a0';
const BANK = {
  bank_name: 'Vietcombank',
  account_number: '0071 0012 3456',
  account_name: 'NGUYEN VAN AN',
};

function newTrader(request: APIRequestContext): Promise<Trader> {
  return signUpTrader(request, { prefix: 'vnd', password: PASSWORD });
}

/** The trader's pages in English: the tests read the screens' words. */
function openInEnglish(
  browser: Browser,
  token: string | null,
  path: string,
  options: OpenOptions = {},
): Promise<Page> {
  return openAs(browser, token, path, { ...options, lang: 'en' });
}

/** Identity sent with three uploads of the trader, and approved by the operator (API). */
async function approveIdentity(request: APIRequestContext, trader: Trader): Promise<void> {
  const picture = () => uploadScreenshot(request, trader.token, screenshotPng(64, 40));
  await call(
    request,
    'POST',
    'user_real/real_name',
    {
      name: 'Nguyen Van An',
      card_id: '079201001234',
      front_pic: await picture(),
      reverse_pic: await picture(),
      hand_pic: await picture(),
    },
    trader.token,
  );
  const token = await operatorToken(request);
  const queue = await call<{ data: { id: number; user: { account: string } }[] }>(
    request,
    'GET',
    'admin/identities?status=1',
    undefined,
    token,
  );
  const row = queue.data.find((r) => r.user.account === trader.email);
  if (!row) throw new Error(`no pending identity of ${trader.email}`);
  await call(request, 'POST', 'admin/identities/approve', { id: row.id }, token);
}

/** A trader who may withdraw VND: approved identity, bank info, trade password, USDT. */
async function withdrawingTrader(request: APIRequestContext, usdt: string): Promise<Trader> {
  const trader = await newTrader(request);
  await approveIdentity(request, trader);
  await call(request, 'POST', 'user_bank/update', BANK, trader.token);
  await setTradePassword(request, trader, PAY_PASSWORD);
  await fund(request, trader.email, { USDT: usdt }, 'VND withdrawal test');
  return trader;
}

/** No list is loading, and the fade of one that was has ended: ready for a picture. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.waitForTimeout(400);
}

/** Makes a VND order as step 1 does: the amount, its VND, Continue; answers the reference. */
async function orderVnd(page: Page, usdt: string, vnd: string): Promise<string> {
  await page.getByTestId('vnd-amount').fill(usdt);
  await expect(page.getByTestId('vnd-equivalent')).toHaveText(`${vnd}${NBSP}₫`);
  await page.getByTestId('vnd-proceed').click();
  const reference = page.getByTestId('vnd-reference');
  await expect(reference).toHaveText(/^[0-9A-Z]{4,}( [0-9A-Z]{4,})*$/);
  return (await reference.textContent()) ?? '';
}

test('a trader buys 10 USDT by VND bank transfer; the operator approves it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const trader = await newTrader(request);
  const page = await openInEnglish(browser, trader.token, '/home');

  // The header's Deposit leads to the channels; the VND transfer is one of them.
  await page.getByTestId('nav-recharge').click();
  await expect(page).toHaveURL(/\/recharge$/);
  await expect(page.getByTestId('recharge-vnd-rate')).toHaveText(`Rate: 1 USDT = 25.400${NBSP}₫`);
  await page.getByTestId('recharge-vnd-open').click();
  await expect(page).toHaveURL(/\/rechargeVND$/);

  // Step 1 checks the amount: at most 2 decimals are typed, nothing is refused.
  await page.getByTestId('vnd-proceed').click();
  await expect(toast(page, 'Please enter the quantity')).toBeVisible();
  await page.getByTestId('vnd-amount').fill('10.555');
  await expect(page.getByTestId('vnd-amount')).toHaveValue('10.55');

  // 10 USDT at 25,400 đồng: 254.000 ₫ to transfer. Step 2 names the bank, the amount and the
  // reference code, with the VietQR code that carries them.
  const code = await orderVnd(page, '10', '254.000');
  await expect(page.getByTestId('vnd-steps')).toBeVisible();
  await expect(page.getByTestId('vnd-amount-vnd')).toHaveText(`254.000${NBSP}₫`);
  await expect(page.getByTestId('vnd-bank')).toHaveText('Demo Commercial Bank');
  await expect(page.getByTestId('vnd-bank-num')).not.toBeEmpty();
  await expect(page.getByTestId('vnd-reference-note')).toContainText(code);
  const qr = page.getByTestId('vnd-qr');
  await expect(qr.locator('svg')).toBeVisible();
  expect((await qr.locator('svg').boundingBox())?.width).toBe(300);
  await expect(qr).toHaveAttribute('data-value', new RegExp(code));
  await expect(page.getByTestId('vnd-countdown')).toHaveText(/^00:[0-4]\d$/);

  // A reload keeps the order: step 2 again, the same reference code.
  await page.reload();
  await expect(page.getByTestId('vnd-reference')).toHaveText(code);

  // The transfer's screenshot, then Submit: said, and back to step 1 shortly after.
  await page.getByTestId('vnd-image-input').setInputFiles({
    name: 'bank-transfer.png',
    mimeType: 'image/png',
    buffer: screenshotPng(64, 40),
  });
  await expect(page.getByTestId('vnd-image-preview')).toBeVisible();
  await page.getByTestId('vnd-submit').click();
  await expect(toast(page, 'Submitted: an operator will check your transfer')).toBeVisible();
  await expect(page.getByTestId('vnd-amount')).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('vndOrder'))).toBeNull();

  // The operator finds it by its reference code and VND amount, and approves it.
  const desk = await openInEnglish(browser, await operatorToken(request), '/admin/deposits');
  const row = desk.getByTestId('review-row').filter({ hasText: trader.email });
  await expect(row.getByTestId('deposit-vnd-ref')).toHaveText(code);
  await expect(row.getByTestId('deposit-vnd-amount')).toHaveText(`254.000${NBSP}₫`);
  await row.getByTestId('deposit-approve').click();
  const dialog = desk.getByTestId('review-dialog');
  await expect(dialog).toContainText(`with the message ${code}`);
  await expect(dialog).toContainText(
    `10 USDT will then be credited to the trade account of ${trader.email}`,
  );
  await desk.getByTestId('review-confirm').click();
  await expect(toast(desk, /Deposit #\d+ approved: 10 USDT credited/)).toBeVisible();
  await desk.context().close();

  // The trade account has the 10 USDT.
  await page.goto('/assets/tradeAccount');
  await expect(page.getByTestId('available-USDT')).toHaveText('10.00');
  await page.context().close();
});

test('cancelling in step 2 returns to step 1; a corrupt saved order is dropped', async ({
  browser,
  request,
}) => {
  const trader = await newTrader(request);
  const page = await openInEnglish(browser, trader.token, '/rechargeVND');
  await orderVnd(page, '5', '127.000');
  await page.getByTestId('vnd-cancel').click();
  await page.getByTestId('vnd-cancel-confirm').click();
  await expect(toast(page, 'Order cancelled')).toBeVisible();
  await expect(page.getByTestId('vnd-amount')).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('vndOrder'))).toBeNull();

  // Saved data that is not an order is discarded: step 1, nothing sent.
  await page.evaluate(() => localStorage.setItem('vndOrder', '{"orderId":"1"'));
  await page.reload();
  await expect(page.getByTestId('vnd-amount')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('vndOrder'))).toBeNull();
  await page.context().close();
});

test('an order not paid in time expires: back to step 1 with a warning', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const trader = await newTrader(request);
  const page = await openInEnglish(browser, trader.token, '/rechargeVND');
  await orderVnd(page, '1', '25.400');
  await expect(page.getByTestId('vnd-countdown')).toHaveText(/^00:[0-4]\d$/);
  // VND_ORDER_TTL_S=45: the countdown ends within 45 s.
  await expect(page.getByTestId('vnd-expired')).toBeVisible({ timeout: 55_000 });
  await expect(page.getByTestId('vnd-expired')).toContainText('The time to pay has run out');
  await expect(page.getByTestId('vnd-amount')).toHaveValue('');
  // The server no longer has it waiting either.
  await page.reload();
  await expect(page.getByTestId('vnd-amount')).toBeVisible();
  await page.context().close();
});

test('a trader withdraws 10 USDT in VND; the operator pays it with a reference', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // Without identity, bank info or trade password the page says what is missing.
  const fresh = await newTrader(request);
  const bare = await openInEnglish(browser, fresh.token, '/withdraw');
  await expect(bare.getByTestId('vnd-withdraw-identity')).toContainText('Verify your identity');
  await expect(bare.getByTestId('vnd-withdraw-identity-link')).toHaveAttribute(
    'href',
    '/personal/authentication',
  );
  await expect(bare.getByTestId('vnd-withdraw-set-bank')).toHaveAttribute(
    'href',
    '/personal/setBank',
  );
  await expect(bare.getByTestId('vnd-withdraw-set-paypass')).toHaveAttribute(
    'href',
    '/tradePassword',
  );
  await bare.context().close();

  const trader = await withdrawingTrader(request, '100');
  const page = await openInEnglish(browser, trader.token, '/withdraw');
  await expect(page.getByTestId('vnd-withdraw-available')).toContainText('100 USDT');
  await expect(page.getByTestId('vnd-withdraw-rate')).toHaveText(`1 USDT = 25.200${NBSP}₫`);
  await expect(page.getByTestId('vnd-withdraw-account-number')).toHaveText(BANK.account_number);
  await expect(page.getByTestId('vnd-withdraw-identity')).toHaveCount(0);
  await expect(page.getByTestId('vnd-withdraw-no-paypass')).toHaveCount(0);

  // More than available is said at once.
  await page.getByTestId('vnd-withdraw-amount').fill('100.5');
  await expect(page.getByText('The amount is more than your available balance')).toBeVisible();
  // 10 USDT at 25,200: 252.000 ₫.
  await page.getByTestId('vnd-withdraw-amount').fill('10');
  await expect(page.getByTestId('vnd-withdraw-total')).toHaveText(`252.000${NBSP}₫`);
  await page.getByTestId('vnd-withdraw-password').fill(PAY_PASSWORD);
  await page.getByTestId('vnd-withdraw-submit').click();
  await expect(toast(page, 'Withdrawal requested')).toBeVisible();
  await expect(page).toHaveURL(/\/withdrawLog$/);
  const record = page.getByTestId('vnd-log-row').first();
  await expect(record.getByTestId('vnd-log-total')).toHaveText(`252.000${NBSP}₫`);
  await expect(record.getByTestId('vnd-log-status')).toHaveAttribute('data-status', '1');
  await expect(record.getByTestId('vnd-log-status')).toContainText('Pending');
  await expect(record.getByTestId('vnd-log-bank')).toContainText(BANK.account_name);

  // The operator sees what to pay and where, pays, and approves with the bank's reference.
  const desk = await openInEnglish(browser, await operatorToken(request), '/admin/withdrawals');
  const row = desk.getByTestId('review-row').filter({ hasText: trader.email });
  await expect(row.getByTestId('withdrawal-vnd-total')).toHaveText(`252.000${NBSP}₫`);
  await expect(row.getByTestId('withdrawal-vnd-account')).toContainText(BANK.account_name);
  await row.getByTestId('withdrawal-approve').click();
  const dialog = desk.getByTestId('review-dialog');
  await expect(dialog).toContainText(`Transfer 252.000${NBSP}₫ to the bank account below first`);
  await expect(dialog.getByTestId('review-vnd-total')).toHaveText(`252.000${NBSP}₫`);
  await desk.getByTestId('review-input').fill('FT26332001234');
  await desk.getByTestId('review-confirm').click();
  await expect(toast(desk, /Withdrawal #\d+ approved/)).toBeVisible();
  await desk.context().close();

  // The trader's record says it is paid, with the reference.
  await page.reload();
  await expect(record.getByTestId('vnd-log-status')).toContainText('Paid');
  await expect(record.getByTestId('vnd-log-txRef')).toContainText('FT26332001234');
  await page.goto('/assets/tradeAccount');
  await expect(page.getByTestId('available-USDT')).toHaveText('90.00');
  await page.context().close();
});

test('a crypto channel shows its address and QR code', async ({ browser, request }) => {
  const trader = await newTrader(request);
  const page = await openInEnglish(browser, trader.token, '/recharge');
  await page.getByTestId('recharge-channel-USDT-TRC20').click();
  await expect(page).toHaveURL(/\/rechargeOpen\?channel=/);
  await expect(page.getByRole('heading', { name: 'Deposit USDT on TRC20' })).toBeVisible();
  await expect(page.getByTestId('recharge-open-chain')).toHaveText('TRC20');
  await expect(page.getByTestId('deposit-address')).toHaveText(/^T\w{33}$/);
  const qr = page.getByTestId('deposit-qr');
  await expect(qr.locator('svg')).toBeVisible();
  expect((await qr.locator('svg').boundingBox())?.width).toBe(200);
  await expect(page.getByTestId('deposit-submit')).toBeVisible();

  // A link whose channel cannot be read returns to the list, saying so.
  await page.goto('/rechargeOpen?channel=%7Bnot-json');
  await expect(page).toHaveURL(/\/recharge$/);
  await expect(toast(page, 'That deposit link could not be read')).toBeVisible();
  await page.context().close();
});

test('guests are sent to log in', async ({ page }) => {
  for (const path of ['/recharge', '/rechargeVND', '/withdraw', '/withdrawLog']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?page=%2F${path.slice(1)}$`));
  }
});

for (const theme of ['light', 'dark']) {
  for (const viewport of VIEWPORTS) {
    test(`VND screens in ${theme} theme at ${viewport.name} width`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const shot = (page: Page, screen: string) =>
        screenshotWithoutOverflow(page, `vnd-${screen}-${theme}-${viewport.name}`, screen);
      const token = await operatorToken(request);
      await call(
        request,
        'POST',
        'admin/settings/set',
        {
          key: 'exchange_links',
          value: JSON.stringify([
            { name: 'Binance', url: 'https://www.binance.com/' },
            { name: 'OKX', url: 'https://www.okx.com/' },
          ]),
        },
        token,
      );
      const trader = await withdrawingTrader(request, '250.5');
      await call(
        request,
        'POST',
        'account/withdrawalPost',
        { amount: '12.5', rate: '25200', total_amount: '315000', pay_password: PAY_PASSWORD },
        trader.token,
      );
      // A VND transfer sent for review, for the operator's queue.
      const order = await call<{ id: number }>(
        request,
        'POST',
        'wallet/createPayOrder',
        { currency_id: 5, chargeNum: '40' },
        trader.token,
      );
      await call(
        request,
        'POST',
        'wallet/updatePayOrder',
        { order_id: order.id, imgUrl: await uploadScreenshot(request, trader.token) },
        trader.token,
      );
      const page = await openInEnglish(browser, trader.token, '/recharge', { ...viewport, theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

      await expect(page.getByTestId('recharge-channels')).toBeVisible();
      const links = page.getByTestId('recharge-link');
      await expect(links).toHaveCount(2);
      await expect(links.first()).toHaveAttribute('target', '_blank');
      await expect(links.first()).toHaveAttribute('rel', /noopener/);
      await shot(page, 'recharge');

      await page.getByTestId('recharge-channel-USDT-TRC20').click();
      await expect(page.getByTestId('deposit-qr')).toBeVisible();
      await shot(page, 'rechargeOpen');

      await page.goto('/rechargeVND');
      await page.getByTestId('vnd-amount').fill('100');
      await expect(page.getByTestId('vnd-equivalent')).toHaveText(`2.540.000${NBSP}₫`);
      await shot(page, 'rechargeVND-step1');
      await page.getByTestId('vnd-proceed').click();
      await expect(page.getByTestId('vnd-qr')).toBeVisible();
      await page.getByTestId('vnd-image-input').setInputFiles({
        name: 'bank-transfer.png',
        mimeType: 'image/png',
        buffer: screenshotPng(64, 40),
      });
      await expect(page.getByTestId('vnd-image-preview')).toBeVisible();
      await shot(page, 'rechargeVND-step2');
      await page.getByTestId('vnd-cancel').click();
      await page.getByTestId('vnd-cancel-confirm').click();
      await expect(page.getByTestId('vnd-amount')).toBeVisible();

      await page.goto('/withdraw');
      await page.getByTestId('vnd-withdraw-amount').fill('20');
      await expect(page.getByTestId('vnd-withdraw-total')).toHaveText(`504.000${NBSP}₫`);
      await shot(page, 'withdraw');

      await page.goto('/withdrawLog');
      await expect(page.getByTestId('vnd-log-row')).toHaveCount(1);
      await settled(page);
      expect(await clippedCells(page)).toEqual([]);
      await shot(page, 'withdrawLog');
      await page.context().close();

      // The operator's queues with a VND row each, and what approving a payout says.
      const desk = await openInEnglish(browser, token, '/admin/deposits', { ...viewport, theme });
      const deposit = desk.getByTestId('review-row').filter({ hasText: trader.email });
      await expect(deposit.getByTestId('deposit-vnd-amount')).toHaveText(`1.016.000${NBSP}₫`);
      await settled(desk);
      expect(await clippedCells(desk)).toEqual([]);
      await shot(desk, 'admin-deposits');
      await desk.goto('/admin/withdrawals');
      const row = desk.getByTestId('review-row').filter({ hasText: trader.email });
      await expect(row.getByTestId('withdrawal-vnd-total')).toBeVisible();
      await settled(desk);
      expect(await clippedCells(desk)).toEqual([]);
      await shot(desk, 'admin-withdrawals');
      await row.getByTestId('withdrawal-approve').click();
      await expect(desk.getByTestId('review-dialog')).toBeVisible();
      await desk.waitForTimeout(400);
      await desk.screenshot({
        path: `screenshots/vnd-admin-withdrawal-${theme}-${viewport.name}.png`,
      });
      await desk.context().close();
    });
  }
}
