import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  call,
  choose,
  clippedCells,
  fund,
  openAs,
  operatorToken,
  sidewaysOverflow,
  signUpTrader,
  setTradePassword,
  toast,
  type Trader,
} from './support.js';

/*
 * The leverage screen against the demo server: the operator opens BTC/USDT (id 1) for leverage
 * and funds the house; each trader has USDT in the lever account (type 3) and a trade password.
 */

const BTC_USDT = 1;
const LEVER_ACCOUNT = 3;
const PASSWORD = 'lever2026';
const PAY_PASSWORD = '246810';

interface Position {
  id: number;
  status: number;
  share: number;
  multiple: number;
  price: string;
  origin_price: string;
  caution_money: string;
  trade_fee: string;
  profits: string;
  close_reason: string | null;
  close_price: string | null;
  close_mark_price: string | null;
  stop_loss_price: string | null;
}

let opened = false;
async function openLever(request: APIRequestContext): Promise<void> {
  if (opened) return;
  const token = await operatorToken(request);
  await call(
    request,
    'POST',
    'admin/lever/settings',
    {
      currency_match_id: BTC_USDT,
      open_lever: 1,
      lever_point_rate: '0.001',
      lever_share_num: '0.01',
      lever_fee_rate: '0.002',
      multiples: [10, 20, 50, 100],
      min_share: 1,
      max_share: 50,
      overnight_rate: '0.0005',
      max_open_interest: 1000,
    },
    token,
  );
  await call(
    request,
    'POST',
    'admin/ledger/adjust',
    { user: 'lever-house', currency: 'USDT', amount: '1000000', reason: 'e2e lever house' },
    token,
  );
  opened = true;
}

let markReady = false;
/**
 * The lever mark is the book's depth mid averaged over a minute: after a start it is thin (nothing
 * opens) until the demo maker's book has stood half of that.
 */
