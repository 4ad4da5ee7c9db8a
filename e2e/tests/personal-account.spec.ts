import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  call,
  choose,
  clippedCells,
  codeFromOutbox,
  fund,
  login,
  openAs,
  screenshotWithoutOverflow,
  signUpTrader,
  toast,
  VIEWPORTS,
  type OpenOptions,
  type Trader,
} from './support.js';

/*
 * The account area as a user goes through it: the header's account menu and the area's own menu,
 * account settings (level, invite code, authorization code), binding an e-mail to a mobile-only
 * account, changing the login password, and the transaction log; every screen at both widths in
 * both themes.
 */

const PASSWORD = 'account2026';
const NEW_PASSWORD = 'changed2027';
const REASON = 'e2e account area';

/** Area 1 of the demo data is Vietnam, +84: codes for a number go to +84<number>. */
const AREA_ID = 1;
const CALLING_CODE = '84';

function newTrader(request: APIRequestContext): Promise<Trader> {
  return signUpTrader(request, { prefix: 'pa', password: PASSWORD });
}

let mobiles = 0;
/** A fresh 10-digit number per run. */
function uniqueMobile(): string {
  mobiles += 1;
  return `9${String(Date.now() % 1e8).padStart(8, '0')}${mobiles % 10}`;
}

/** A user registered with a mobile number only (no e-mail), and signed in. */
async function signUpMobile(
  request: APIRequestContext,
): Promise<{ mobile: string; token: string }> {
  const mobile = uniqueMobile();
  await call(request, 'POST', 'notify/send_sms', { to: mobile, type: 1, area_id: AREA_ID });
  const code = await codeFromOutbox(request, `+${CALLING_CODE}${mobile}`);
  await call(request, 'POST', 'user/register', {
    type: 'mobile',
    account: mobile,
    area_id: AREA_ID,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: code,
  });
  const token = await call<string>(request, 'POST', 'user/login', {
    login_type: 'mobile',
    account: mobile,
    country_code: Number(CALLING_CODE),
    password: PASSWORD,
  });
  return { mobile, token };
}

/** The server's and the form's text for a missing or wrong login password on /bindAccount. */
const REBIND_PASSWORD =
  'Enter your correct login password to bind or change the e-mail address of your account';
const NOTICE_SUBJECT = 'The e-mail address of your account was changed';

/** The freeze link (path and query) of the latest address-change notice sent to an address. */
async function freezeLink(request: APIRequestContext, to: string): Promise<string> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const { data } = (await res.json()) as { data: { subject: string; body: string }[] };
  const notice = data.find((m) => m.subject === NOTICE_SUBJECT);
  const link = notice?.body.match(/\/freezeAccount\?token=[0-9a-f]{64}/)?.[0];
  if (!link) throw new Error(`no freeze link sent to ${to}`);
  return link;
}

let shortMails = 0;
/** An address within the bind form's 20 characters, fresh per run. */
function shortEmail(): string {
  shortMails += 1;
  return `m${Date.now().toString(36)}${shortMails}@e2e.io`;
}

function openInEnglish(
  browser: Browser,
  token: string | null,
  path: string,
  options: OpenOptions = {},
): Promise<Page> {
  return openAs(browser, token, path, { lang: 'en', ...options });
}

/** Where each entry of the header's account menu leads. */
const ACCOUNT_MENU = [
  ['menu-account-settings', '/personal/accountSettings'],
  ['menu-transaction-log', '/personal/transactionLog'],
  ['menu-collection', '/personal/collectionSettings'],
  ['menu-authentication', '/personal/authentication'],
  ['menu-bank', '/personal/setBank'],
  ['menu-feedback', '/personal/feedback'],
] as const;

test('guests visiting the account area go to login', async ({ browser }) => {
  const page = await openInEnglish(browser, null, '/personal/accountSettings');
  await expect(page).toHaveURL(/\/login\?page=%2Fpersonal%2FaccountSettings$/);
  for (const path of ['/personal/transactionLog', '/resetPassword?fromSet=1', '/bindAccount']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?page=/);
  }
  await page.context().close();
});

