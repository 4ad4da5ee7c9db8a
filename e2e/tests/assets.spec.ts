import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  call,
  choose,
  closeDrawer,
  codeFromOutbox,
  fund,
  openAs,
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
 * The assets area as a trader uses it: balances, the charge panel and a deposit report, a bound
 * withdrawal address, a transfer between accounts, and a look at every screen in both themes.
 */

const PASSWORD = 'assets2026';
const PAY_PASSWORD = 'pay246810';
const REASON = 'e2e assets area';

/** A fresh user registered with a code from the dev outbox and funded by the operator. */
function newTrader(request: APIRequestContext, funds: Record<string, string>): Promise<Trader> {
  return signUpTrader(request, {
    prefix: 'assets',
    password: PASSWORD,
    funds: { amounts: funds, reason: REASON },
  });
}

/** A trader with history: a reported deposit, a bound TRC20 address and a withdrawal to it. */
async function withHistory(request: APIRequestContext, trader: Trader): Promise<void> {
  const wallets = await call<{ currency_protocol_id: number; address: string }[]>(
    request,
    'GET',
    'wallet/wallet?currency_id=1',
    undefined,
    trader.token,
  );
  const trc20 = wallets.find((w) => w.address.startsWith('T'));
  if (!trc20) throw new Error('no TRC20 deposit address');
  await call(
    request,
    'POST',
    'wallet/createPayOrder',
    {
      currency_id: 1,
      currency_protocol_id: trc20.currency_protocol_id,
      chargeNum: '250',
      walletAddress: '',
      in_address: trc20.address,
      imgUrl: await uploadScreenshot(request, trader.token),
    },
    trader.token,
  );
  await call(request, 'POST', 'address/send_code', {}, trader.token);
  const code = await codeFromOutbox(request, trader.email);
  await call(
    request,
    'POST',
    'address/bind',
    {
      currency_id: 1,
      currency_protocol_id: trc20.currency_protocol_id,
      address: TRON_ADDRESS,
      memo: '',
      code,
    },
    trader.token,
  );
  // Coins in the second account, to convert.
  await fund(request, trader.email, { BTC: '0.25' }, REASON, 4);
  await setTradePassword(request, trader, PAY_PASSWORD);
  await call(
    request,
    'POST',
    'account/draw',
    {
      currency_id: 1,
      currency_protocol_id: trc20.currency_protocol_id,
      address: TRON_ADDRESS,
      memo: '',
      number: '120',
      pay_password: PAY_PASSWORD,
    },
    trader.token,
  );
}

/**
 * One trader with history for the guest and screenshot tests: codes are rate-limited per call
 * (10 e-mails in 10 minutes for the whole run), so the file sends as few as it can.
 */
let historyTrader: Promise<Trader> | null = null;
function traderWithHistory(request: APIRequestContext): Promise<Trader> {
  historyTrader ??= newTrader(request, { USDT: '1250.5', BTC: '0.25' }).then(async (trader) => {
    await withHistory(request, trader);
    return trader;
  });
  return historyTrader;
}

