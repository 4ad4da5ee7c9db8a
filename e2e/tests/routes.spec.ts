import { expect, test } from '@playwright/test';

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

test('screens of later releases and unknown paths show the not-found page', async ({ page }) => {
  for (const path of ['/lever', '/second', '/assets/no-such-page', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByTestId('not-found')).toBeVisible();
  }
});

test('the privacy notice opens from the register agreement', async ({ page }) => {
  await page.goto('/notice?id=371&category_id=7');
  await expect(page.getByTestId('notice-title')).toContainText('Privacy');
  await expect(page.getByTestId('notice-body')).toContainText('By registering you agree');
});
