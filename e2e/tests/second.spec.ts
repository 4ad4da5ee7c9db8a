import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  call,
  clippedCells,
  fund,
  openAs,
  operatorToken,
  relaxMicroGuard,
  sidewaysOverflow,
  signUpTrader,
  toast,
  type Trader,
} from './support.js';

/*
 * The micro trade screen (/second) against the demo server: micro trade is open on BTC/USDT
 * (id 1), USDT is the stake currency (presets 10 50 100 500, min 10, max 10,000, fee 1 %) and the
 * demo market maker trades BTC/USDT. To keep the test short, BTC/USDT gets a 5 s option, and an
 * index guard under which one trade of others in a window makes the index and the house's bound
 * allows the stakes (its other pairs and the currency settings are left alone). The index is the
 * volume-weighted average of the window's trades without the bettor's own: the first test prints
 * trades of another user and of the bettor around its orders, so that every window has an index
 * and an own trade to leave out.
 */

const BTC_USDT = 1;
const MICRO_ACCOUNT = 4;
const PASSWORD = 'second2026';
const FUNDS = '1000';

interface MicroOrder {
  id: number;
  type: 1 | 2;
  status: 1 | 3;
  seconds: number;
  number: string;
  fee: string;
  fact_profits: string | null;
  outcome: 'win' | 'loss' | 'tie' | 'void' | null;
}

interface MicroCurrency {
  id: number;
  code: string;
  micro_account: { balance: string };
}

let optionsSet = false;
async function fiveSecondOption(request: APIRequestContext): Promise<void> {
  if (optionsSet) return;
  await relaxMicroGuard(request, BTC_USDT);
  const token = await operatorToken(request);
  await call(
    request,
    'POST',
    'admin/microtrade/pair',
    {
      match_id: BTC_USDT,
      options: [
        { seconds: 5, profit_ratio: '0.8' },
        { seconds: 30, profit_ratio: '0.85' },
      ],
    },
    token,
  );
  optionsSet = true;
}

async function microTrader(request: APIRequestContext): Promise<Trader> {
  await fiveSecondOption(request);
  const trader = await signUpTrader(request, { prefix: 'second', password: PASSWORD });
  await fund(request, trader.email, { USDT: FUNDS }, 'e2e micro screen', MICRO_ACCOUNT);
  return trader;
}

async function usdt(request: APIRequestContext, token: string): Promise<MicroCurrency> {
  const list = await call<MicroCurrency[]>(
    request,
    'GET',
    'microtrade/payable_currencies',
    undefined,
    token,
  );
  const found = list.find((c) => c.code === 'USDT');
  if (!found) throw new Error('USDT is not a stake currency');
  return found;
}

async function orders(
  request: APIRequestContext,
  token: string,
  status: 1 | 3,
): Promise<MicroOrder[]> {
  const page = await call<{ data: MicroOrder[] }>(
    request,
    'GET',
    `microtrade/lists?status=${String(status)}&page=1&limit=50`,
    undefined,
    token,
  );
  return page.data;
}

/** A decimal string as an integer count of 10^-8 (exact, no float). */
function units(value: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const n = BigInt(whole + fraction.padEnd(8, '0').slice(0, 8));
  return sign ? -n : n;
}

interface Shown {
  stake: string;
  fee: string;
  payout: string;
}

interface EvidenceSide {
  from: number;
  to: number;
  trades: { id: number; price: string; time: number; qty?: string; own?: boolean }[];
  source: 'trades' | 'book' | 'void';
  index: string | null;
  volume?: string;
  counted?: number;
  excluded_own?: number;
  min_trades?: number | null;
  min_volume?: string | null;
}

/** A decimal string as an integer count of 10^-18 (exact, no float). */
function atto(value: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole + fraction.padEnd(18, '0').slice(0, 18));
}

/** BTC/USDT's price decimals: the index is rounded down to a price the pair can quote. */
const PRICE_DECIMALS = 2;

/**
 * The index of one side as the engine makes it, computed here on its own: Σ price × qty ÷ Σ qty of
 * the window's trades that are not the bettor's, rounded down at the price decimals, in 10^-18;
 * null when they are fewer than the minimum trades or volume.
 */
function volumeWeighted(side: EvidenceSide): bigint | null {
  const counted = side.trades.filter((t) => t.own !== true);
  const volume = counted.reduce((sum, t) => sum + atto(t.qty ?? '0'), 0n);
  const notional = counted.reduce((sum, t) => sum + atto(t.price) * atto(t.qty ?? '0'), 0n);
  if (counted.length < (side.min_trades ?? 1) || volume < atto(side.min_volume ?? '0')) return null;
  if (volume === 0n) return null;
  // notional is at 10^-36: ÷ volume (10^-18) gives 10^-18; floored at the price decimals.
  const step = 10n ** BigInt(18 - PRICE_DECIMALS);
  return (notional / volume / step) * step;
}

