import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { call, openAs, signUpTrader, type OpenOptions, type Trader } from './support.js';

/*
 * The trade screen's layout as a trader sees it: the order form above the fold, an order book
 * without empty rows, market orders at their average price in the history, and a chart legend
 * that reads the bar under the cursor in Bangkok time. The demo market maker runs here (DEMO=1,
 * MARKET_MAKER defaults on): it quotes 20 levels a side; the tests add levels of their own.
 */

const PASSWORD = 'layout2026';
const BTC_USDT = { index: 0, id: 1, priceDecimals: 2, qtyDecimals: 6 };

async function newTrader(request: APIRequestContext, funds: Record<string, string>) {
  return signUpTrader(request, {
    prefix: 'layout',
    password: PASSWORD,
    funds: { amounts: funds, reason: 'e2e trade layout' },
  });
}

async function openTrade(
  browser: Browser,
  trader: Trader | null,
  options: OpenOptions = {},
): Promise<Page> {
  const page = await openAs(browser, trader?.token ?? null, `/trade?id=${String(BTC_USDT.index)}`, {
    width: 1440,
    height: 900,
    ...options,
  });
  await expect(page.getByTestId('ticker-symbol')).toHaveText('BTC/USDT');
  return page;
}

/** English thousands separators on a plain decimal string (`64870.00` → `64,870.00`). */
function group(value: string): string {
  const [whole = '0', fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A decimal string floored to `places` decimals, zeros kept, grouped (the English screen). */
function truncate(value: string, places: number): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return group(places > 0 ? `${whole}.${fraction.slice(0, places).padEnd(places, '0')}` : whole);
}

/** A figure as the English screen shows it, read back as a number (`64,870.00` → 64870). */
function figure(text: string): number {
  return Number(text.replaceAll(',', ''));
}

/** `total / amount` floored to `places` decimals, in integers (no float rounding), grouped. */
function average(total: string, amount: string, places: number): string {
  const units = (text: string, scale: number) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  };
  const scale = 12;
  const quotient = (units(total, scale) * 10n ** BigInt(places)) / units(amount, scale);
  const text = quotient.toString().padStart(places + 1, '0');
  return group(`${text.slice(0, -places)}.${text.slice(-places)}`);
}

test('signed in at 1440×900, Buy BTC and Sell BTC are in the window without scrolling', async ({
  browser,
  request,
}) => {
  const trader = await newTrader(request, { USDT: '1000' });
  const page = await openTrade(browser, trader);
  const buy = page.getByRole('button', { name: 'Buy BTC' });
  const sell = page.getByRole('button', { name: 'Sell BTC' });
  await expect(buy).toBeVisible();
  await expect(sell).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  for (const button of [buy, sell]) {
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    if (!box) continue;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
  }

  // The pairs column ends with the order form beside it: its list scrolls inside its panel.
  const pairs = await page.getByTestId('pair-list').boundingBox();
  const form = await page.getByTestId('order-form').boundingBox();
  expect(pairs && form && pairs.y + pairs.height <= form.y + form.height + 1).toBe(true);
  const list = page.getByTestId('pair-list').locator('ul');
  expect(await list.evaluate((ul) => getComputedStyle(ul).overflowY)).toBe('auto');
  await page.context().close();
});

interface BookSnapshot {
  asks: { price: string; amount: string; top: number; bottom: number }[];
  bids: { price: string; amount: string; top: number; bottom: number }[];
  /** Height left in each side's box below/above its rows. */
  asksRoom: number;
  bidsRoom: number;
  spreadTop: number;
  spreadBottom: number;
  spread: string;
  last: string;
}

/** The book as shown, read at one moment (the maker re-quotes every few seconds). */
function readBook(page: Page): Promise<BookSnapshot> {
  return page.getByTestId('order-book').evaluate((book) => {
    const side = (id: string) => {
      const box = book.querySelector(`[data-testid="${id}"]`);
      const rows: Element[] = box
        ? Array.from(box.querySelectorAll('[data-testid^="book-ask"], [data-testid^="book-bid"]'))
        : [];
      const shown = rows.map((row) => {
        const rect = row.getBoundingClientRect();
        return {
          price: row.querySelector('[data-testid="book-price"]')?.textContent ?? '',
          amount: row.querySelector('[data-testid="book-amount"]')?.textContent ?? '',
          top: rect.top,
          bottom: rect.bottom,
        };
      });
      const used = shown.reduce((sum, r) => sum + (r.bottom - r.top), 0);
      return { shown, room: (box?.clientHeight ?? 0) - used };
    };
    const asks = side('book-asks');
    const bids = side('book-bids');
    const spread = book.querySelector('[data-testid="book-spread"]')?.getBoundingClientRect();
    return {
      asks: asks.shown,
      bids: bids.shown,
      asksRoom: asks.room,
      bidsRoom: bids.room,
      spreadTop: spread?.top ?? 0,
      spreadBottom: spread?.bottom ?? 0,
      spread: book.querySelector('[data-testid="book-spread-value"]')?.textContent ?? '',
      last: book.querySelector('[data-testid="book-last"]')?.textContent ?? '',
    };
  });
}