async function waitForMark(request: APIRequestContext, token: string): Promise<void> {
  if (markReady) return;
  await expect
    .poll(
      async () =>
        (
          await call<{ mark_status: string }>(
            request,
            'POST',
            'lever/deal',
            { currency_match_id: BTC_USDT },
            token,
          )
        ).mark_status,
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe('ok');
  markReady = true;
}

async function leverTrader(request: APIRequestContext): Promise<Trader> {
  await openLever(request);
  const trader = await signUpTrader(request, { prefix: 'lever', password: PASSWORD });
  await fund(request, trader.email, { USDT: '20000' }, 'e2e lever screen', LEVER_ACCOUNT);
  await setTradePassword(request, trader, PAY_PASSWORD);
  await waitForMark(request, trader.token);
  return trader;
}

async function positions(
  request: APIRequestContext,
  token: string,
  status: number,
): Promise<Position[]> {
  const page = await call<{ data: Position[] }>(
    request,
    'GET',
    `lever/my_trade?status=${String(status)}&page=1`,
    undefined,
    token,
  );
  return page.data;
}

/** The mark price lever/deal gives now. */
async function markPrice(request: APIRequestContext, token: string): Promise<number> {
  const deal = await call<{ mark_price: string | null }>(
    request,
    'POST',
    'lever/deal',
    { currency_match_id: BTC_USDT },
    token,
  );
  expect(deal.mark_price).not.toBeNull();
  return Number(deal.mark_price);
}

async function fillForm(page: Page, hands: string, multiple: string) {
  const form = page.getByTestId('lever-form');
  await choose(page, form.getByTestId('lever-multiple'), multiple);
  await form.getByTestId('lever-share').fill(hands);
  await form.getByTestId('lever-password').fill(PAY_PASSWORD);
}

test('a guest is sent to log in', async ({ browser }) => {
  const page = await openAs(browser, null, '/lever');
  await expect(page).toHaveURL(/\/login\?page=%2Flever$/);
  await expect(toast(page, 'Please log in to trade with leverage.')).toBeVisible();
  await page.context().close();
});

test('a trader opens, stops, closes a long and cancels a limit entrust', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const trader = await leverTrader(request);
  const page = await openAs(browser, trader.token, '/lever');
  await expect(page.getByTestId('lever-pair-BTC/USDT')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('lever-available')).toContainText('20,000');
  await expect(page.getByTestId('lever-mark')).not.toHaveText('—');
  expect(await page.evaluate(() => localStorage.getItem('lever_pair'))).toBe('1');

  // Each missing field has its own prompt.
  const form = page.getByTestId('lever-form');
  await form.getByTestId('lever-long').click();
  await expect(toast(page, 'Please choose a multiple')).toBeVisible();
  await choose(page, form.getByTestId('lever-multiple'), '×10');
  await form.getByTestId('lever-long').click();
  await expect(toast(page, 'Please enter your trade password')).toBeVisible();

  // A market long of 2 hands ×10: the dialog's fee and margin are what the server then holds.
  await fillForm(page, '2', '×10');
  await form.getByTestId('lever-long').click();
  const confirm = page.getByTestId('lever-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('lever-confirm-hands')).toContainText('2 (0.020000 BTC)');
  await expect(confirm.getByTestId('lever-confirm-multiple')).toHaveText('×10');
  const margin = await confirm.getByTestId('lever-confirm-margin').getAttribute('data-value');
  const fee = await confirm.getByTestId('lever-confirm-fee').getAttribute('data-value');
  const origin = await confirm.getByTestId('lever-confirm-entry').getAttribute('data-origin');
  await page.screenshot({ path: 'screenshots/lever-confirm-desktop-dark.png' });
  await page.getByTestId('lever-confirm-ok').click();
  await expect(toast(page, 'Position opened')).toBeVisible();

  const [position] = await positions(request, trader.token, 5);
  expect(position).toBeDefined();
  if (!position) return;
  expect(position).toMatchObject({ share: 2, multiple: 10, status: 1 });
  // The demo market maker moves the mark: when it moved between the dialog and the order's
  // arrival, the server's figures differ by that move only; otherwise they are the same.
  if (Number(position.origin_price) === Number(origin)) {
    expect(Number(position.caution_money)).toBe(Number(margin));
    expect(Number(position.trade_fee)).toBe(Number(fee));
  } else {
    expect(Math.abs(Number(position.caution_money) / Number(margin) - 1)).toBeLessThan(0.01);
  }

  // It is listed under current positions.
  const id = String(position.id);
  const row = page.getByTestId(`lever-row-${id}`);
  await expect(page.getByTestId('lever-list-current')).toBeVisible();
  await expect(row).toBeVisible();
  await expect(page.getByTestId('lever-hazard')).not.toHaveText('—');
  await page.screenshot({ path: 'screenshots/lever-desktop-dark.png', fullPage: true });

  // Stops: a stop-loss below the mark and a stop-profit above it, with the expected results.
  const mark = await markPrice(request, trader.token);
  const loss = String(Math.floor(mark * 0.9));
  const profit = String(Math.ceil(mark * 1.1));
  await row.getByTestId(`lever-stop-${id}`).click();
  const dialog = page.getByTestId('lever-stop-dialog');
  await dialog.getByTestId('lever-stop-loss').fill(loss);
  await dialog.getByTestId('lever-stop-profit').fill(profit);
  await expect(dialog.getByTestId('lever-stop-loss-result')).toContainText('-');
  await expect(dialog.getByTestId('lever-stop-profit-result')).toContainText('+');
  await dialog.getByTestId('lever-stop-save').click();
  await expect(toast(page, 'Stops saved')).toBeVisible();
  await expect(row.getByTestId(`lever-stops-${id}`)).toContainText(
    Number(loss).toLocaleString('en-US'),
  );
  const [stopped] = await positions(request, trader.token, 5);
  expect(Number(stopped?.stop_loss_price ?? 0)).toBe(Number(loss));

  // Close it; it moves to all closed with its reason, close price and profit.
  await row.getByTestId(`lever-close-${id}`).click();
  await page.getByTestId('lever-close-ok').click();
  await expect(toast(page, 'Position closed')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByTestId('lever-history-closed').click();
  const closedRow = page.getByTestId(`lever-list-closed`).getByTestId(`lever-row-${id}`);
  await expect(closedRow.getByTestId(`lever-reason-${id}`)).toHaveText('By you');
  await expect(closedRow.getByTestId(`lever-close-price-${id}`)).not.toHaveText('—');
  await expect(closedRow.getByTestId(`lever-profit-${id}`)).toHaveText(/^[+-]\d/);
  const [closed] = await positions(request, trader.token, 3);
  expect(closed).toMatchObject({ id: position.id, status: 3, close_reason: 'user' });

  // A limit entrust far below the mark waits under current delegation; cancel it.
  await form.getByTestId('lever-tab-limit').click();
  await form.getByTestId('lever-price').fill(String(Math.floor(mark / 2)));
  await fillForm(page, '1', '×20');
  await form.getByTestId('lever-long').click();
  // A limit entrust's margin and fee are at its own price: exactly the dialog's.
  const limitMargin = await confirm.getByTestId('lever-confirm-margin').getAttribute('data-value');
  const limitFee = await confirm.getByTestId('lever-confirm-fee').getAttribute('data-value');
  await page.getByTestId('lever-confirm-ok').click();
  await expect(toast(page, 'Limit order placed')).toBeVisible();
  const [entrust] = await positions(request, trader.token, 6);
  expect(entrust).toMatchObject({ status: 0, share: 1, multiple: 20 });
  expect(Number(entrust?.caution_money)).toBe(Number(limitMargin));
  expect(Number(entrust?.trade_fee)).toBe(Number(limitFee));
  const entrustId = String(entrust?.id);
  await page.getByTestId('lever-history-delegation').click();
  const entrustRow = page
    .getByTestId('lever-list-delegation')
    .getByTestId(`lever-row-${entrustId}`);
  await expect(entrustRow).toBeVisible();
  await entrustRow.getByTestId(`lever-cancel-${entrustId}`).click();
  await expect(toast(page, 'Order cancelled')).toBeVisible();
  await expect(entrustRow).toHaveCount(0);
  expect(await positions(request, trader.token, 6)).toHaveLength(0);
  await page.context().close();
});

test('close-all closes one side at one mark and shows the risk', async ({ browser, request }) => {
  const trader = await leverTrader(request);
  const submit = (type: 1 | 2) =>
    call<Position>(
      request,
      'POST',
      'lever/submit',
      {
        currency_match_id: BTC_USDT,
        share: 1,
        multiple: 10,
        type,
        status: 1,
        password: PAY_PASSWORD,
      },
      trader.token,
    );
  const longs = [await submit(1), await submit(1)];
  const short = await submit(2);
  const page = await openAs(browser, trader.token, '/lever');
  // Three open positions, the hazard rate and the margin in use of all three.
  await expect(page.getByTestId('lever-hazard')).toHaveText(/\d+\.\d{2}\s?%/);
  const history = page.getByTestId('lever-history');
  await expect(history.getByRole('button', { name: 'Close', exact: true })).toHaveCount(3);

  await page.getByTestId('lever-close-all').click();
  await page.getByTestId('lever-close-all-1').click();
  await page.getByTestId('lever-close-all-ok').click();
  await expect(history.getByRole('button', { name: 'Close', exact: true })).toHaveCount(1);

  // The two longs closed as close-all at the same mark; the short is still open.
  const closed = await positions(request, trader.token, 3);
  expect(closed.map((p) => p.id).sort()).toEqual(longs.map((p) => p.id).sort());
  expect(closed.every((p) => p.close_reason === 'close_all')).toBe(true);
  const marks = new Set(closed.map((p) => p.close_mark_price));
  expect(marks.size).toBe(1);
  expect((await positions(request, trader.token, 5)).map((p) => p.id)).toEqual([short.id]);
  await page.context().close();
});

test('the screen fits light and dark, wide and phone', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const trader = await leverTrader(request);
  // One open position so that the lists and the risk figures have content.
  await call(
    request,
    'POST',
    'lever/submit',
    {
      currency_match_id: BTC_USDT,
      share: 1,
      multiple: 10,
      type: 2,
      status: 1,
      password: PAY_PASSWORD,
    },
    trader.token,
  );
  for (const theme of ['light', 'dark']) {
    for (const view of [
      { name: 'desktop', width: 1440, height: 900 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      const page = await openAs(browser, trader.token, '/lever', {
        width: view.width,
        height: view.height,
        theme,
      });
      await expect(page.getByTestId('lever-list-current')).toBeVisible();
      await expect(page.getByTestId('lever-mark')).not.toHaveText('—');
      await expect(page.getByTestId('kline-chart')).toBeVisible();
      await page.screenshot({
        path: `screenshots/lever-${view.name}-${theme}.png`,
        fullPage: true,
      });
      expect(await sidewaysOverflow(page), `${view.name} ${theme}`).toBeLessThanOrEqual(1);
      expect(await clippedCells(page)).toEqual([]);
      await page.context().close();
    }
  }
});
