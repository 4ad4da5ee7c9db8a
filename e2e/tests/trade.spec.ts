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
  openAs,
  sidewaysOverflow,
  signUpTrader,
  VIEWPORTS,
  type OpenOptions,
} from './support.js';

/*
 * The spot trade screen with the demo market maker running: the tests never rely on which order the
 * maker places, only on orders of their own traders (see each test).
 */

const PASSWORD = 'trade2026';
const BTC_USDT_INDEX = 0;

/** A fresh user registered with a code from the dev outbox, funded by the operator; its token. */
async function newTrader(
  request: APIRequestContext,
  funds: Record<string, string>,
): Promise<string> {
  const trader = await signUpTrader(request, {
    prefix: 'spot',
    password: PASSWORD,
    funds: { amounts: funds, reason: 'e2e trade screen' },
  });
  return trader.token;
}

async function openTrade(
  browser: Browser,
  token: string | null,
  options: OpenOptions = {},
): Promise<Page> {
  const page = await openAs(browser, token, `/trade?id=${String(BTC_USDT_INDEX)}`, options);
  await expect(page.getByTestId('ticker-symbol')).toHaveText('BTC/USDT');
  return page;
}

/** `64740.5` → `64740.51`: one cent more, in integer cents. */
function plusCent(price: string): string {
  const [whole = '0', fraction = ''] = price.split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)) + 1n;
  return `${String(cents / 100n)}.${String(cents % 100n).padStart(2, '0')}`;
}

/** A price as the English screen shows it: `64935.01` → `64,935.01`. */
function grouped(price: string): string {
  const [whole = '0', fraction] = price.split('.');
  const text = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? text : `${text}.${fraction}`;
}

function rows(page: Page): Locator {
  return page.getByTestId('history-panel').getByTestId('order-row');
}

test('a limit sell meets a market buy; both screens follow live', async ({ browser, request }) => {
  const sellerToken = await newTrader(request, { BTC: '1' });
  const buyerToken = await newTrader(request, { USDT: '100000' });
  const seller = await openTrade(browser, sellerToken);
  const buyer = await openTrade(browser, buyerToken);

  await expect(seller.getByTestId('trade-sell-available')).toHaveText('1 BTC');
  await expect(buyer.getByTestId('trade-buy-available')).toHaveText('100,000 USDT');
  await expect(buyer.getByTestId('trade-sell-available')).toHaveText('0 BTC');

  // The seller picks the best bid from the book (it fills both forms), then asks one cent more:
  // inside the maker's spread, so the order is the best ask.
  await seller.getByTestId('history-way-sell').click();
  await seller.getByTestId('trade-tab-limit').click();
  await seller.getByTestId('book-bid1').click();
  const bid = await seller.getByTestId('trade-sell-price').inputValue();
  expect(bid).toMatch(/^\d+(\.\d+)?$/);
  await expect(seller.getByTestId('trade-buy-price')).toHaveValue(bid);
  const price = plusCent(bid);
  await seller.getByTestId('trade-sell-price').fill(price);
  await seller.getByTestId('trade-sell-qty').fill('0.5');
  // Total = price × quantity, rounded up at 6 decimals: exact here.
  const halfCents = BigInt(price.replace('.', '')) * 5n;
  const total = `${String(halfCents / 1000n)}.${String(halfCents % 1000n).padStart(3, '0')}`;
  await expect(seller.getByTestId('trade-sell-total')).toHaveValue(total.replace(/\.?0+$/, ''));
  await seller.getByTestId('trade-sell-submit').click();
  // Lists and the book show the price with thousands separators; the form keeps plain digits.
  const shown = grouped(price);

  // The order is open on the seller's screen, its base is locked, and both books show it live.
  await expect(rows(seller).filter({ hasText: shown })).toHaveCount(1);
  await expect(seller.getByTestId('trade-sell-available')).toHaveText('0.5 BTC');
  await expect(seller.getByTestId('trade-sell-qty')).toHaveValue('');
  await expect(buyer.getByTestId('book-asks').getByText(shown, { exact: true })).toBeVisible();

  // The buyer buys 1 BTC at market: it takes the seller's order (and maker asks beyond it).
  await buyer.getByTestId('trade-buy-qty').fill('1');
  await expect(buyer.getByTestId('trade-buy-total')).not.toHaveValue('');
  await buyer.getByTestId('trade-buy-submit').click();

  // Both see the trade at the seller's price among the recent trades, without a reload.
  for (const page of [seller, buyer]) {
    await expect(page.getByTestId('recent-trades').getByText(shown).first()).toBeVisible();
    await expect(page.getByTestId('book-asks').getByText(shown, { exact: true })).toHaveCount(0);
  }

  // The seller's open order left the list (TX_MATCHED) and is in the history, done.
  await expect(rows(seller).filter({ hasText: shown })).toHaveCount(0);
  await seller.getByTestId('history-tab-history').click();
  await expect(rows(seller).filter({ hasText: shown }).filter({ hasText: 'Done' })).toHaveCount(1);

  // The buyer's market order is finished with something filled.
  await buyer.getByTestId('history-tab-history').click();
  const bought = rows(buyer).filter({ hasText: 'Buy' }).first();
  await expect(bought).toContainText('BTC/USDT');
  await expect(bought.locator('[data-testid^="executed-"]')).not.toHaveText('0.000');

  // Balances moved: quote for the seller, base for the buyer (TX_MATCHED and reloads).
  await expect(seller.getByTestId('trade-buy-available')).not.toHaveText(/^(0|--) USDT$/);
  await expect(buyer.getByTestId('trade-sell-available')).not.toHaveText('0 BTC');
  await expect(buyer.getByTestId('trade-buy-available')).not.toHaveText('100,000 USDT');

  await seller.context().close();
  await buyer.context().close();
});

