import { expect, test } from '@playwright/test';

test('language and theme choices survive a reload', async ({ page }) => {
  await page.goto('/home');
  // Dark is the default theme.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByTestId('theme-switch').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // The menu slides in; a click that lands while it still moves can miss its entry, as a
  // person's would, so open it and click German again until the page reads German.
  await expect(async () => {
    const german = page.getByTestId('lang-du');
    if (!(await german.isVisible())) await page.getByTestId('lang-picker').click();
    await german.click({ timeout: 2_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', /de|du/, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const loginLabel = await page.getByTestId('header-login').innerText();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByTestId('header-login')).toHaveText(loginLabel);
  expect(loginLabel.trim()).not.toBe('Log in');
});