/** A price as the English page shows it: grouped, exactly the pair's price decimals. */
function shownPrice(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}.${fraction.padEnd(PRICE_DECIMALS, '0').slice(0, PRICE_DECIMALS)}`;
}

/** A market order of `qty` BTC on BTC/USDT from the user's trade account. */
async function spotTrade(
  request: APIRequestContext,
  token: string,
  side: 'buy' | 'sell',
  qty: string,
): Promise<void> {
  await call(
    request,
    'POST',
    side === 'buy' ? 'tx_in/add' : 'tx_out/add',
    { currency_match_id: BTC_USDT, number: qty, type: 1 },
    token,
  );
}

/**
 * Two trades on BTC/USDT against the market maker's book: one of another user, which counts
 * toward the index, and one of the bettor, which never counts toward their own orders.
 */
async function printTrades(request: APIRequestContext, other: string, bettor: string) {
  await spotTrade(request, other, 'buy', '0.001');
  await spotTrade(request, bettor, 'sell', '0.0002');
}

/** Waits until the dialog has zoomed in (its animations ended), for a steady picture. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      return !target?.closest('.ant-modal-root') || animation.playState !== 'running';
    }),
  );
}

/**
 * Clicks Up or Down, checks the dialog's figures and confirms; returns them with the order the
 * server accepted (its answer to microtrade/submit).
 */
async function placeOrder(
  page: Page,
  side: 'up' | 'down',
  expected: Shown,
): Promise<Shown & { order: MicroOrder }> {
  await page.getByTestId(`micro-${side}`).click();
  const dialog = page.getByTestId('micro-confirm');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('micro-confirm-pair')).toHaveText('BTC/USDT');
  await expect(dialog.getByTestId('micro-confirm-direction')).toHaveText(
    side === 'up' ? 'Up' : 'Down',
  );
  await expect(dialog.getByTestId('micro-confirm-seconds')).toContainText('5 s');
  const read = async (name: string) =>
    (await dialog.getByTestId(`micro-confirm-${name}`).getAttribute('data-value')) ?? '';
  const shown = {
    stake: await read('stake'),
    fee: await read('fee'),
    payout: await read('payout'),
  };
  expect(shown).toEqual(expected);
  await expect(dialog.getByTestId('micro-confirm-fee')).toHaveText(
    `${Number(expected.fee).toFixed(2)} USDT`,
  );
  await expect(dialog.getByTestId('micro-confirm-payout')).toHaveText(
    `${Number(expected.payout).toFixed(2)} USDT`,
  );
  await expect(dialog.getByTestId('micro-confirm-expected')).toContainText(
    `If you are right you receive ${Number(expected.payout).toFixed(2)} USDT`,
  );
  const answer = page.waitForResponse((r) => r.url().includes('/api/microtrade/submit'));
  await page.getByTestId('micro-confirm-ok').click();
  const { data: order } = (await (await answer).json()) as { data: MicroOrder };
  await expect(toast(page, 'Order placed')).toBeVisible();
  await expect(dialog).toBeHidden();
  return { ...shown, order };
}

test('a guest is sent to log in', async ({ browser }) => {
  const page = await openAs(browser, null, '/second');
  await expect(page).toHaveURL(/\/login\?page=%2Fsecond$/);
  await expect(toast(page, 'Please log in to trade micro options.')).toBeVisible();
  await page.context().close();
});

test('a trader places an up and a down order, sees them settle and how', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const trader = await microTrader(request);
  // Spot money for the trades printed around the orders: the bettor's own and another user's.
  await fund(request, trader.email, { BTC: '0.01' }, 'e2e micro own trades');
  const other = await signUpTrader(request, {
    prefix: 'secondother',
    password: PASSWORD,
    funds: { amounts: { USDT: '1000' }, reason: 'e2e micro index trades' },
  });
  const page = await openAs(browser, trader.token, '/second');
  await page.getByTestId('micro-pair-BTC/USDT').click();
  await expect(page.getByTestId('micro-pair-BTC/USDT')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('micro-symbol')).toHaveText('BTC/USDT');
  await expect(page.getByTestId('micro-last')).not.toHaveText('');
  expect(await page.evaluate(() => localStorage.getItem('micro_pair'))).toBe(String(BTC_USDT));
  const balance = page.getByTestId('micro-balance');
  await expect(balance).toHaveAttribute('data-value', FUNDS);
  await expect(balance).toHaveText('1,000.00 USDT');
  await expect(page.getByTestId('micro-limits')).toHaveText('Min 10 · Max 10,000 USDT');
  await expect(page.getByTestId('micro-list-open-empty')).toHaveText('No order in progress.');

  // The pair's options, each with its profit.
  await expect(page.getByTestId('micro-seconds-5')).toContainText('+80%');
  await expect(page.getByTestId('micro-seconds-30')).toContainText('+85%');
  await page.getByTestId('micro-seconds-5').click();
  await expect(page.getByTestId('micro-seconds-5')).toHaveAttribute('aria-pressed', 'true');

  // A typed stake below the minimum is refused before any dialog.
  const custom = page.getByTestId('micro-custom');
  await custom.fill('5');
  await expect(page.getByTestId('micro-stake-problem')).toHaveText(
    'The stake must be between 10 and 10000 USDT',
  );
  await page.getByTestId('micro-up').click();
  await expect(toast(page, 'The stake must be between 10 and 10000 USDT')).toBeVisible();
  await expect(page.getByTestId('micro-confirm')).toHaveCount(0);

  // UP with the preset 50: fee 0.5, 50 + 50 × 0.8 = 90 if right. Trades printed just before an
  // order fall in its open window (the 10 s up to the next whole second); trades printed just
  // after it, in its end window (5 s later): each window has a trade of the other user and one of
  // the bettor.
  await page.getByTestId('micro-preset-50').click();
  await expect(custom).toHaveValue('');
  await expect(page.getByTestId('micro-preset-50')).toHaveAttribute('aria-pressed', 'true');
  await printTrades(request, other.token, trader.token);
  const up = await placeOrder(page, 'up', { stake: '50', fee: '0.5', payout: '90' });
  await printTrades(request, other.token, trader.token);
  expect(up.order).toMatchObject({ type: 1, status: 1, number: '50', fee: '0.5', seconds: 5 });
  // Held at once: stake and fee left the micro account (the order ends 5 s after it opens).
  const afterUp = units(FUNDS) - units(up.stake) - units(up.fee);
  expect(units((await usdt(request, trader.token)).micro_account.balance)).toBe(afterUp);
  const openList = page.getByTestId('micro-list-open');
  const upRow = openList.getByTestId(`micro-row-${String(up.order.id)}`);
  await expect(upRow.getByTestId(`micro-direction-${String(up.order.id)}`)).toHaveText('Up');
  // Success toasts last a second: gone before the next order's.
  await expect(toast(page, 'Order placed')).toHaveCount(0);

  // DOWN with a typed 25.5, which wins over the preset: fee 0.255 → 0.25, payout 25.5 + 20.4.
  await custom.fill('25.5');
  await expect(page.getByTestId('micro-preset-50')).toHaveAttribute('aria-pressed', 'false');
  const down = await placeOrder(page, 'down', { stake: '25.5', fee: '0.25', payout: '45.9' });
  await printTrades(request, other.token, trader.token);
  expect(down.order).toMatchObject({ type: 2, status: 1, number: '25.5', fee: '0.25' });
  const held = afterUp - units(down.stake) - units(down.fee);
  const upOrder = up.order;
  const downOrder = down.order;
  const downRow = openList.getByTestId(`micro-row-${String(downOrder.id)}`);

  // A settled order's row shows it closed (as pushed) before it leaves the list: watch for it.
  await page.evaluate(() => {
    const seen = window as unknown as { sawClosedRow?: boolean };
    seen.sawClosedRow = false;
    const check = () => {
      if (document.querySelector('[data-testid="micro-list-open"] [data-status="3"]')) {
        seen.sawClosedRow = true;
      }
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  });

  // The order just placed is listed and counts down, second by second.
  await expect(downRow.getByTestId(`micro-stake-${String(downOrder.id)}`)).toHaveText('25.50 USDT');
  const remain = downRow.getByTestId(`micro-remain-${String(downOrder.id)}`);
  await expect(remain).toHaveText(/^00:0[2-6]$/);
  const first = (await remain.textContent()) ?? '';
  await expect(remain).not.toHaveText(first, { timeout: 2_500 });
  await expect(remain).toHaveText(/^(00:0[0-5]|Settling…|Settled)$/);
  await page.screenshot({ path: 'screenshots/second-orders-desktop-dark.png', fullPage: true });

  // MICRO_CLOSED: both leave the in-progress list and show under closed.
  await expect(upRow).toHaveCount(0, { timeout: 45_000 });
  await expect(downRow).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('micro-list-open-empty')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { sawClosedRow?: boolean }).sawClosedRow),
    'a MICRO_CLOSED push showed the closed order in place before removing it',
  ).toBe(true);
  await page.getByTestId('micro-tab-closed').click();
  const closedList = page.getByTestId('micro-list-closed');
  const closed = await orders(request, trader.token, 3);
  expect(closed).toHaveLength(2);
  // Every window had a trade of another user above the minimum volume: no order is void.
  expect(closed.map((o) => o.outcome)).not.toContain('void');

  // The balance: before − stakes − fees + per order stake + gain (win), 0 (loss), stake + fee
  // (tie, void), with the figures the dialog showed.
  let expected = held;
  for (const [shown, order] of [
    [up, closed.find((o) => o.id === upOrder.id)],
    [down, closed.find((o) => o.id === downOrder.id)],
  ] as const) {
    expect(order?.status).toBe(3);
    if (!order) return;
    const id = String(order.id);
    const result = closedList.getByTestId(`micro-result-${id}`);
    await expect(result).toHaveAttribute('data-outcome', order.outcome ?? '');
    const profit = (await result.getAttribute('data-value')) ?? '';
    // Both prices are shown once known (a void order has none).
    if (order.outcome !== 'void') {
      await expect(closedList.getByTestId(`micro-open-${id}`)).not.toHaveText('—');
      await expect(closedList.getByTestId(`micro-end-${id}`)).not.toHaveText('—');
    }
    switch (order.outcome) {
      case 'win':
        expect(units(profit)).toBe(units(shown.payout) - units(shown.stake));
        expected += units(shown.payout);
        break;
      case 'loss':
        expect(units(profit)).toBe(-units(shown.stake));
        break;
      default:
        expect(units(profit)).toBe(0n);
        expected += units(shown.stake) + units(shown.fee);
    }
  }
  await expect
    .poll(async () => units((await usdt(request, trader.token)).micro_account.balance))
    .toBe(expected);
  // The screen shows the same balance (MICRO_CLOSED refreshed it).
  await expect
    .poll(async () => units((await balance.getAttribute('data-value')) ?? '0'))
    .toBe(expected);

  // How the up order was settled: both indexes with their windows and every trade of them, the
  // bettor's own marked and left out; each index is recomputed here and by the page.
  const upId = String(upOrder.id);
  const proof = await call<{ open: EvidenceSide; end: EvidenceSide | null }>(
    request,
    'GET',
    `microtrade/evidence?id=${upId}`,
    undefined,
    trader.token,
  );
  await closedList.getByTestId(`micro-evidence-${upId}`).click();
  const evidence = page.getByTestId('micro-evidence');
  await expect(evidence).toBeVisible();
  await expect(evidence).toContainText('their volume-weighted average');
  await expect(evidence).toContainText('Your own trades, as buyer or seller');
  await expect(evidence).toContainText('Up wins if the end price is above the open price');
  for (const side of ['open', 'end'] as const) {
    const facts = side === 'open' ? proof.open : proof.end;
    expect(facts, `the ${side} index`).not.toBeNull();
    if (!facts) return;
    // The server's figures: the minimums, the counted and left-out trades, the index.
    const own = facts.trades.filter((t) => t.own === true);
    const counted = facts.trades.filter((t) => t.own !== true);
    expect(facts.source).toBe('trades');
    expect(facts).toMatchObject({ min_trades: 1, min_volume: '0.0001' });
    expect(own.length, `own trades in the ${side} window`).toBeGreaterThanOrEqual(1);
    expect(facts.excluded_own).toBe(own.length);
    expect(facts.counted).toBe(counted.length);
    expect(atto(facts.volume ?? '')).toBe(counted.reduce((sum, t) => sum + atto(t.qty ?? ''), 0n));
    expect(facts.index).not.toBeNull();
    expect(volumeWeighted(facts)).toBe(atto(facts.index ?? '0'));
    expect(facts.trades.every((t) => t.time > facts.from && t.time <= facts.to)).toBe(true);

    // The page shows the same.
    const id = `micro-evidence-${side}`;
    const section = evidence.getByTestId(id);
    await expect(section.getByTestId(`${id}-window`)).toContainText(' – ');
    await expect(section.getByTestId(`${id}-source`)).toHaveText(
      'Trades (volume-weighted average)',
    );
    await expect(section.getByTestId(`${id}-counted`)).toHaveText(
      `${String(counted.length)} (minimum 1)`,
    );
    await expect(section.getByTestId(`${id}-volume`)).toHaveAttribute(
      'data-value',
      facts.volume ?? '',
    );
    await expect(section.getByTestId(`${id}-volume`)).toContainText('BTC (minimum 0.0001 BTC)');
    await expect(section.getByTestId(`${id}-excluded`)).toHaveText(String(own.length));
    await expect(section.getByTestId(`${id}-index`)).toHaveText(shownPrice(facts.index ?? ''));
    const rows = section.getByTestId(`${id}-trades`).locator('tbody tr');
    await expect(rows).toHaveCount(facts.trades.length);
    await expect(section.getByTestId(`${id}-trades`).locator('tbody tr[data-own="1"]')).toHaveCount(
      own.length,
    );
    for (const trade of own) {
      const row = rows.filter({ hasText: new RegExp(`#${String(trade.id)}(?!\\d)`) });
      await expect(row).toHaveAttribute('data-own', '1');
      await expect(row.getByTestId('micro-evidence-own')).toHaveText('Yours');
    }
    await expect(section.getByTestId(`${id}-formula`)).toContainText(
      `rounded down to the price step: ${shownPrice(facts.index ?? '')}`,
    );
    await expect(section.getByTestId(`${id}-match`)).toHaveAttribute('data-matches', '1');
    await expect(section.getByTestId(`${id}-match`)).toContainText('the same index');
    await expect(section.getByTestId(`${id}-count`)).toHaveText(
      `Trades in the window: ${String(facts.trades.length)}`,
    );
  }
  await settled(page);
  // The whole dialog, own trades marked, in a window tall enough for it.
  await page.setViewportSize({ width: 1440, height: 2400 });
  await page.screenshot({ path: 'screenshots/second-evidence-own-desktop-dark.png' });
  await page.keyboard.press('Escape');
  await expect(evidence).toBeHidden();
  await page.context().close();
});

