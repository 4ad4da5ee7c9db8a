import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  call,
  choose,
  closeDrawer,
  codeFromOutbox,
  openAs,
  OPERATOR,
  operatorToken,
  setTradePassword,
  screenshotPng,
  screenshotWithoutOverflow,
  signUpTrader,
  toast,
  TRON_ADDRESS,
  uploadScreenshot,
  VIEWPORTS,
  type OpenOptions,
  type Trader,
} from './support.js';

/*
 * Money in and out under review: a trader sets a trade password, reports a deposit that the
 * operator approves, moves part of it, asks for a withdrawal that the operator rejects, and gets
 * the amount back. Two browser contexts: the trader's and the operator's.
 */

const PASSWORD = 'review2026';
const PAY_PASSWORD = 'pay2026ok';

/** A fresh user registered with a code from the dev outbox; no funds. */
function newTrader(request: APIRequestContext): Promise<Trader> {
  return signUpTrader(request, { prefix: 'review', password: PASSWORD });
}

/** Both people's pages in English: the tests read the screens' words. */
function openInEnglish(
  browser: Browser,
  token: string | null,
  path: string,
  options: OpenOptions = {},
): Promise<Page> {
  return openAs(browser, token, path, { ...options, lang: 'en' });
}

let usdtTrc20: number | null = null;
/** The id of USDT on TRC20 (block_chain/currency_protocols), for reports made through the API. */
async function trc20(request: APIRequestContext): Promise<number> {
  if (usdtTrc20 !== null) return usdtTrc20;
  const coins = await call<
    { code: string; currency_protocols: { id: number; chain_protocol: { code: string } }[] }[]
  >(request, 'GET', 'block_chain/currency_protocols');
  const usdt = coins.find((c) => c.code === 'USDT');
  const protocol = usdt?.currency_protocols.find((p) => p.chain_protocol.code === 'TRC20');
  if (!protocol) throw new Error('USDT on TRC20 is not configured');
  usdtTrc20 = protocol.id;
  return usdtTrc20;
}

/** Reports a deposit as the trader, as the charge panel does: screenshot first, then the report. */
async function reportDeposit(
  request: APIRequestContext,
  token: string,
  quantity: string,
): Promise<{ id: number }> {
  return call<{ id: number }>(
    request,
    'POST',
    'wallet/createPayOrder',
    {
      currency_id: 1,
      currency_protocol_id: await trc20(request),
      chargeNum: quantity,
      walletAddress: 'TSenderOfTheTraderXYZ',
      in_address: '',
      imgUrl: await uploadScreenshot(request, token),
    },
    token,
  );
}

/** The review row of this trader (the lists hold every user's requests). */
function rowOf(page: Page, email: string): Locator {
  return page.getByTestId('review-row').filter({ hasText: email });
}

