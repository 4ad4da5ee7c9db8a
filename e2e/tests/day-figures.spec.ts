import { expect, test, type Page } from '@playwright/test';

interface Match {
  symbol: string;
  currency_quotation: { close: string; change: string; high: string; low: string; volume: string };
}

/**
 * BTC/USDT as a market with nothing in its last 24 h: the server then sends its last close and
 * '0' for the day's figures. No pushes reach the page, so the answer stays as sent.
 */
async function quietBtc(page: Page) {
  await page.routeWebSocket(/\/ws$/, () => undefined);
  await page.route(/\/api\/market\/currency_matches/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { matches: Match[] }[] };
    for (const group of body.data) {
      for (const match of group.matches) {
        if (match.symbol !== 'BTC/USDT') continue;
        match.currency_quotation = {
          ...match.currency_quotation,
          change: '0',
          high: '0',
          low: '0',
          volume: '0',
        };
      }
    }
    await route.fulfill({ status: 200, json: body });
  });
}

test('a market with nothing in 24 h shows "--" for its day figures, not zeros', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await quietBtc(page);

  await page.goto('/markets');
  const btc = page.locator('[data-symbol="BTC/USDT"]').first();
  await expect(btc.getByTestId('pair-change')).toHaveText('--');
  await expect(btc.getByTestId('pair-volume')).toHaveText('--');
  await expect(btc.getByTestId('pair-close')).toHaveText(/^[\d,]+\.\d{2}$/);
  // Another market keeps its figures.
  const eth = page.locator('[data-symbol="ETH/USDT"]').first();
  await expect(eth.getByTestId('pair-change')).toHaveText(/^[+-]\d+\.\d{2}%$/);

  await page.goto('/home');
  const tag = page.getByTestId('home-market-table').locator('[data-symbol="BTC/USDT"]');
  await expect(tag.getByTestId('pair-change')).toHaveText('--');

  await page.goto('/trade');
  await expect(page.getByTestId('ticker-symbol')).toHaveText('BTC/USDT');
  await expect(page.getByTestId('ticker-change')).toHaveText('--');
  // Change, high, low and volume: four "--", and no day figure of 0.
  const header = (await page.getByTestId('ticker-header').textContent()) ?? '';
  expect(header.split('--')).toHaveLength(5);
});