test('a visitor sees the market, switches pairs and intervals, and is asked to log in', async ({
  browser,
}) => {
  const page = await openTrade(browser, null);
  await expect(page.getByTestId('trade-buy-submit')).toHaveCount(0);
  await expect(page.getByTestId('trade-buy-login')).toBeVisible();
  await expect(page.getByTestId('trade-sell-register')).toHaveAttribute('href', '/register');
  await expect(page.getByTestId('history-guest')).toBeVisible();

  // Market is the default type; its prices come from the book.
  await expect(page.getByTestId('trade-buy-price')).toBeDisabled();
  await expect(page.getByTestId('trade-buy-price')).not.toHaveValue('');
  await expect(page.getByTestId('book-ask1')).toBeVisible();
  await expect(page.getByTestId('book-bid1')).toBeVisible();
  await expect(page.getByTestId('recent-trades').getByTestId('trade-row').first()).toBeVisible();
  expect(await page.getByTestId('trade-row').count()).toBeLessThanOrEqual(30);

  // Switching to limit clears quantities and prices.
  await page.getByTestId('trade-buy-qty').fill('0.25');
  await page.getByTestId('trade-tab-limit').click();
  await expect(page.getByTestId('trade-buy-qty')).toHaveValue('');
  await expect(page.getByTestId('trade-buy-price')).toHaveValue('');
  // Price inputs take at most the market's decimals (2 here), and nothing but a decimal.
  await page.getByTestId('trade-buy-price').fill('-1e2.3456');
  await expect(page.getByTestId('trade-buy-price')).toHaveValue('12.34');

  // The chart interval is kept in local storage.
  await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();
  await page.getByTestId('interval-15min').click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('chart_interval')))
    .toBe('15min');
  await page.reload();
  await expect(page.getByTestId('kline-chart').locator('.ant-segmented-item-selected')).toHaveText(
    '15m',
  );

  // Another pair: the URL carries its row index and the pair is remembered.
  await page.getByTestId('pair-list').getByTestId('pair-ETH/USDT').click();
  await expect(page).toHaveURL(/\/trade\?id=1$/);
  await expect(page.getByTestId('ticker-symbol')).toHaveText('ETH/USDT');
  await page.goto('/trade');
  await expect(page.getByTestId('ticker-symbol')).toHaveText('ETH/USDT');
  await page.context().close();
});

