import { expect, test, type Page } from '@playwright/test';
import { setPreferences } from './support.js';

/** The change column as numbers (percent), in the order shown. */
async function changes(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('market-row').getByTestId('pair-change').allTextContents();
  return texts.map((text) => Number(text.replace('%', '')));
}

/** The values as they would be sorted (1 ascending, -1 descending). */
const sortedCopy = (values: number[], direction: 1 | -1) =>
  [...values].sort((a, b) => (a - b) * direction);

test('the home table lists live pairs with a trade button', async ({ page }) => {
  await page.goto('/home');
  const table = page.getByTestId('home-market-table');
  const rows = table.getByTestId('market-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);

  const btc = table.locator('[data-symbol="BTC/USDT"]');
  await expect(btc.getByTestId('pair-symbol')).toHaveText('BTC/USDT');
  await expect(btc.locator('img')).toHaveAttribute('src', '/coins/btc.svg');
  await expect(btc.getByTestId('pair-close')).toHaveText(/^[\d,]+\.\d{2}$/);
  await expect(btc.getByTestId('pair-change')).toHaveText(/^[+-]\d+\.\d{2}%$/);

  // The other quote group has its own rows.
  await page.getByTestId('home-market-groups').getByText('BTC', { exact: true }).click();
  await expect(table.locator('[data-symbol="ETH/BTC"]')).toBeVisible();
  await page.getByTestId('home-market-groups').getByText('USDT', { exact: true }).click();

  await btc.getByTestId('pair-trade').click();
  await expect(page).toHaveURL(/\/trade\?id=0$/);
});

test('prices update live without a reload', async ({ page }) => {
  await page.goto('/markets');
  const cells = page.getByTestId('market-row').getByTestId('pair-close');
  await expect(cells.first()).toBeVisible();
  const before = (await cells.allTextContents()).join('|');
  const volumes = async () =>
    (await page.getByTestId('market-row').getByTestId('pair-volume').allTextContents()).join('|');
  const volumesBefore = await volumes();
  // The demo market maker trades every few seconds; DAY_MARKET carries the new quotations.
  await expect
    .poll(async () => (await cells.allTextContents()).join('|') + (await volumes()), {
      timeout: 30_000,
      intervals: [500],
    })
    .not.toBe(before + volumesBefore);
});

test('a failed load offers a retry', async ({ page }) => {
  // Hold the first answers back: the skeleton shows, then the error with its retry button.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/market/currency_matches*', async (route) => {
    await held;
    await route.abort();
  });
  await page.goto('/markets');
  await expect(page.getByTestId('markets-loading')).toBeVisible();
  release();
  await expect(page.getByTestId('markets-error')).toBeVisible({ timeout: 15_000 });

  await page.unroute('**/api/market/currency_matches*');
  await page.getByTestId('markets-retry').click();
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  await expect(page.getByTestId('markets-error')).toHaveCount(0);
});

test('/markets sorts by change, filters by symbol and switches quote group', async ({ page }) => {
  await page.goto('/markets');
  const rows = page.getByTestId('market-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('pair-cny').first()).toHaveText(/^≈ ¥[\d,]+\.\d{2}$/);

  const sort = page.getByTestId('sort-change');
  await sort.click();
  await expect(page.locator('th[aria-sort="descending"]')).toContainText('24h change');
  const down = await changes(page);
  expect(down).toEqual(sortedCopy(down, -1));
  const descending = await rows.evaluateAll((els) => els.map((el) => el.dataset.symbol));
  await sort.click();
  await expect(page.locator('th[aria-sort="ascending"]')).toContainText('24h change');
  const up = await changes(page);
  expect(up).toEqual(sortedCopy(up, 1));
  const ascending = await rows.evaluateAll((els) => els.map((el) => el.dataset.symbol));
  if (new Set(await changes(page)).size > 1) expect(ascending).not.toEqual(descending);

  await page.getByTestId('sort-pair').click();
  const byName = await rows.evaluateAll((els) => els.map((el) => el.dataset.symbol ?? ''));
  expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));

  const search = page.getByTestId('markets-search');
  await search.fill('eth');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-symbol', 'ETH/USDT');
  await search.fill('nothing');
  await expect(rows).toHaveCount(0);
  await expect(page.getByTestId('markets-empty')).toContainText('nothing');
  await search.fill('');

  await page.getByTestId('markets-tabs').getByText('BTC', { exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-symbol', 'ETH/BTC');
  // The /trade index counts pairs of every group in order, not the rows of the tab.
  await rows.first().click();
  await expect(page).toHaveURL(/\/trade\?id=8$/);
});

test('a guest is asked to log in for favourites; a user keeps them', async ({ page }) => {
  await page.goto('/markets');
  const row = page.locator('[data-testid="market-row"][data-symbol="SOL/USDT"]');
  const star = row.getByTestId('pair-star');
  await star.click();
  const ask = page.getByTestId('favorite-login');
  await expect(ask).toBeVisible();
  await expect(page).toHaveURL(/\/markets$/);
  await ask.getByRole('link').click();
  await expect(page).toHaveURL(/\/login\?page=%2Fmarkets$/);

  await page.getByTestId('login-tab-email').click();
  await page.getByTestId('login-account').fill('demo@exchange.test');
  await page.getByTestId('login-password').fill('demo123456');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/markets$/);

  await expect(star).toHaveAttribute('aria-pressed', /true|false/);
  const was = (await star.getAttribute('aria-pressed')) === 'true';
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', String(!was));
  // The server kept it: a reload shows the same star, and the favourites tab lists the pair.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(star).toHaveAttribute('aria-pressed', String(!was));
  await page.getByTestId('markets-tabs').getByText('Favourites').click();
  const favourite = page.locator('[data-testid="market-row"][data-symbol="SOL/USDT"]');
  await expect(favourite).toHaveCount(was ? 0 : 1);

  // Back as it was, for the next run against the same database.
  await page.getByTestId('markets-tabs').getByText('USDT', { exact: true }).click();
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', String(was));
  await page.waitForLoadState('networkidle');
});

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const theme of ['dark', 'light']) {
  for (const viewport of VIEWPORTS) {
    test(`market screens in ${theme} theme at ${viewport.name} width`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await setPreferences(page, { theme });
      for (const [path, name] of [
        ['/home', 'markets-home'],
        ['/markets', 'markets'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.getByTestId('market-row').first()).toBeVisible();
        // The home table sits below the carousel; /markets starts at the top.
        if (path === '/home') await page.getByTestId('home-market-table').scrollIntoViewIfNeeded();
        else await page.evaluate(() => window.scrollTo(0, 0));
        // The viewport only: the sticky header would sit mid-page in a full-page capture.
        await page.screenshot({ path: `screenshots/${name}-${theme}-${viewport.name}.png` });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(1);
      }
    });
  }
}