test('the screen fits light and dark, wide and phone', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const trader = await microTrader(request);
  const currency = await usdt(request, trader.token);
  const submit = (seconds: number, type: 1 | 2) =>
    call<MicroOrder>(
      request,
      'POST',
      'microtrade/submit',
      { match_id: BTC_USDT, currency_id: currency.id, type, seconds, number: '10' },
      trader.token,
    );
  // One closed order (5 s), so that the closed list and the evidence have content.
  await submit(5, 1);
  await expect
    .poll(async () => (await orders(request, trader.token, 3)).length, { timeout: 45_000 })
    .toBe(1);
  /** One order in progress with time to spare while a page is looked at. */
  const keepOneOpen = async () => {
    const open = await call<{ data: { remain_milli_seconds: number }[] }>(
      request,
      'GET',
      'microtrade/lists?status=1',
      undefined,
      trader.token,
    );
    if (!open.data.some((o) => o.remain_milli_seconds > 15_000)) await submit(30, 2);
  };

  for (const theme of ['light', 'dark']) {
    for (const view of [
      { name: 'desktop', width: 1440, height: 900 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      await keepOneOpen();
      const page = await openAs(browser, trader.token, '/second', {
        width: view.width,
        height: view.height,
        theme,
      });
      const label = `${view.name} ${theme}`;
      await expect(
        page.getByTestId('micro-list-open').locator('[data-status="1"]').first(),
      ).toBeVisible();
      await expect(page.getByTestId('kline-chart')).toBeVisible();
      await expect(page.getByTestId('micro-balance')).toBeVisible();
      await page.screenshot({
        path: `screenshots/second-${view.name}-${theme}.png`,
        fullPage: true,
      });
      expect(await sidewaysOverflow(page), label).toBeLessThanOrEqual(1);
      expect(await clippedCells(page), label).toEqual([]);

      await page.getByTestId('micro-tab-closed').click();
      const evidenceButton = page.locator('[data-testid^="micro-evidence-"]').first();
      await expect(evidenceButton).toBeVisible();
      expect(await clippedCells(page), `${label} closed`).toEqual([]);
      await evidenceButton.click();
      await expect(page.getByTestId('micro-evidence-open')).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `screenshots/second-evidence-${view.name}-${theme}.png` });
      // The whole dialog, in a window tall enough for it.
      await page.setViewportSize({ width: view.width, height: 2400 });
      await page.screenshot({
        path: `screenshots/second-evidence-dialog-${view.name}-${theme}.png`,
      });
      expect(await sidewaysOverflow(page), `${label} evidence`).toBeLessThanOrEqual(1);
      expect(await clippedCells(page), `${label} evidence`).toEqual([]);
      await page.context().close();
    }
  }
});
