import { expect, test } from '@playwright/test';
import { codeFromOutbox, uniqueEmail } from './support.js';

test('a visitor registers with an e-mail code, logs out and logs in again', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  const password = 'trade2026';

  await page.goto('/register');
  await page.getByTestId('register-account').fill(email);
  await page.getByTestId('register-send-code').click();
  // The send button counts down for 60 s after a successful send.
  await expect(page.getByTestId('register-send-code')).toContainText(/\d+/);
  const code = await codeFromOutbox(request, email);
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-repassword').fill(password);
  await expect(page.getByTestId('register-agree')).toBeChecked();
  await page.getByTestId('register-submit').click();

  // After success the app goes to login.
  await expect(page).toHaveURL(/\/login/);
  await page.getByTestId('login-tab-email').click();
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-password').press('Enter');
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page).toHaveURL(/\/home/);

  // Log out: back to login after a second, the header offers login again.
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('header-login')).toBeVisible();

  // And in again, this time with the login button.
  await page.getByTestId('login-tab-email').click();
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
});

test('the register form refuses mismatched passwords with the documents message', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByTestId('register-account').fill(uniqueEmail());
  await page.getByTestId('register-code').fill('123456');
  await page.getByTestId('register-password').fill('abc12345');
  await page.getByTestId('register-repassword').fill('abc99999');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('The two passwords do not match')).toBeVisible();
});

test('a wrong password is refused with a translated message', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-tab-email').click();
  await page.getByTestId('login-account').fill('demo@exchange.test');
  await page.getByTestId('login-password').fill('wrong1234');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Incorrect account or password')).toBeVisible();
  await expect(page.getByTestId('header-login')).toBeVisible();
});

test('an invitation link pre-fills and locks the invitation field', async ({ page }) => {
  await page.goto('/register?extension_code=INVITE42&haccount=friend@example.com');
  const invite = page.getByTestId('register-invite');
  await expect(invite).toHaveValue('INVITE42');
  await expect(invite).toBeDisabled();
  await expect(page.getByTestId('register-account')).toHaveValue('friend@example.com');
});

test('login returns to the page that sent the visitor there', async ({ page }) => {
  await page.goto('/login?page=%2Fnotice%3Fid%3D371%26category_id%3D7');
  await page.getByTestId('login-tab-email').click();
  await page.getByTestId('login-account').fill('demo@exchange.test');
  await page.getByTestId('login-password').fill('demo123456');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/notice\?id=371/);
});