/** Every assets page may copy: the charge panel's address is read back from the clipboard. */
function openAssets(
  browser: Browser,
  token: string | null,
  path: string,
  options: OpenOptions = {},
): Promise<Page> {
  return openAs(browser, token, path, {
    ...options,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
}

test('a guest is sent to login and comes back to the assets page', async ({ browser, request }) => {
  const page = await openAssets(browser, null, '/assets/withdraw?currency_id=1');
  await expect(page).toHaveURL(/\/login\?page=%2Fassets%2Fwithdraw%3Fcurrency_id%3D1$/);

  const trader = await traderWithHistory(request);
  await page.getByTestId('login-account').fill(trader.email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/assets\/withdraw\?currency_id=1$/);
  await expect(page.getByTestId('withdraw-page')).toBeVisible();
  await page.context().close();
});

test('a trader deposits, binds an address, withdraws and moves USDT to the lever account', async ({
  browser,
  request,
}) => {
  // A long walk through five screens on a machine that may be shared: more than the default time.
  test.setTimeout(120_000);
  const trader = await newTrader(request, { USDT: '1000' });
  const page = await openAssets(browser, trader.token, '/assets');

  // The trade account opens first: USDT available, nothing locked.
  await expect(page).toHaveURL(/\/assets\/tradeAccount$/);
  await expect(page.getByTestId('assets-menu-tradeAccount')).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('available-USDT')).toHaveText('1,000.00');
  await expect(page.getByTestId('locked-USDT')).toHaveText('0.00');
  await expect(page.getByTestId('account-total')).toContainText('1,000.00');

  // Hiding zero balances leaves the funded coin only.
  await page.getByTestId('account-hide-zero').click();
  await expect(page.getByTestId('account-row')).toHaveCount(1);
  await page.getByTestId('account-hide-zero').click();

  // The charge panel: one address per chain, copy, QR code and the reminders.
  await page.getByTestId('charge-USDT').click();
  const drawer = page.getByRole('dialog', { name: 'Deposit USDT' });
  await expect(drawer.getByTestId('chain-ERC20')).toBeVisible();
  await drawer.getByTestId('chain-TRC20').click();
  const address = drawer.getByTestId('deposit-address');
  await expect(address).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  const depositAddress = (await address.textContent()) ?? '';
  await drawer.getByTestId('deposit-address-copy').click();
  await expect(toast(page, 'Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(depositAddress);
  await drawer.getByTestId('deposit-qr-toggle').click();
  await expect(drawer.getByTestId('deposit-qr').locator('svg')).toHaveAttribute('width', '200');
  await expect(drawer.getByTestId('deposit-tips')).toContainText('TRC20');

  // Reporting says what is missing: the quantity, then the screenshot of the transfer.
  await drawer.getByTestId('deposit-submit').click();
  await expect(toast(page, 'Please enter the quantity')).toBeVisible();
  await drawer.getByTestId('deposit-quantity').fill('250');
  await drawer.getByTestId('deposit-sender').fill('TXYZsenderAddress');
  await drawer.getByTestId('deposit-submit').click();
  await expect(toast(page, 'Please upload a screenshot of your transfer')).toBeVisible();
  // A file named like a picture that is not one is refused by the server, which reads its bytes.
  const picker = drawer.getByTestId('deposit-image-input');
  await picker.setInputFiles({
    name: 'transfer.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(toast(page, 'Only JPEG, PNG or WebP images can be uploaded')).toBeVisible();
  await expect(drawer.getByTestId('deposit-image-preview')).toHaveCount(0);
  // The real screenshot is uploaded at once and shown before the report is sent.
  await picker.setInputFiles({
    name: 'transfer.png',
    mimeType: 'image/png',
    buffer: screenshotPng(),
  });
  const preview = drawer.getByTestId('deposit-image-preview').locator('img');
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await expect(drawer.getByTestId('deposit-image')).toContainText('transfer.png');
  await drawer.screenshot({ path: 'screenshots/assets-deposit-report.png' });
  await drawer.getByTestId('deposit-submit').click();
  await expect(toast(page, 'Deposit reported')).toBeVisible();
  // The form is empty again for the next report.
  await expect(drawer.getByTestId('deposit-image-pick')).toBeVisible();
  const deposit = drawer.getByTestId('deposit-row').first();
  await expect(deposit).toContainText('250');
  await expect(deposit).toContainText(depositAddress.slice(0, 8));
  await expect(deposit.getByTestId('review-status')).toContainText('Pending review');
  await closeDrawer(page, drawer);
  // Pending: nothing is credited yet.
  await expect(page.getByTestId('available-USDT')).toHaveText('1,000.00');

  // The deposit is among the deposit records too.
  await page.getByTestId('assets-menu-dealRecords').click();
  await page.getByTestId('records-tab-deposits').click();
  await expect(page.getByTestId('deposit-row').first()).toContainText('Pending review');

  // Bind a TRC20 withdrawal address with the code e-mailed to the trader.
  await page.getByTestId('assets-menu-bindAddr').click();
  await expect(page.getByTestId('bound-table-empty')).toBeVisible();
  await page.getByTestId('bind-chain-TRC20').click();
  await page.getByTestId('bind-address').fill(TRON_ADDRESS);
  await page.getByTestId('bind-send-code').click();
  await expect(page.getByTestId('bind-code-sent')).toBeVisible();
  await expect(page.getByTestId('bind-send-code')).toBeDisabled();
  await expect(page.getByTestId('bind-send-code')).toContainText(/\d+ s/);
  await page.getByTestId('bind-code').fill(await codeFromOutbox(request, trader.email));
  await page.getByTestId('bind-submit').click();
  await expect(toast(page, 'Address bound')).toBeVisible();
  await expect(page.getByTestId('bound-row')).toHaveCount(1);
  await expect(page.getByTestId('bound-row')).toContainText('TRC20');
  await expect(page.getByTestId('bound-address')).toHaveText(TRON_ADDRESS);

  // The withdraw page offers it for USDT on TRC20, works out the fee and the receive amount, and
  // checks address, amount and trade password in that order.
  await page.getByTestId('assets-menu-withdraw').click();
  await expect(page.getByTestId('withdraw-no-paypass')).toBeVisible();
  await setTradePassword(request, trader, PAY_PASSWORD);
  await page.reload();
  await expect(page.getByTestId('withdraw-no-paypass')).toHaveCount(0);
  await page.getByTestId('withdraw-chain-TRC20').click();
  await page.getByTestId('withdraw-submit').click();
  await expect(toast(page, 'Please enter the withdrawal address')).toBeVisible();
  await choose(page, page.getByTestId('withdraw-address'), TRON_ADDRESS);
  await page.getByTestId('withdraw-amount').fill('100');
  await expect(page.getByTestId('withdraw-fee')).toHaveText('0.1 %');
  await expect(page.getByTestId('withdraw-receive')).toHaveText('99.9 USDT');
  await page.getByTestId('withdraw-submit').click();
  await expect(toast(page, 'Please enter your trade password')).toBeVisible();
  await page.getByTestId('withdraw-password').fill(PAY_PASSWORD);
  await page.getByTestId('withdraw-submit').click();
  await expect(toast(page, 'Withdrawal requested')).toBeVisible();
  await expect(page.getByTestId('withdraw-amount')).toHaveValue('');
  // The server's own rules answer in words: below the minimum of 10 USDT.
  await page.getByTestId('withdraw-amount').fill('5');
  await page.getByTestId('withdraw-password').fill(PAY_PASSWORD);
  await page.getByTestId('withdraw-submit').click();
  await expect(toast(page, 'below the minimum withdrawal of 10')).toBeVisible();

  // The withdrawal waits for review with its fee and receive amount; 100 USDT is locked.
  await page.getByTestId('withdraw-log-link').click();
  const withdrawal = page.getByTestId('withdraw-row').first();
  await expect(withdrawal).toContainText('100');
  await expect(withdrawal).toContainText('99.9');
  await expect(withdrawal).toContainText('TRC20');
  await expect(withdrawal.getByTestId('review-status')).toContainText('Pending review');

  // Transfer 300 USDT from the trade account to the lever account.
  await page.getByTestId('assets-menu-transfer').click();
  await expect(page.getByTestId('transfer-from')).toContainText('900');
  await choose(page, page.getByTestId('transfer-to'), 'Lever account');
  await page.getByTestId('transfer-submit').click();
  await expect(toast(page, 'Please enter the amount')).toBeVisible();
  await page.getByTestId('transfer-amount').fill('300');
  await page.getByTestId('transfer-submit').dblclick();
  await expect(toast(page, 'Transfer done').first()).toBeVisible();
  await expect(page.getByTestId('transfer-from')).toContainText('600');
  await expect(page.getByTestId('transfer-to')).toContainText('300');

  // Both account pages show the move, once despite the double click.
  await page.getByTestId('assets-menu-tradeAccount').click();
  await expect(page.getByTestId('available-USDT')).toHaveText('600.00');
  await expect(page.getByTestId('locked-USDT')).toHaveText('100.00');
  await page.getByTestId('assets-menu-leverAccount').click();
  await expect(page.getByTestId('available-USDT')).toHaveText('300.00');
  // The lever account offers no charge or withdraw.
  await expect(page.getByTestId('charge-USDT')).toHaveCount(0);

  // The transfer log lists it once.
  await page.getByTestId('assets-menu-transfer').click();
  await page.getByTestId('transfer-log-link').click();
  await expect(page.getByTestId('transfer-row')).toHaveCount(1);
  await expect(page.getByTestId('transfer-row')).toContainText('Lever account');
  await page.context().close();
});

test('the second account converts a coin to USDT by selling into the order book', async ({
  browser,
  request,
}) => {
  const trader = await traderWithHistory(request);
  const page = await openAssets(browser, trader.token, '/assets/secondAccount');
  const panel = page.getByTestId('convert-panel');
  await expect(page.getByTestId('buy-with-card')).toHaveAttribute('href', '/white');
  await expect(page.getByTestId('available-BTC')).toHaveText('0.250000');
  await expect(panel.getByTestId('convert-currency')).toContainText('BTC');

  await panel.getByTestId('convert-submit').click();
  await expect(toast(page, 'Please enter the amount to convert')).toBeVisible();
  // The value is amount × USD price; the quote says what the other users' bids pay for it, less
  // the fee, and the least the conversion accepts once confirmed.
  await panel.getByTestId('convert-amount').fill('0.1');
  await expect(panel.getByTestId('convert-value')).toHaveText(/^[\d,]+(\.\d+)? USDT$/);
  await expect(panel.getByTestId('convert-quote')).toContainText('%');
  await expect(panel.getByTestId('convert-price')).toHaveText(/^[\d,]+(\.\d+)? USDT$/);
  await expect(panel.getByTestId('convert-receive')).toHaveText(/^[\d,]+(\.\d+)? USDT$/);
  await expect(panel.getByTestId('convert-min-receive')).toHaveText(/^[\d,]+(\.\d+)? USDT$/);
  await panel.screenshot({ path: 'screenshots/assets-convert-quote.png' });
  await panel.getByTestId('convert-submit').click();
  await expect(toast(page, 'Converted')).toBeVisible();
  await expect(page.getByTestId('available-BTC')).toHaveText('0.150000');
  await expect(page.getByTestId('available-USDT')).not.toHaveText('0.00');
  await page.context().close();
});

const SCREENS = [
  'tradeAccount',
  'secondAccount',
  'withdraw',
  'bindAddr',
  'transfer',
  'dealRecords',
  'withdrawLog',
];

for (const theme of ['dark', 'light']) {
  for (const viewport of VIEWPORTS) {
    test(`assets screens in ${theme} theme at ${viewport.name} width`, async ({
      browser,
      request,
    }) => {
      const trader = await traderWithHistory(request);
      const page = await openAssets(browser, trader.token, '/assets/tradeAccount', {
        ...viewport,
        theme,
      });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const screen of SCREENS) {
        await page.goto(`/assets/${screen}`);
        await expect(page.getByTestId('assets-menu')).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        // Nothing overflows sideways on a phone: wide tables scroll inside their box.
        await screenshotWithoutOverflow(page, `assets-${screen}-${theme}-${viewport.name}`, screen);
      }
      // The charge panel with its QR code.
      await page.goto('/assets/tradeAccount');
      await page.getByTestId('charge-USDT').click();
      await page.getByTestId('deposit-qr-toggle').click();
      await expect(page.getByTestId('deposit-qr')).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `screenshots/assets-charge-${theme}-${viewport.name}.png` });
      // The panel's deposit records show every column without sideways scrolling: on a desktop
      // the table fits the panel with every header in view, on a phone rows are cards.
      const drawer = page.getByRole('dialog', { name: 'Deposit USDT' });
      const records = drawer.getByTestId('deposit-records');
      await records.scrollIntoViewIfNeeded();
      await expect(records.getByText('Pending review').first()).toBeVisible();
      const fit = await records.evaluate((section) => {
        const box = section.getBoundingClientRect();
        const headers = Array.from(section.querySelectorAll('th')).map((th) => {
          const r = th.getBoundingClientRect();
          return {
            text: th.textContent,
            inside: r.left >= box.left - 1 && r.right <= box.right + 1,
          };
        });
        // Elements that scroll sideways (named, so a failure says which).
        const scrollers = Array.from(section.querySelectorAll<HTMLElement>('*'))
          .filter(
            (el) =>
              el.scrollWidth > el.clientWidth + 1 &&
              ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
          )
          .map(
            (el) =>
              `${el.tagName} ${el.className} ${String(el.scrollWidth)}/${String(el.clientWidth)}`,
          );
        return { headers, scrollers, overflow: section.scrollWidth - section.clientWidth };
      });
      expect(fit.scrollers, 'nothing in the records scrolls sideways').toEqual([]);
      expect(fit.overflow).toBeLessThanOrEqual(0);
      if (viewport.name === 'desktop') {
        expect(fit.headers.map((h) => h.text)).toEqual([
          'Amount',
          'Deposit address',
          'Status',
          'Time',
        ]);
        for (const h of fit.headers) expect(h.inside, `${h.text ?? ''} in view`).toBe(true);
      }
      await page.screenshot({
        path: `screenshots/assets-charge-records-${theme}-${viewport.name}.png`,
      });
      await page.context().close();
    });
  }
}