test('the order book fills its rows with levels, asks highest first, spread in the middle', async ({
  browser,
  request,
}) => {
  // Six asks far above the market and six bids far below: the book has 11 levels a side.
  const trader = await newTrader(request, { USDT: '1000', BTC: '0.1' });
  for (let i = 0; i < 6; i += 1) {
    await call(
      request,
      'POST',
      'tx_out/add',
      { currency_match_id: BTC_USDT.id, number: '0.001', price: String(90000 + i), type: 0 },
      trader.token,
    );
    await call(
      request,
      'POST',
      'tx_in/add',
      { currency_match_id: BTC_USDT.id, number: '0.01', price: String(1000 + i), type: 0 },
      trader.token,
    );
  }
  const page = await openTrade(browser, trader);
  await expect(page.getByTestId('book-ask1')).toBeVisible();
  await expect(page.getByTestId('book-bid1')).toBeVisible();
  const decimal = /^\d{1,3}(,\d{3})*\.\d{2}$/;
  const amount = /^\d{1,3}(,\d{3})*\.\d{6}$/;

  await expect(async () => {
    const book = await readBook(page);
    // Every row is a level with a price and an amount: no `--`.
    expect(book.asks.length).toBeGreaterThanOrEqual(5);
    expect(book.bids.length).toBeGreaterThanOrEqual(5);
    for (const row of [...book.asks, ...book.bids]) {
      expect(row.price).toMatch(decimal);
      expect(row.amount).toMatch(amount);
    }
    await expect(page.getByTestId('order-book')).not.toContainText('--');
    // The book has more levels than fit: each side is as full as its box allows.
    expect(book.asksRoom).toBeLessThan(22);
    expect(book.bidsRoom).toBeLessThan(22);

    // Asks: highest at the top, the lowest (sell1) next to the spread; bids: highest first.
    const asks = book.asks.map((r) => figure(r.price));
    const bids = book.bids.map((r) => figure(r.price));
    expect(asks).toEqual([...asks].sort((a, b) => b - a));
    expect(new Set(asks).size).toBe(asks.length);
    expect(bids).toEqual([...bids].sort((a, b) => b - a));
    const bestAsk = asks[asks.length - 1] ?? 0;
    const bestBid = bids[0] ?? 0;
    expect(bestAsk).toBeGreaterThan(bestBid);

    // The last price and the spread (best ask − best bid) sit between the two sides.
    expect(book.spreadTop).toBeGreaterThanOrEqual(book.asks[book.asks.length - 1]?.bottom ?? 0);
    expect(book.spreadBottom).toBeLessThanOrEqual(book.bids[0]?.top ?? 0);
    expect(book.last).toMatch(decimal);
    expect(book.spread).toBe(group((bestAsk - bestBid).toFixed(2)));
  }).toPass({ timeout: 15_000 });

  // Our far asks are beyond the rows that fit (the best levels are shown), our best bid is in.
  await expect(page.getByTestId('book-asks')).not.toContainText('90,005.00');
  await page.context().close();
});

interface OrderRow {
  id: number;
  type: number;
  price: string;
  transacted_amount: string;
  transacted_volume: string;
  created_at: number;
  updated_at: number;
}

