import { expect, test } from '@playwright/test';

test('language and theme choices survive a reload', async ({ page }) => {
  await page.goto('/home');
  // Dark is the default theme.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByTestId('theme-switch').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await page.getByTestId('lang-picker').click();
  await page
    .getByRole('option', { name: 'Deutsch' })
    .or(page.getByText('Deutsch', { exact: true }))
    .first()
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', /de|du/);
  const loginLabel = await page.getByTestId('header-login').innerText();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByTestId('header-login')).toHaveText(loginLabel);
  expect(loginLabel.trim()).not.toBe('Log in');
});