test('the header account menu and the area menu reach every account page', async ({
  browser,
  request,
}) => {
  const trader = await newTrader(request);
  const page = await openInEnglish(browser, trader.token, '/home');
  for (const [testId, path] of ACCOUNT_MENU) {
    // The dropdown opens with an animation: a click that lands while it still moves is tried again.
    await expect(async () => {
      if (!(await page.getByTestId(testId).isVisible()))
        await page.getByTestId('account-menu').click();
      await page.getByTestId(testId).click({ timeout: 2_000 });
      await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId('personal-layout')).toBeVisible();
    const entry = path.split('/')[2] ?? '';
    await expect(page.getByTestId(`personal-menu-${entry}`)).toHaveAttribute(
      'aria-current',
      'page',
    );
  }

  // The area's own menu, from the last page back to the first.
  for (const [, path] of [...ACCOUNT_MENU].reverse()) {
    const entry = path.split('/')[2] ?? '';
    await page.getByTestId(`personal-menu-${entry}`).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await expect(page.getByTestId('account-settings-page')).toBeVisible();

  // On a phone the same entries are in the navigation drawer.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('nav-toggle').click();
  await page.getByTestId('menu-bank').click();
  await expect(page).toHaveURL(/\/personal\/setBank$/);
  await expect(page.getByTestId('personal-menu-setBank')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('nav-toggle').click();
  await page.getByTestId('menu-transaction-log').click();
  await expect(page).toHaveURL(/\/personal\/transactionLog$/);
  await page.getByTestId('personal-menu-accountSettings').click();
  await page.setViewportSize({ width: 1440, height: 900 });

  // The pages reached from the settings, and back.
  await page.getByTestId('change-password-link').click();
  await expect(page).toHaveURL(/\/resetPassword\?fromSet=1$/);
  await page.getByTestId('back-to-settings').click();
  await expect(page).toHaveURL(/\/personal\/accountSettings$/);
  await page.getByTestId('trade-password-link').click();
  await expect(page).toHaveURL(/\/tradePassword$/);
  await page.goto('/bindInfo');
  await expect(page.getByTestId('bind-info-email')).toContainText(trader.email);
  await expect(page.getByTestId('bind-info-phone')).toContainText('Not bound');
  // Both spellings of the bind page; an e-mail account is told its address.
  for (const path of ['/bindAccount', '/BindAccount']) {
    await page.goto(path);
    await expect(page.getByTestId('bind-email-bound')).toContainText(trader.email);
  }
  await page.context().close();
});

test('account settings: security level, invite code and the authorization code', async ({
  browser,
  request,
}) => {
  const trader = await newTrader(request);
  const info = await call<{ invite_code: string; security_level: number }>(
    request,
    'GET',
    'user/info',
    undefined,
    trader.token,
  );
  expect(info.security_level).toBe(75);
  const page = await openInEnglish(browser, trader.token, '/personal/accountSettings', {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await expect(page.getByTestId('security-level')).toHaveAttribute('data-level', '75');
  await expect(page.getByTestId('security-label')).toHaveText('Medium');
  await expect(page.getByTestId('bound-email')).toHaveText(trader.email);
  await expect(page.getByTestId('settings-phone')).toContainText('Not bound');
  await expect(page.getByTestId('identity-status')).toHaveText('Not verified');
  await expect(page.getByTestId('settings-trade-password')).toContainText('Not set');

  await expect(page.getByTestId('invite-code')).toHaveText(info.invite_code);
  await page.getByTestId('invite-code-copy').click();
  await expect(toast(page, 'Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(info.invite_code);

  // The authorization code: shown, copied, and replaced after a confirmation.
  const codeCell = page.getByTestId('auth-code');
  await expect(codeCell).toHaveText(/^[A-Z2-9]{12}$/);
  const before = (await codeCell.textContent()) ?? '';
  await page.getByTestId('auth-code-copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(before);
  await page.getByTestId('auth-code-regenerate').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Regenerate' }).click();
  await expect(toast(page, 'New authorization code created')).toBeVisible();
  await expect(codeCell).not.toHaveText(before);
  const after = (await codeCell.textContent()) ?? '';
  expect(after).toMatch(/^[A-Z2-9]{12}$/);
  const stored = await call<{ code: string }>(
    request,
    'GET',
    'user/authorization_code',
    undefined,
    trader.token,
  );
  expect(stored.code).toBe(after);

  // The identity line leads to identity verification.
  await page.getByTestId('identity-link').click();
  await expect(page).toHaveURL(/\/personal\/authentication$/);
  await page.context().close();
});

test('a mobile-registered user binds an e-mail and the security level rises', async ({
  browser,
  request,
}) => {
  const user = await signUpMobile(request);
  const page = await openInEnglish(browser, user.token, '/personal/accountSettings');
  await expect(page.getByTestId('security-label')).toHaveText('Medium');
  await expect(page.getByTestId('bound-mobile')).toHaveText(`+${CALLING_CODE} ${user.mobile}`);
  await expect(page.getByTestId('settings-email')).toContainText('Not bound');

  await page.getByTestId('bind-email-link').click();
  await expect(page).toHaveURL(/\/bindAccount$/);
  // Checked in the server's order, with its texts.
  await page.getByTestId('bind-submit').click();
  await expect(toast(page, 'Please enter your e-mail address')).toBeVisible();
  await page.getByTestId('bind-email').fill('not-an-address');
  await page.getByTestId('bind-send-code').click();
  await expect(toast(page, 'Please enter a valid e-mail address')).toBeVisible();
  // The field takes at most 20 characters.
  await page.getByTestId('bind-email').fill('a'.repeat(30));
  await expect(page.getByTestId('bind-email')).toHaveValue('a'.repeat(20));

  const email = shortEmail();
  await page.getByTestId('bind-email').fill(email);
  await page.getByTestId('bind-submit').click();
  await expect(toast(page, 'Please enter the verification code')).toBeVisible();
  // A first binding: no address to send a second code to, but the login password first.
  await expect(page.getByTestId('bind-old-code')).toHaveCount(0);
  await expect(page.getByTestId('bind-password')).toBeVisible();
  await page.getByTestId('bind-send-code').click();
  await expect(toast(page, REBIND_PASSWORD)).toBeVisible();
  await expect(page.getByTestId('bind-send-code')).toBeEnabled();
  await page.getByTestId('bind-password').fill(PASSWORD);
  await page.getByTestId('bind-send-code').click();
  await expect(page.getByTestId('bind-send-code')).toHaveText(/\d+\s*s/);
  await expect(page.getByTestId('bind-send-code')).toBeDisabled();
  const code = await codeFromOutbox(request, email);
  // A wrong code first: the server's text.
  await page.getByTestId('bind-code').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('bind-submit').click();
  await expect(toast(page, 'The verification code is wrong')).toBeVisible();
  await page.getByTestId('bind-code').fill(code);
  await page.getByTestId('bind-submit').click();
  await expect(toast(page, 'E-mail bound')).toBeVisible();
  await expect(page).toHaveURL(/\/personal\/accountSettings$/);
  await expect(page.getByTestId('bound-email')).toHaveText(email);
  await expect(page.getByTestId('security-level')).toHaveAttribute('data-level', '100');
  await expect(page.getByTestId('security-label')).toHaveText('High');

  await page.goto('/bindInfo');
  await expect(page.getByTestId('bind-info-phone')).toContainText(user.mobile);
  await expect(page.getByTestId('bind-info-email')).toContainText(email);
  await expect(page.getByTestId('bind-info-bind-email')).toHaveCount(0);
  await expect(page.getByTestId('bind-info-change-email')).toBeVisible();
  await page.context().close();
  // The phone is told, with a freeze link.
  expect(await freezeLink(request, `+${CALLING_CODE}${user.mobile}`)).toMatch(/^\/freezeAccount/);
});

test('changing a bound e-mail needs the login password and a code to the old address, which can freeze the account', async ({
  browser,
  request,
}) => {
  const trader = await newTrader(request);
  const page = await openInEnglish(browser, trader.token, '/bindInfo');
  await expect(page.getByTestId('bind-info-email')).toContainText(trader.email);
  await page.getByTestId('bind-info-change-email').click();
  await expect(page).toHaveURL(/\/bindAccount$/);
  await expect(page.getByTestId('bind-email-bound')).toContainText(trader.email);
  await expect(page.getByTestId('bind-change-notice')).toContainText('24 hours');
  await expect(page.getByTestId('bind-old-code')).toBeVisible();
  await expect(
    page.getByText(`Sent to ${trader.email}, which is told of the change.`),
  ).toBeVisible();

  const email = shortEmail();
  await page.getByTestId('bind-email').fill(email);
  // No code leaves without the login password.
  await page.getByTestId('bind-old-send-code').click();
  await expect(toast(page, REBIND_PASSWORD)).toBeVisible();
  await expect(page.getByTestId('bind-old-send-code')).toBeEnabled();
  await page.getByTestId('bind-password').fill(PASSWORD);
  await page.getByTestId('bind-send-code').click();
  await expect(page.getByTestId('bind-send-code')).toHaveText(/\d+\s*s/);
  await page.getByTestId('bind-old-send-code').click();
  await expect(page.getByTestId('bind-old-send-code')).toHaveText(/\d+\s*s/);
  const code = await codeFromOutbox(request, email);
  const oldCode = await codeFromOutbox(request, trader.email);

  // Both codes are asked for, in the server's order.
  await page.getByTestId('bind-code').fill(code);
  await page.getByTestId('bind-submit').click();
  await expect(toast(page, 'Enter the code sent to the e-mail address bound now')).toBeVisible();
  await page.getByTestId('bind-old-code').fill(oldCode);
  await page.getByTestId('bind-submit').click();
  await expect(toast(page, 'E-mail changed')).toBeVisible();
  await expect(page).toHaveURL(/\/personal\/accountSettings$/);
  await expect(page.getByTestId('bound-email')).toHaveText(email);
  await page.context().close();

  // The old address was told, with a link that freezes the account; the page asks first.
  const link = await freezeLink(request, trader.email);
  const owner = await openInEnglish(browser, null, link);
  await expect(owner.getByTestId('freeze-effects')).toContainText('signed out');
  await owner.getByTestId('freeze-submit').click();
  await expect(owner.getByTestId('freeze-done')).toContainText('Your account is frozen.');
  await expect(owner.getByTestId('freeze-reset-link')).toHaveAttribute('href', '/forgetPassword');
  // Every session ended; the right password does not sign in; the old address is bound again.
  const info = await request.get('/api/user/info', { headers: { Authorization: trader.token } });
  expect(((await info.json()) as { code: number }).code).toBe(999);
  const signIn = await request.post('/api/user/login', {
    data: { login_type: 'email', account: trader.email, password: PASSWORD },
  });
  expect(((await signIn.json()) as { error: string }).error).toBe('account.frozen');
  // The link works once.
  await owner.goto(link);
  await owner.getByTestId('freeze-submit').click();
  await expect(
    toast(owner, 'This freeze link is not valid: it was used already, has expired or is mistyped'),
  ).toBeVisible();
  await owner.context().close();
});

test('changing the login password signs out everywhere; only the new one works', async ({
  browser,
  request,
}) => {
  const trader = await newTrader(request);
  const other = await login(request, trader.email, PASSWORD);
  const page = await openInEnglish(browser, trader.token, '/personal/accountSettings');
  await page.getByTestId('change-password-link').click();
  await expect(page).toHaveURL(/\/resetPassword\?fromSet=1$/);
  await expect(page.getByTestId('back-to-settings')).toBeVisible();

  // The form's checks, in the server's order.
  const submit = page.getByTestId('reset-submit');
  await submit.click();
  await expect(toast(page, 'Please enter the old password')).toBeVisible();
  await page.getByTestId('reset-old').fill('wrong-old-1');
  await submit.click();
  await expect(toast(page, 'Please enter the new password')).toBeVisible();
  await page.getByTestId('reset-password').fill('ab12');
  await submit.click();
  await expect(toast(page, 'The password must have at least 6 characters')).toBeVisible();
  await page.getByTestId('reset-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-repassword').fill(`${NEW_PASSWORD}x`);
  await submit.click();
  await expect(toast(page, 'The two passwords do not match')).toBeVisible();
  await page.getByTestId('reset-repassword').fill(NEW_PASSWORD);
  await submit.click();
  await expect(toast(page, 'The old password is not correct')).toBeVisible();
  await expect(page).toHaveURL(/\/resetPassword/);

  await page.getByTestId('reset-old').fill(PASSWORD);
  await submit.click();
  await expect(toast(page, 'Password changed. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('header-login')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  // Every session ended, the other device's too.
  const res = await request.get('/api/user/info', { headers: { Authorization: other } });
  expect(((await res.json()) as { code: number }).code).not.toBe(1);

  // The old password no longer works; the new one does.
  await page.getByTestId('login-tab-email').click();
  await page.getByTestId('login-account').fill(trader.email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Incorrect account or password')).toBeVisible();
  await page.getByTestId('login-password').fill(NEW_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.context().close();
});

test('the transaction log lists an operator adjustment and filters by account and coin', async ({
  browser,
  request,
}) => {
  const trader = await newTrader(request);
  const page = await openInEnglish(browser, trader.token, '/personal/transactionLog');
  await expect(page.getByTestId('transaction-log-table-empty')).toHaveText('No entries yet');

  await fund(request, trader.email, { USDT: '1250' }, REASON);
  await fund(request, trader.email, { BTC: '0.5' }, REASON, 4);
  await page.reload();
  const rows = page.getByTestId('transaction-log-row');
  await expect(rows).toHaveCount(2);
  // Newest first: the BTC credit to the second account, then the USDT one to the trade account.
  await expect(rows.nth(0)).toContainText('Second account');
  await expect(rows.nth(0)).toContainText('BTC');
  await expect(rows.nth(0)).toContainText('Adjustment');
  await expect(rows.nth(0).getByTestId('log-amount')).toHaveText(/^\+0\.5/);
  await expect(rows.nth(0).getByTestId('log-amount')).toHaveClass(/\bup\b/);
  await expect(rows.nth(1)).toContainText('Trade account');
  await expect(rows.nth(1).getByTestId('log-amount')).toHaveText(/^\+1,250/);

  await choose(page, page.getByTestId('log-account-filter'), 'Trade account');
  await expect(page).toHaveURL(/account=1/);
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('USDT');
  await choose(page, page.getByTestId('log-account-filter'), 'Lever account');
  await expect(page.getByTestId('transaction-log-table-empty')).toBeVisible();
  await choose(page, page.getByTestId('log-account-filter'), 'All accounts');
  await expect(rows).toHaveCount(2);
  await choose(page, page.getByTestId('log-currency-filter'), /^BTC$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('BTC');
  await page.context().close();

  // A debit shows red with its sign.
  await fund(request, trader.email, { USDT: '-50' }, REASON);
  const phone = await openInEnglish(browser, trader.token, '/personal/transactionLog', {
    width: 390,
    height: 844,
  });
  await expect(phone.getByTestId('transaction-log-row')).toHaveCount(3);
  const debit = phone.getByTestId('transaction-log-row').nth(0);
  await expect(debit.getByTestId('log-amount')).toHaveText(/^-50/);
  await expect(debit.getByTestId('log-amount')).toHaveClass(/\bdown\b/);
  expect(await clippedCells(phone)).toEqual([]);
  await phone.context().close();
});

/** Each screen: its picture's name, its path, and what shows once it has loaded. */
type Screen = [name: string, path: string, ready: string];
const TRADER_SCREENS: Screen[] = [
  ['account-settings', '/personal/accountSettings', 'auth-code-copy'],
  ['transaction-log', '/personal/transactionLog', 'transaction-log-row'],
  ['reset-password', '/resetPassword?fromSet=1', 'reset-password-page'],
  ['bind-info', '/bindInfo', 'bind-info-phone'],
];
/** A mobile-only account: its settings offer to bind an e-mail, and the bind form. */
const MOBILE_SCREENS: Screen[] = [
  ['settings-mobile', '/personal/accountSettings', 'bind-email-link'],
  ['bind-account', '/bindAccount', 'bind-email'],
  ['bind-info-mobile', '/bindInfo', 'bind-info-bind-email'],
];

for (const viewport of VIEWPORTS) {
  test(`the account screens fit a ${viewport.name} window in both themes`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const trader = await newTrader(request);
    await fund(request, trader.email, { USDT: '1250', BTC: '0.5' }, REASON);
    await fund(request, trader.email, { BTC: '0.125' }, REASON, 4);
    const user = await signUpMobile(request);
    const sets: [string, Screen[]][] = [
      [trader.token, TRADER_SCREENS],
      [user.token, MOBILE_SCREENS],
    ];
    for (const theme of ['light', 'dark']) {
      const options = { width: viewport.width, height: viewport.height, theme };
      for (const [token, screens] of sets) {
        for (const [name, path, ready] of screens) {
          const page = await openInEnglish(browser, token, path, options);
          await expect(page.getByTestId(ready).first()).toBeVisible();
          const label = `${name} ${viewport.name} ${theme}`;
          await screenshotWithoutOverflow(
            page,
            `personal-${name}-${viewport.name}-${theme}`,
            label,
          );
          expect(await clippedCells(page), label).toEqual([]);
          await page.context().close();
        }
      }
    }
  });
}

test('the account settings fit a phone in the longer languages', async ({ browser, request }) => {
  const user = await signUpMobile(request);
  for (const lang of ['du', 'fr', 'vi', 'jp']) {
    const page = await openAs(browser, user.token, '/personal/accountSettings', {
      width: 390,
      height: 844,
      lang,
    });
    await expect(page.getByTestId('bind-email-link')).toBeVisible();
    await screenshotWithoutOverflow(page, `personal-settings-phone-${lang}`, lang);
    await page.goto('/personal/transactionLog');
    await expect(page.getByTestId('transaction-log-table-empty')).toBeVisible();
    await screenshotWithoutOverflow(page, `personal-transaction-log-phone-${lang}`, lang);
    await page.context().close();
  }
});
