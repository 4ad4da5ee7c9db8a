import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  call,
  clippedCells,
  openAs,
  operatorToken,
  screenshotPng,
  screenshotWithoutOverflow,
  signUpTrader,
  toast,
  uploadScreenshot,
  VIEWPORTS,
  type Trader,
} from './support.js';

/*
 * The account area's identity and payment screens as a user goes through them: identity
 * verification (checked field by field, rejected by an operator with a reason, sent again and
 * approved), receiving methods (Alipay with a QR code and a bank), the bank account for
 * withdrawals, and a look at each screen wide and on a phone, light and dark.
 */

const PASSWORD = 'identity2026';
const ID_NUMBER = '079201001234';
const MASKED_ID = '********1234';

function newUser(request: APIRequestContext): Promise<Trader> {
  return signUpTrader(request, { prefix: 'kyc', password: PASSWORD });
}

interface IdentityRow {
  id: number;
  user: { account: string };
}

/** The pending submission of a user, as the operator's queue lists it. */
async function pendingOf(request: APIRequestContext, account: string): Promise<number> {
  const token = await operatorToken(request);
  const queue = await call<{ data: IdentityRow[] }>(
    request,
    'GET',
    'admin/identities?status=1',
    undefined,
    token,
  );
  const row = queue.data.find((r) => r.user.account === account);
  if (!row) throw new Error(`no pending identity of ${account}`);
  return row.id;
}

async function decide(
  request: APIRequestContext,
  account: string,
  decision: 'approve' | 'reject',
  reason = '',
): Promise<void> {
  const id = await pendingOf(request, account);
  const token = await operatorToken(request);
  await call(
    request,
    'POST',
    `admin/identities/${decision}`,
    decision === 'reject' ? { id, reason } : { id },
    token,
  );
}

/** An identity sent through the API with three uploads of the user. */
async function submitIdentity(request: APIRequestContext, user: Trader, name: string) {
  await call(
    request,
    'POST',
    'user_real/real_name',
    {
      name,
      card_id: ID_NUMBER,
      front_pic: await uploadScreenshot(request, user.token, screenshotPng(64, 40, [37, 99, 235])),
      reverse_pic: await uploadScreenshot(
        request,
        user.token,
        screenshotPng(64, 40, [124, 58, 237]),
      ),
      hand_pic: await uploadScreenshot(request, user.token, screenshotPng(40, 64, [217, 119, 6])),
    },
    user.token,
  );
}

/** Picks a picture for a photo field: uploaded at once and shown from memory. */
async function pickPhoto(
  page: Page,
  testId: string,
  size: [number, number],
  rgb: [number, number, number],
): Promise<void> {
  await page.getByTestId(`${testId}-input`).setInputFiles({
    name: `${testId}.png`,
    mimeType: 'image/png',
    buffer: screenshotPng(size[0], size[1], rgb),
  });
  const img = page.getByTestId(`${testId}-preview`).locator('img');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(size[0]);
}

/** Sends a form and expects this message (checks run top to bottom, as the server's). */
async function expectRefusal(page: Page, submit: Locator, message: string): Promise<void> {
  await submit.click();
  await expect(toast(page, message)).toBeVisible();
}

async function fillIdentity(page: Page, name: string | null): Promise<void> {
  if (name !== null) await page.getByTestId('kyc-name').fill(name);
  await page.getByTestId('kyc-card-id').fill(ID_NUMBER);
  await pickPhoto(page, 'kyc-front', [64, 40], [37, 99, 235]);
  await pickPhoto(page, 'kyc-back', [64, 40], [124, 58, 237]);
  await pickPhoto(page, 'kyc-hand', [40, 64], [217, 119, 6]);
}