test('the order form checks its input and cancels an open order', async ({ browser, request }) => {
  const token = await newTrader(request, { USDT: '1000', BTC: '0.2' });
  const page = await openTrade(browser, token);
  await expect(page.getByTestId('trade-buy-available')).toHaveText('1,000 USDT');

  // Market mode without a quantity, then limit without a price (spec 1 §5).
  await page.getByTestId('trade-buy-submit').click();
  await expect(page.getByText('Please enter a quantity')).toBeVisible();
  await page.getByTestId('trade-tab-limit').click();
  await page.getByTestId('trade-sell-submit').click();
  await expect(page.getByText('Please enter a price')).toBeVisible();

  // The slider: 50 % of 1000 USDT at 3 USDT = 166.666666 floored at 6 decimals.
  await page.getByTestId('trade-buy-price').fill('3');
  await page.getByTestId('trade-buy-slider').getByText('50%', { exact: true }).first().click();
  await expect(page.getByTestId('trade-buy-qty')).toHaveValue('166.666666');
  await expect(page.getByTestId('trade-buy-total')).toHaveValue('499.999998');
  // Sell 25 % of 0.2 BTC.
  await page.getByTestId('trade-sell-slider').getByText('25%', { exact: true }).first().click();
  await expect(page.getByTestId('trade-sell-qty')).toHaveValue('0.05');

  // A buy far below the market stays open; cancelling it gives the quote back.
  await page.getByTestId('trade-buy-qty').fill('0.1');
  await page.getByTestId('trade-buy-submit').click();
  await expect(page.getByTestId('trade-buy-available')).toHaveText('999.7 USDT');
  const row = rows(page).filter({ hasText: '3.00' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-testid^="executed-"]')).toHaveText('0.000');
  await page.getByTestId('history-tab-all').click();
  await expect(rows(page).filter({ hasText: '3.00' })).toHaveCount(1);
  await rows(page).filter({ hasText: '3.00' }).getByRole('button').click();
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByTestId('trade-buy-available')).toHaveText('1,000 USDT');
  await page.context().close();
});

let screensToken: string | null = null;

/** One trader for the four pictures, with an open order far below the market (a history row). */
async function screensTrader(request: APIRequestContext): Promise<string> {
  if (screensToken) return screensToken;
  const token = await newTrader(request, { USDT: '5000', BTC: '0.1' });
  await call(
    request,
    'POST',
    'tx_in/add',
    { currency_match_id: 1, number: '0.01', price: '1000', type: 0 },
    token,
  );
  screensToken = token;
  return token;
}

for (const theme of ['dark', 'light']) {
  for (const viewport of VIEWPORTS) {
    test(`trade screen in ${theme} theme at ${viewport.name} width`, async ({
      browser,
      request,
    }) => {
      const token = await screensTrader(request);
      const page = await openTrade(browser, token, { ...viewport, theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(rows(page)).toHaveCount(1);
      const trades = page.getByTestId('recent-trades').getByTestId('trade-row').first();

      if (viewport.name === 'phone') {
        // Chart, book and trades share tabs above the order form.
        await expect(page.getByTestId('kline-chart')).toBeVisible();
        await expect(page.getByTestId('trade-buy-submit')).toBeVisible();
        await page.getByTestId('trade-view-book').click();
        await expect(page.getByTestId('order-book')).toBeVisible();
        await page.getByTestId('trade-view-trades').click();
        await expect(trades).toBeVisible();
        await page.getByTestId('trade-view-book').click();
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(1);
      } else {
        for (const id of ['pair-list', 'order-book', 'recent-trades', 'order-form']) {
          await expect(page.getByTestId(id)).toBeVisible();
        }
        await expect(trades).toBeVisible();
      }
      // Let the chart draw before the picture.
      await page.waitForTimeout(1_000);
      await page.screenshot({
        path: `screenshots/trade-${theme}-${viewport.name}.png`,
        fullPage: true,
      });
      await page.context().close();
    });
  }
}
