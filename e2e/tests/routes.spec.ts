import { expect, test } from '@playwright/test';

test('the root redirects to /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});

test('sections redirect to their first child', async ({ page }) => {
  await page.goto('/assets');
  await expect(page).toHaveURL(/\/assets\/tradeAccount$/);
  await page.goto('/legalIndex');
  await expect(page).toHaveURL(/\/legalIndex\/legal$/);
  await page.goto('/myshop');
  await expect(page).toHaveURL(/\/myshop\/myshoporders$/);
});

test('screens of later releases and unknown paths show the not-found page', async ({ page }) => {
  for (const path of ['/assets/tradeAccount', '/lever', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByTestId('not-found')).toBeVisible();
  }
});

test('the privacy notice opens from the register agreement', async ({ page }) => {
  await page.goto('/notice?id=371&category_id=7');
  await expect(page.getByTestId('notice-title')).toContainText('Privacy');
  await expect(page.getByTestId('notice-body')).toContainText('By registering you agree');
});