test('identity: checked field by field, rejected with a reason, sent again and approved', async ({
  browser,
  request,
}) => {
  const user = await newUser(request);
  const page = await openAs(browser, user.token, '/personal/authentication', { lang: 'en' });
  await expect(page.getByTestId('kyc-form')).toBeVisible();
  await expect(page.getByTestId('kyc-note')).toContainText('daily withdrawal limit');

  // Each missing or wrong field in turn, with the server's own messages.
  const submit = page.getByTestId('kyc-submit');
  await expectRefusal(page, submit, 'Please enter the real name');
  await expect(page.getByTestId('kyc-name')).toBeFocused();
  await page.getByTestId('kyc-name').fill('Nguyen Van An');
  await expectRefusal(page, submit, 'Please enter the ID number');
  await page.getByTestId('kyc-card-id').fill('12 34');
  await expectRefusal(page, submit, 'The ID number may contain only letters, digits and dashes');
  await page.getByTestId('kyc-card-id').fill(ID_NUMBER);
  await expectRefusal(page, submit, 'Please upload the front of the ID card');
  await pickPhoto(page, 'kyc-front', [64, 40], [37, 99, 235]);
  await expectRefusal(page, submit, 'Please upload the back of the ID card');
  await pickPhoto(page, 'kyc-back', [64, 40], [124, 58, 237]);
  await expectRefusal(page, submit, 'Please upload a photo of you holding the ID card');
  // A photo that is not one is refused by the server, which reads its bytes; nothing is kept.
  await page.getByTestId('kyc-hand-input').setInputFiles({
    name: 'hand.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(toast(page, 'Only JPEG, PNG or WebP images can be uploaded')).toBeVisible();
  await expect(page.getByTestId('kyc-hand')).toHaveAttribute('data-state', 'empty');
  await pickPhoto(page, 'kyc-hand', [40, 64], [217, 119, 6]);
  // Remove empties the field, replace picks another picture.
  await page.getByTestId('kyc-back-remove').click();
  await expect(page.getByTestId('kyc-back-pick')).toBeVisible();
  await expectRefusal(page, submit, 'Please upload the back of the ID card');
  await pickPhoto(page, 'kyc-back', [48, 30], [124, 58, 237]);
  await page.getByTestId('kyc-front-replace').click();
  await pickPhoto(page, 'kyc-front', [80, 50], [37, 99, 235]);

  await submit.click();
  await expect(toast(page, 'Submitted for review')).toBeVisible();
  const pending = page.getByTestId('kyc-pending');
  await expect(pending).toContainText('Your documents are in review');
  await expect(page.getByTestId('kyc-state-name')).toHaveText('Nguyen Van An');
  await expect(page.getByTestId('kyc-state-card')).toHaveText(MASKED_ID);
  await expect(page.getByTestId('kyc-form')).toHaveCount(0);
  await page.reload();
  await expect(pending).toBeVisible();

  // The operator rejects it: the user sees the reason and the form again.
  const reason = 'The back of the card is blurred';
  await decide(request, user.email, 'reject', reason);
  await page.reload();
  await expect(page.getByTestId('kyc-rejected-reason')).toHaveText(reason);
  await expect(page.getByTestId('kyc-form')).toBeVisible();
  // The name is kept; the id number (shown masked) and the photos are asked again.
  await expect(page.getByTestId('kyc-name')).toHaveValue('Nguyen Van An');
  await expect(page.getByTestId('kyc-card-id')).toHaveValue('');
  await fillIdentity(page, null);
  await submit.click();
  await expect(pending).toBeVisible();
  await expect(page.getByTestId('kyc-rejected')).toHaveCount(0);

  // The operator approves it: verified, with the name and the masked id number.
  await decide(request, user.email, 'approve');
  await page.reload();
  const verified = page.getByTestId('kyc-verified');
  await expect(verified).toContainText('Identity verified');
  await expect(page.getByTestId('kyc-state-name')).toHaveText('Nguyen Van An');
  await expect(page.getByTestId('kyc-state-card')).toHaveText(MASKED_ID);
  await expect(page.getByTestId('kyc-form')).toHaveCount(0);
  await page.context().close();
});

test('receiving methods: Alipay with a QR code and a bank, both kept', async ({
  browser,
  request,
}) => {
  const user = await newUser(request);
  const page = await openAs(browser, user.token, '/personal/collectionSettings', { lang: 'en' });
  await expect(page.getByTestId('payee-form-alipay')).toBeVisible();
  await expect(page.getByTestId('payee-saved-at')).toHaveText('Not set yet');
  await expect(page.getByTestId('payee-type-alipay-saved')).toHaveCount(0);

  const save = page.getByTestId('payee-save');
  await expectRefusal(page, save, 'Please enter the real name');
  await page.getByTestId('payee-real-name').fill('Tran Thi Binh');
  await expectRefusal(page, save, 'Please enter the Alipay account');
  await page.getByTestId('payee-account').fill('binh@example.com');
  await expectRefusal(page, save, 'Please upload the collection QR code');
  await pickPhoto(page, 'payee-qrcode', [56, 56], [22, 163, 74]);
  await save.click();
  await expect(toast(page, 'Receiving method saved')).toBeVisible();
  await expect(page.getByTestId('payee-saved-at')).toContainText('Saved');
  await expect(page.getByTestId('payee-type-alipay-saved')).toBeVisible();

  // WeChat has its own account's message.
  await page.getByTestId('payee-type-wxpay').click();
  await expect(page.getByTestId('payee-form-wxpay')).toBeVisible();
  await page.getByTestId('payee-real-name').fill('Tran Thi Binh');
  await expectRefusal(page, save, 'Please enter the WeChat account');

  // The bank: its name, branch and a well-formed account number.
  await page.getByTestId('payee-type-bank').click();
  await expect(page.getByTestId('payee-form-bank')).toBeVisible();
  await expect(page).toHaveURL(/type=bank/);
  await page.getByTestId('payee-real-name').fill('Tran Thi Binh');
  await expectRefusal(page, save, 'Please enter the name of the bank');
  await page.getByTestId('payee-bank-name').fill('Vietcombank');
  await expectRefusal(page, save, 'Please enter the branch of the bank');
  await page.getByTestId('payee-bank-address').fill('Ho Chi Minh City, District 1');
  await expectRefusal(page, save, 'Please enter the bank account number');
  await page.getByTestId('payee-card-no').fill('ACC-12');
  await expectRefusal(page, save, 'The account number may contain only digits, spaces and dashes');
  await expect(page.getByTestId('payee-saved-at')).toHaveText('Not set yet');
  await page.getByTestId('payee-card-no').fill('0071 0012 3456');
  await save.click();
  await expect(toast(page, 'Receiving method saved')).toBeVisible();
  await expect(page.getByTestId('payee-type-bank-saved')).toBeVisible();

  // After a reload both are there, the QR code read back with the session.
  await page.reload();
  await expect(page.getByTestId('payee-form-bank')).toBeVisible();
  await expect(page.getByTestId('payee-bank-name')).toHaveValue('Vietcombank');
  await expect(page.getByTestId('payee-bank-address')).toHaveValue('Ho Chi Minh City, District 1');
  await expect(page.getByTestId('payee-card-no')).toHaveValue('0071 0012 3456');
  await expect(page.getByTestId('payee-type-wxpay-saved')).toHaveCount(0);
  await page.getByTestId('payee-type-alipay').click();
  await expect(page.getByTestId('payee-real-name')).toHaveValue('Tran Thi Binh');
  await expect(page.getByTestId('payee-account')).toHaveValue('binh@example.com');
  const qr = page.getByTestId('payee-qrcode-preview').locator('img');
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(56);
  expect(await qr.getAttribute('src')).toMatch(/^blob:/);

  // Edited in place: one method per type.
  await page.getByTestId('payee-account').fill('binh.tran@example.com');
  await save.click();
  await expect(toast(page, 'Receiving method saved')).toBeVisible();
  const alipay = await call<{ raw_data: { account: string; qrcode: string } }>(
    request,
    'GET',
    'pay_method/get_method_by_type?type=1',
    undefined,
    user.token,
  );
  expect(alipay.raw_data.account).toBe('binh.tran@example.com');
  expect(alipay.raw_data.qrcode).toMatch(/^\/api\/upload\//);
  await page.context().close();
});

test('bank account for withdrawals: checked, saved and read back', async ({ browser, request }) => {
  const user = await newUser(request);
  const page = await openAs(browser, user.token, '/personal/setBank', { lang: 'en' });
  await expect(page.getByTestId('bank-form')).toBeVisible();
  await expect(page.getByTestId('bank-saved-at')).toHaveText('Not set yet');
  const save = page.getByTestId('bank-save');
  await expectRefusal(page, save, 'Please enter the bank name');
  await page.getByTestId('bank-name').fill('Techcombank');
  await expectRefusal(page, save, 'Please enter the account number');
  await page.getByTestId('bank-account-number').fill('12ab');
  await expectRefusal(page, save, 'The account number may contain only digits, spaces and dashes');
  await expect(page.getByTestId('bank-account-number')).toBeFocused();
  await page.getByTestId('bank-account-number').fill('1903 5566 7788');
  await expectRefusal(page, save, 'Please enter the real name');
  await page.getByTestId('bank-account-name').fill('Le Van Cuong');
  await save.click();
  await expect(toast(page, 'Bank account saved')).toBeVisible();
  await expect(page.getByTestId('bank-saved-at')).toContainText('Saved');

  await page.reload();
  await expect(page.getByTestId('bank-name')).toHaveValue('Techcombank');
  await expect(page.getByTestId('bank-account-number')).toHaveValue('1903 5566 7788');
  await expect(page.getByTestId('bank-account-name')).toHaveValue('Le Van Cuong');
  await expect(page.getByTestId('bank-saved-at')).toContainText('Saved');
  const info = await call<{ account_number: string }>(
    request,
    'GET',
    'user_bank/info',
    undefined,
    user.token,
  );
  expect(info.account_number).toBe('1903 5566 7788');
  await page.context().close();
});

test('the screens wide and on a phone, light and dark', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // One user rejected with a long reason and every method saved; one pending; one verified.
  const rejected = await newUser(request);
  await submitIdentity(request, rejected, 'Pham Minh Chau');
  await decide(
    request,
    rejected.email,
    'reject',
    'The hand-held photo does not show the card clearly; please take it again in good light.',
  );
  const qrcode = await uploadScreenshot(request, rejected.token, screenshotPng(56, 56));
  await call(
    request,
    'POST',
    'pay_method/save',
    { type: 1, raw_data: { real_name: 'Pham Minh Chau', account: 'chau@example.com', qrcode } },
    rejected.token,
  );
  await call(
    request,
    'POST',
    'user_bank/update',
    {
      bank_name: 'Joint Stock Commercial Bank for Foreign Trade of Vietnam',
      account_number: '0071 0012 3456 7890',
      account_name: 'Pham Minh Chau',
    },
    rejected.token,
  );
  const pending = await newUser(request);
  await submitIdentity(request, pending, 'Hoang Thi Dieu Linh Nguyen Phuong');
  const verified = await newUser(request);
  await submitIdentity(request, verified, 'Vo Quoc Bao');
  await decide(request, verified.email, 'approve');

  const screens: { token: string; path: string; ready: string; name: string }[] = [
    {
      token: rejected.token,
      path: '/personal/authentication',
      ready: 'kyc-rejected',
      name: 'kyc-form',
    },
    {
      token: pending.token,
      path: '/personal/authentication',
      ready: 'kyc-pending',
      name: 'kyc-pending',
    },
    {
      token: verified.token,
      path: '/personal/authentication',
      ready: 'kyc-verified',
      name: 'kyc-verified',
    },
    {
      token: rejected.token,
      path: '/personal/collectionSettings',
      ready: 'payee-qrcode-preview',
      name: 'payee-alipay',
    },
    {
      token: rejected.token,
      path: '/personal/collectionSettings?type=bank',
      ready: 'payee-form-bank',
      name: 'payee-bank',
    },
    { token: rejected.token, path: '/personal/setBank', ready: 'bank-form', name: 'bank' },
  ];
  for (const theme of ['light', 'dark']) {
    for (const viewport of VIEWPORTS) {
      for (const screen of screens) {
        const page = await openAs(browser, screen.token, screen.path, {
          ...viewport,
          theme,
          lang: 'en',
        });
        await expect(page.getByTestId(screen.ready)).toBeVisible();
        if (screen.name === 'kyc-form') {
          // The form with its photos chosen, as it is sent.
          await page.getByTestId('kyc-card-id').fill(ID_NUMBER);
          await pickPhoto(page, 'kyc-front', [64, 40], [37, 99, 235]);
          await pickPhoto(page, 'kyc-back', [64, 40], [124, 58, 237]);
        }
        if (screen.name.startsWith('payee')) {
          // The three methods fit side by side: none is out of sight.
          const chooser = page.getByTestId('payee-types');
          expect(await chooser.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(
            1,
          );
        }
        if (screen.name === 'payee-alipay') {
          const qr = page.getByTestId('payee-qrcode-preview').locator('img');
          await expect.poll(() => qr.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(56);
        }
        const label = `${screen.name} ${viewport.name} ${theme}`;
        await screenshotWithoutOverflow(
          page,
          `personal-${screen.name}-${viewport.name}-${theme}`,
          label,
        );
        expect(await clippedCells(page), label).toEqual([]);
        await page.context().close();
      }
    }
  }
});

test('the method chooser fits a phone in every language', async ({ browser, request }) => {
  const user = await newUser(request);
  for (const lang of ['vi', 'zh', 'hk', 'jp', 'du', 'fr']) {
    const page = await openAs(browser, user.token, '/personal/collectionSettings?type=wxpay', {
      width: 390,
      height: 844,
      lang,
    });
    const chooser = page.getByTestId('payee-types');
    await expect(page.getByTestId('payee-form-wxpay')).toBeVisible();
    expect(await chooser.evaluate((e) => e.scrollWidth - e.clientWidth), lang).toBeLessThanOrEqual(
      1,
    );
    await screenshotWithoutOverflow(page, `personal-payee-phone-${lang}`, `payee ${lang}`);
    await page.context().close();
  }
});