test('a deposit is approved and a withdrawal rejected: the trader sees both', async ({
  browser,
  request,
}) => {
  // Two people, eight screens, on a machine that may be shared.
  test.setTimeout(180_000);
  const trader = await newTrader(request);
  const page = await openInEnglish(browser, trader.token, '/assets/withdraw?currency_id=1');

  // No trade password yet: the withdraw page says so and links to the trade-password page.
  await expect(page.getByTestId('withdraw-no-paypass')).toBeVisible();
  await page.getByTestId('withdraw-set-paypass').click();
  await expect(page).toHaveURL(/\/tradePassword$/);
  await expect(page.getByTestId('paypass-status')).toHaveAttribute('data-state', 'unset');
  // Nothing to ask for an old password yet.
  await expect(page.getByTestId('paypass-old')).toHaveCount(0);
  await expect(page.getByTestId('paypass-code-to')).toContainText('@example.com');

  // The form checks top to bottom with the documents' messages.
  await page.getByTestId('paypass-submit').click();
  await expect(toast(page, 'Please enter a password')).toBeVisible();
  await page.getByTestId('paypass-password').fill('abc');
  await page.getByTestId('paypass-submit').click();
  await expect(toast(page, 'The password must be 6 to 16 letters or digits')).toBeVisible();
  await page.getByTestId('paypass-password').fill(PAY_PASSWORD);
  await page.getByTestId('paypass-repassword').fill('pay2026no');
  await page.getByTestId('paypass-submit').click();
  await expect(toast(page, 'The two passwords do not match')).toBeVisible();
  await page.getByTestId('paypass-repassword').fill(PAY_PASSWORD);
  await page.getByTestId('paypass-submit').click();
  await expect(toast(page, 'Please enter the verification code')).toBeVisible();

  // A code of type 3 goes to the trader's own e-mail; the button counts down.
  await page.getByTestId('paypass-send-code').click();
  await expect(page.getByTestId('paypass-send-code')).toContainText(/\d+ s/);
  await expect(page.getByTestId('paypass-send-code')).toBeDisabled();
  await page.getByTestId('paypass-code').fill(await codeFromOutbox(request, trader.email));
  await page.getByTestId('paypass-submit').click();
  await expect(toast(page, 'Trade password set')).toBeVisible();
  // Back one page: the withdraw page, which now asks for the trade password.
  await expect(page).toHaveURL(/\/assets\/withdraw\?currency_id=1$/);
  await expect(page.getByTestId('withdraw-password')).toBeVisible();

  // Report a deposit of 500 USDT sent on TRC20 from the charge panel, with a screenshot of the
  // transfer taken in the trader's wallet.
  await page.getByTestId('assets-menu-tradeAccount').click();
  await expect(page.getByTestId('available-USDT')).toHaveText('0.00');
  await page.getByTestId('charge-USDT').click();
  const drawer = page.getByRole('dialog', { name: 'Deposit USDT' });
  await drawer.getByTestId('chain-TRC20').click();
  await drawer.getByTestId('deposit-quantity').fill('500');
  await drawer.getByTestId('deposit-sender').fill('TSenderOfTheTraderXYZ');
  await drawer.getByTestId('deposit-image-input').setInputFiles({
    name: 'wallet-transfer.png',
    mimeType: 'image/png',
    buffer: screenshotPng(64, 40),
  });
  await expect(drawer.getByTestId('deposit-image-preview')).toBeVisible();
  await drawer.getByTestId('deposit-submit').click();
  await expect(toast(page, 'Deposit reported')).toBeVisible();
  await expect(drawer.getByTestId('deposit-row').first().getByTestId('review-status')).toHaveText(
    /Pending review/,
  );
  await closeDrawer(page, drawer);

  // The operator signs in elsewhere and opens the review pages from the account menu.
  const desk = await openInEnglish(browser, null, '/login');
  await desk.getByTestId('login-tab-email').click();
  await desk.getByTestId('login-account').fill(OPERATOR.email);
  await desk.getByTestId('login-password').fill(OPERATOR.password);
  await desk.getByTestId('login-submit').click();
  // Sign-in lands on the home page first; the menu is used once that navigation is over.
  await expect(desk).toHaveURL(/\/home/);
  await expect(desk.getByTestId('account-menu')).toBeVisible();
  // The operator entry appears once the signed-in user is read; the menu may redraw meanwhile.
  await expect(async () => {
    await desk.getByTestId('account-menu').click();
    await desk.getByTestId('menu-operator').click({ timeout: 2_000 });
    await expect(desk).toHaveURL(/\/admin\/deposits/, { timeout: 2_000 });
  }).toPass();

  // The deposit waits among the pending ones, with the trader's screenshot: read with the
  // operator's session (the picture is private) and shown large on a click.
  const deposit = rowOf(desk, trader.email);
  await expect(deposit).toHaveCount(1);
  await expect(deposit).toContainText('500');
  await expect(deposit).toContainText('TRC20');
  await expect(deposit.getByTestId('review-status')).toHaveText('Pending review');
  const shot = deposit.getByTestId('deposit-screenshot').locator('img');
  await expect(shot).toBeVisible();
  expect(await shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await expect(shot).toHaveAttribute('src', /^blob:/);
  await shot.click();
  const large = desk.locator('.ant-image-preview img');
  await expect(large).toBeVisible();
  expect(await large.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(40);
  await desk.keyboard.press('Escape');
  await expect(large).toBeHidden();
  // Approving says what will be credited, with the screenshot beside the facts.
  await deposit.getByTestId('deposit-approve').click();
  const dialog = desk.getByTestId('review-dialog');
  await expect(dialog).toContainText(
    `500 USDT will be credited to the trade account of ${trader.email}`,
  );
  await expect(dialog.getByTestId('deposit-screenshot')).toBeVisible();
  await desk.getByTestId('review-confirm').click();
  await expect(toast(desk, /Deposit #\d+ approved: 500 USDT credited/)).toBeVisible();
  // It leaves the pending list and shows under approved.
  await expect(rowOf(desk, trader.email)).toHaveCount(0);
  await desk.getByTestId('review-tab-approved').click();
  await expect(desk).toHaveURL(/status=approved/);
  await expect(rowOf(desk, trader.email).first().getByTestId('review-status')).toHaveText(
    'Approved',
  );

  // The trader has 500 USDT available.
  await page.reload();
  await expect(page.getByTestId('available-USDT')).toHaveText('500.00');

  // 100 of them go to the lever account.
  await page.getByTestId('assets-menu-transfer').click();
  await choose(page, page.getByTestId('transfer-to'), 'Lever account');
  await page.getByTestId('transfer-amount').fill('100');
  await page.getByTestId('transfer-submit').click();
  await expect(toast(page, 'Transfer done').first()).toBeVisible();
  await expect(page.getByTestId('transfer-from')).toContainText('400');

  // Bind a TRC20 withdrawal address with the code e-mailed to the trader.
  await page.getByTestId('assets-menu-bindAddr').click();
  await page.getByTestId('bind-chain-TRC20').click();
  await page.getByTestId('bind-address').fill(TRON_ADDRESS);
  await page.getByTestId('bind-send-code').click();
  await expect(page.getByTestId('bind-code-sent')).toBeVisible();
  await page.getByTestId('bind-code').fill(await codeFromOutbox(request, trader.email));
  await page.getByTestId('bind-submit').click();
  await expect(toast(page, 'Address bound')).toBeVisible();

  // Ask for 50 USDT with the trade password: they are locked until the review.
  await page.getByTestId('assets-menu-withdraw').click();
  await page.getByTestId('withdraw-chain-TRC20').click();
  await choose(page, page.getByTestId('withdraw-address'), TRON_ADDRESS);
  await page.getByTestId('withdraw-amount').fill('50');
  await page.getByTestId('withdraw-password').fill(PAY_PASSWORD);
  await page.getByTestId('withdraw-submit').click();
  await expect(toast(page, 'Withdrawal requested')).toBeVisible();
  await page.getByTestId('assets-menu-tradeAccount').click();
  await expect(page.getByTestId('available-USDT')).toHaveText('350.00');
  await expect(page.getByTestId('locked-USDT')).toHaveText('50.00');

  // The operator rejects it; a reason is required.
  await desk.getByTestId('admin-nav-withdrawals').click();
  await expect(desk).toHaveURL(/\/admin\/withdrawals/);
  const withdrawal = rowOf(desk, trader.email);
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toContainText('49.95');
  await expect(withdrawal).toContainText('TR7NHq');
  await withdrawal.getByTestId('withdrawal-reject').click();
  await expect(dialog).toContainText(
    `The 50 USDT locked for this withdrawal return to the available balance of ${trader.email}`,
  );
  await desk.getByTestId('review-input').fill('no');
  await desk.getByTestId('review-confirm').click();
  await expect(desk.getByTestId('review-input-error')).toHaveText(
    'Please give a reason (at least 3 characters)',
  );
  await desk.getByTestId('review-input').fill('The address failed our screening');
  await desk.getByTestId('review-confirm').click();
  await expect(toast(desk, /Withdrawal #\d+ rejected: 50 USDT returned to the user/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(desk, trader.email)).toHaveCount(0);
  await desk.getByTestId('review-tab-rejected').click();
  await expect(rowOf(desk, trader.email).first().getByTestId('review-reason')).toContainText(
    'The address failed our screening',
  );

  // The trader has the 50 back and sees the withdrawal rejected, with the reason.
  await page.reload();
  await expect(page.getByTestId('available-USDT')).toHaveText('400.00');
  await expect(page.getByTestId('locked-USDT')).toHaveText('0.00');
  await page.goto('/assets/withdrawLog');
  const record = page.getByTestId('withdraw-row').first();
  await expect(record).toContainText('50');
  await expect(record.getByTestId('review-status')).toContainText('Rejected');
  await expect(record.getByTestId('review-status')).toContainText(
    'The address failed our screening',
  );

  await desk.context().close();
  await page.context().close();
});

test('changing the trade password asks for the current one', async ({ browser, request }) => {
  const trader = await newTrader(request);
  // The first one set through the API, with a code from the outbox.
  await setTradePassword(request, trader, PAY_PASSWORD);

  const page = await openInEnglish(browser, trader.token, '/tradePassword');
  await expect(page.getByTestId('paypass-status')).toHaveAttribute('data-state', 'set');
  await page.getByTestId('paypass-password').fill('newpay2026');
  await page.getByTestId('paypass-repassword').fill('newpay2026');
  await page.getByTestId('paypass-submit').click();
  await expect(toast(page, 'Please enter the old password')).toBeVisible();

  // A wrong current password is refused by the server, before the code is looked at. (A new
  // code could only be sent a minute after the one above: the set-and-go-back path is in the
  // first test.)
  await page.getByTestId('paypass-old').fill('wrong2026');
  await page.getByTestId('paypass-code').fill('000000');
  await page.getByTestId('paypass-submit').click();
  await expect(toast(page, 'Incorrect trade password')).toBeVisible();
  await expect(page).toHaveURL(/\/tradePassword$/);
  await page.context().close();
});

test('operator pages: guests go to login, traders see 403, a stale approval is refused', async ({
  browser,
  request,
}) => {
  const guest = await openInEnglish(browser, null, '/admin/withdrawals?status=all');
  await expect(guest).toHaveURL(/\/login\?page=%2Fadmin%2Fwithdrawals%3Fstatus%3Dall$/);
  await guest.goto('/tradePassword');
  await expect(guest).toHaveURL(/\/login\?page=%2FtradePassword$/);
  await guest.context().close();

  const trader = await newTrader(request);
  const page = await openInEnglish(browser, trader.token, '/admin/deposits');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await page.getByTestId('account-menu').click();
  await expect(page.getByTestId('menu-feedback')).toBeVisible();
  await expect(page.getByTestId('menu-operator')).toHaveCount(0);

  // Another operator reviews the deposit while this list is on screen.
  const report = await reportDeposit(request, trader.token, '75');
  const token = await operatorToken(request);
  const desk = await openInEnglish(browser, token, '/admin/deposits');
  const row = rowOf(desk, trader.email);
  await expect(row).toHaveCount(1);
  await call(request, 'POST', 'admin/deposits/approve', { id: report.id }, token);
  await row.getByTestId('deposit-reject').click();
  await desk.getByTestId('review-input').fill('Duplicate report');
  await desk.getByTestId('review-confirm').click();
  await expect(toast(desk, 'This request has already been reviewed')).toBeVisible();
  // The dialog closes and the list is read again: the deposit is no longer pending.
  await expect(desk.getByTestId('review-dialog')).toHaveCount(0);
  await expect(rowOf(desk, trader.email)).toHaveCount(0);
  await desk.context().close();
  await page.context().close();
});

for (const theme of ['dark', 'light']) {
  for (const viewport of VIEWPORTS) {
    test(`review screens in ${theme} theme at ${viewport.name} width`, async ({
      browser,
      request,
    }) => {
      const trader = await newTrader(request);
      const token = await operatorToken(request);
      await reportDeposit(request, trader.token, '120.5');

      const page = await openInEnglish(browser, trader.token, '/tradePassword', {
        ...viewport,
        theme,
      });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('paypass-status')).toBeVisible();
      await page.screenshot({
        path: `screenshots/review-tradePassword-${theme}-${viewport.name}.png`,
        fullPage: true,
      });
      await page.context().close();

      const desk = await openInEnglish(browser, token, '/admin/deposits?status=all', {
        ...viewport,
        theme,
      });
      for (const screen of ['deposits', 'withdrawals']) {
        await desk.goto(`/admin/${screen}?status=all`);
        await expect(desk.getByTestId(`${screen}-table`)).toBeVisible();
        await expect(desk.locator('.ant-spin-spinning')).toHaveCount(0);
        // Nothing overflows sideways on a phone: rows become cards.
        await screenshotWithoutOverflow(desk, `review-${screen}-${theme}-${viewport.name}`, screen);
      }
      await desk.goto('/admin/deposits');
      await rowOf(desk, trader.email).getByTestId('deposit-reject').click();
      await expect(desk.getByTestId('review-dialog')).toBeVisible();
      await desk.waitForTimeout(400);
      await desk.screenshot({ path: `screenshots/review-dialog-${theme}-${viewport.name}.png` });
      await desk.context().close();
    });
  }
}
