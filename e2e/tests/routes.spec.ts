import { expect, test } from '@playwright/test';
import { signUpTrader } from './support.js';

test('the root redirects to /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});

test('sections redirect to their first child', async ({ page }) => {
  // The assets area needs a session: a guest continues to sign-in, which returns there afterwards.
  await page.goto('/assets');
  await expect(page).toHaveURL(/\/login\?page=%2Fassets%2FtradeAccount$/);
  await page.goto('/legalIndex');
  await expect(page).toHaveURL(/\/legalIndex\/legal$/);
  await page.goto('/myshop');
  await expect(page).toHaveURL(/\/myshop\/myshoporders$/);
});

test('unknown paths show the not-found page', async ({ page }) => {
  for (const path of ['/coinlog/x', '/assets/no-such-page', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByTestId('not-found')).toBeVisible();
  }
});

test('the header’s Deposit shows the deposit channels', async ({ page, request }) => {
  const trader = await signUpTrader(request, { prefix: 'routes', password: 'routes2026' });
  await page.addInitScript((token) => window.localStorage.setItem('token', token), trader.token);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await page.getByTestId('nav-recharge').click();
  await expect(page).toHaveURL(/\/recharge$/);
  await expect(page.getByTestId('recharge-vnd')).toBeVisible();
  await expect(page.getByTestId('recharge-channels')).toBeVisible();
  // A direct load is a real page (200), not the not-found answer.
  const response = await page.goto('/recharge');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('recharge-page')).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
});

test('the privacy notice opens from the register agreement', async ({ page }) => {
  await page.goto('/notice?id=371&category_id=7');
  await expect(page.getByTestId('notice-title')).toContainText('Privacy');
  await expect(page.getByTestId('notice-body')).toContainText('By registering you agree');
});

test('a page reached from the bottom of another starts at its top', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  await page.goto('/home');
  const footerLink = page.locator('footer a[href^="/notice"]').first();
  await footerLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await footerLink.click();
  await expect(page).toHaveURL(/\/notice\?/);
  await expect(page.getByTestId('notice-title')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Back returns to where the reader was.
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
});