test('order history: a market order shows its average fill price, times are creation times', async ({
  browser,
  request,
}) => {
  const trader = await newTrader(request, { USDT: '100000' });
  const limit = await call<OrderRow>(
    request,
    'POST',
    'tx_in/add',
    { currency_match_id: BTC_USDT.id, number: '0.01', price: '1000', type: 0 },
    trader.token,
  );
  await new Promise((r) => setTimeout(r, 1_200));
  await call(
    request,
    'POST',
    'tx_in/add',
    { currency_match_id: BTC_USDT.id, number: '0.2', type: 1 },
    trader.token,
  );
  await new Promise((r) => setTimeout(r, 1_200));
  // Cancelled a while after it was placed: its update time is not its creation time.
  await call(request, 'POST', 'tx_in/cancel', { id: limit.id }, trader.token);

  const history = await call<{ data: OrderRow[] }>(
    request,
    'GET',
    'tx_history/list?page=1&limit=10',
    undefined,
    trader.token,
  );
  const [market, cancelled] = history.data;
  if (!market || !cancelled) throw new Error('two finished orders expected');
  expect(market.type).toBe(1);
  expect(cancelled.id).toBe(limit.id);
  expect(cancelled.updated_at - cancelled.created_at).toBeGreaterThan(1_000);

  const page = await openTrade(browser, trader);
  await page.getByTestId('history-tab-history').click();
  const table = page.getByTestId('orders-history');
  const rows = table.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  // The list is newest created first, and its time column says it shows creation times.
  await expect(table.locator('th').first()).toHaveText('Created (UTC+7)');

  // Bought 0.2 BTC at market across the maker's asks: the price is total ÷ amount.
  const expected = average(
    market.transacted_volume,
    market.transacted_amount,
    BTC_USDT.priceDecimals,
  );
  const marketRow = rows.nth(0);
  await expect(marketRow.getByTestId(`price-${String(market.id)}`)).toHaveText(expected);
  await expect(marketRow).not.toContainText('Market');
  await expect(rows.nth(1).getByTestId(`price-${String(cancelled.id)}`)).toHaveText('1,000.00');

  // Each time shown is the order's creation time (MM-DD HH:mm:ss in the chart's zone, UTC+7).
  const shown = (order: OrderRow) => {
    const d = new Date(order.created_at + 7 * 3_600_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  };
  await expect(page.getByTestId(`created-${String(market.id)}`)).toHaveText(shown(market));
  await expect(page.getByTestId(`created-${String(cancelled.id)}`)).toHaveText(shown(cancelled));
  await page.context().close();
});

interface Bar {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

const bangkok = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Bangkok',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-25 17:30`: a bar's opening time in Bangkok. */
function bangkokTime(ms: number): string {
  const p = Object.fromEntries(bangkok.formatToParts(ms).map((part) => [part.type, part.value]));
  return `${p.year ?? ''}-${p.month ?? ''}-${p.day ?? ''} ${p.hour ?? ''}:${p.minute ?? ''}`;
}

test('hovering a candle shows its O H L C V and its time in Bangkok (UTC+7)', async ({
  browser,
}) => {
  const page = await openTrade(browser, null);
  const legend = page.getByTestId('chart-legend');
  await expect(legend).toContainText('UTC+7');

  // The bars the chart draws, as the browser received them.
  const response = page.waitForResponse((r) => r.url().includes('/api/market/kline'));
  await page.reload();
  const bars = ((await (await response).json()) as { data: Bar[] }).data;
  expect(bars.length).toBeGreaterThan(20);
  await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();
  await page.waitForTimeout(500);

  const canvas = await page.getByTestId('kline-chart').locator('canvas').first().boundingBox();
  if (!canvas) throw new Error('no chart');
  // Away from the bars the legend shows the latest one.
  await expect(legend).toHaveAttribute('data-time', /^\d+$/);
  let before = (await legend.getAttribute('data-time')) ?? '';
  const seen = new Set<string>();
  for (const share of [0.35, 0.6]) {
    await page.mouse.move(canvas.x + canvas.width * share, canvas.y + canvas.height * 0.5);
    await expect(legend).not.toHaveAttribute('data-time', before);
    before = (await legend.getAttribute('data-time')) ?? '';
    const time = Number(before);
    const bar = bars.find((b) => Math.floor(b.time / 1000) === time);
    expect(bar, `a bar at ${String(time)}`).toBeDefined();
    if (!bar) continue;
    seen.add(String(time));
    const p = (v: string) => truncate(v, BTC_USDT.priceDecimals);
    await expect(page.getByTestId('chart-ohlcv')).toHaveText(
      `O ${p(bar.open)} H ${p(bar.high)} L ${p(bar.low)} C ${p(bar.close)} V ${truncate(bar.volume, BTC_USDT.qtyDecimals)}`,
    );
    await expect(page.getByTestId('chart-legend-time')).toHaveText(
      `${bangkokTime(bar.time)} UTC+7`,
    );
  }
  // Two places, two bars.
  expect(seen.size).toBe(2);
  await page.context().close();
});

for (const shot of [
  { name: 'desktop-light', width: 1440, height: 900, theme: 'light' },
  { name: 'desktop-dark', width: 1440, height: 900, theme: 'dark' },
  { name: 'phone-dark', width: 390, height: 844, theme: 'dark' },
  { name: 'phone-light', width: 390, height: 844, theme: 'light' },
]) {
  test(`trade screen picture, ${shot.name}`, async ({ browser, request }) => {
    const trader = await newTrader(request, { USDT: '5000', BTC: '0.1' });
    await call(
      request,
      'POST',
      'tx_in/add',
      { currency_match_id: BTC_USDT.id, number: '0.01', price: '1000', type: 0 },
      trader.token,
    );
    await call(
      request,
      'POST',
      'tx_in/add',
      { currency_match_id: BTC_USDT.id, number: '0.001', type: 1 },
      trader.token,
    );
    const page = await openTrade(browser, trader, shot);
    await expect(page.locator('html')).toHaveAttribute('data-theme', shot.theme);
    await expect(page.getByRole('button', { name: 'Buy BTC' })).toBeVisible();
    if (shot.width < 768) {
      await page.getByTestId('trade-view-book').click();
      await expect(page.getByTestId('book-ask1')).toBeVisible();
      await page.screenshot({ path: `screenshots/trade-layout-${shot.name}-book.png` });
      await page.getByText('Chart', { exact: true }).click();
    } else {
      await expect(page.getByTestId('book-ask1')).toBeVisible();
      await expect(page.getByTestId('order-book')).not.toContainText('--');
    }
    await page.getByTestId('history-tab-history').click();
    await expect(page.getByTestId('orders-history').getByTestId('order-row')).toHaveCount(1);
    // The window as it opens (scroll position 0), then the whole page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: `screenshots/trade-layout-${shot.name}.png` });
    await page.screenshot({
      path: `screenshots/trade-layout-${shot.name}-full.png`,
      fullPage: true,
    });
    await page.context().close();
  });
}
