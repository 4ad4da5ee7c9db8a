import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
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
  type OpenOptions,
  type Trader,
} from './support.js';

/*
 * The operator's identity queue at /admin/identities: a user's submission (name, ID number and
 * three photos) is rejected with a reason the user reads, submitted again and approved.
 */

const PASSWORD = 'identity2026';

/** The three photos, each its own size and colour, so that each is recognisable on screen. */
const PHOTOS = {
  front: { width: 60, height: 40, rgb: [37, 99, 235] as [number, number, number] },
  back: { width: 66, height: 42, rgb: [22, 163, 74] as [number, number, number] },
  hand: { width: 48, height: 64, rgb: [234, 88, 12] as [number, number, number] },
};

interface Center {
  review_status: number;
  descript: string;
  name: string | null;
}

function open(browser: Browser, token: string, path: string, options: OpenOptions = {}) {
  return openAs(browser, token, path, { ...options, lang: 'en' });
}

/** Uploads the three photos as the user and submits them with a name and ID number. */
async function submitIdentity(
  request: APIRequestContext,
  user: Trader,
  name: string,
  cardId: string,
): Promise<void> {
  const [front, back, hand] = await Promise.all(
    [PHOTOS.front, PHOTOS.back, PHOTOS.hand].map((p) =>
      uploadScreenshot(request, user.token, screenshotPng(p.width, p.height, p.rgb)),
    ),
  );
  await call(
    request,
    'POST',
    'user_real/real_name',
    { name, card_id: cardId, front_pic: front, reverse_pic: back, hand_pic: hand },
    user.token,
  );
}

function center(request: APIRequestContext, user: Trader): Promise<Center> {
  return call<Center>(request, 'GET', 'user_real/center', undefined, user.token);
}

/** The queue's row of this user (the queue holds every user's submissions). */
function rowOf(page: Page, email: string): Locator {
  return page.getByTestId('identities-row').filter({ hasText: email });
}

test('an identity is rejected with a reason, submitted again and approved', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signUpTrader(request, { prefix: 'kyc', password: PASSWORD });
  await submitIdentity(request, user, 'Nguyen Van An', 'B1234567');
  expect((await center(request, user)).review_status).toBe(1);

  const desk = await open(browser, await operatorToken(request), '/admin/deposits');
  // The queue is in the operator area's menu.
  await desk.getByTestId('admin-nav-identities').click();
  await expect(desk).toHaveURL(/\/admin\/identities$/);
  await expect(desk.getByRole('heading', { name: 'Identity review' })).toBeVisible();
  const row = rowOf(desk, user.email);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('identity-name')).toHaveText('Nguyen Van An');
  await expect(row.getByTestId('identity-card-id')).toHaveText('B1234567');
  await expect(row.getByTestId('identity-status')).toHaveText('Pending review');

  // The three photos, read with the operator's session, side by side: one line, left to right.
  const sides = ['front', 'back', 'hand'] as const;
  const boxes = [];
  for (const side of sides) {
    const img = row.getByTestId(`identity-photo-${side}`).locator('img');
    await expect(img).toBeVisible();
    await expect(img).toHaveAttribute('src', /^blob:/);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(PHOTOS[side].width);
    const box = await img.boundingBox();
    if (!box) throw new Error(`${side} has no box`);
    boxes.push(box);
  }
  const [front, back, hand] = boxes as [(typeof boxes)[0], (typeof boxes)[0], (typeof boxes)[0]];
  expect(Math.abs(front.y - back.y)).toBeLessThan(2);
  expect(Math.abs(back.y - hand.y)).toBeLessThan(2);
  expect(front.x + front.width).toBeLessThanOrEqual(back.x);
  expect(back.x + back.width).toBeLessThanOrEqual(hand.x);
  await expect(row.getByTestId('identity-photo-hand')).toContainText('Holding the card');

  // A click enlarges a photo.
  await row.getByTestId('identity-photo-hand').locator('img').click();
  const large = desk.locator('.ant-image-preview img');
  await expect(large).toBeVisible();
  expect(await large.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(64);
  await desk.keyboard.press('Escape');
  await expect(large).toBeHidden();

  // Rejecting needs a reason of at least 3 characters; the dialog shows the photos again.
  await row.getByTestId('identity-reject').click();
  const dialog = desk.getByTestId('review-dialog');
  await expect(desk.getByTestId('review-dialog-title')).toHaveText(
    `Reject the identity of ${user.email}`,
  );
  await expect(dialog.getByTestId('identity-photos').locator('img')).toHaveCount(3);
  await desk.getByTestId('review-input').fill('no');
  await desk.getByTestId('review-confirm').click();
  await expect(desk.getByTestId('review-input-error')).toHaveText(
    'Please give the reason (at least 3 characters); the user will see it',
  );
  const reason = 'The photo holding the card is blurred';
  await desk.getByTestId('review-input').fill(reason);
  await desk.getByTestId('review-confirm').click();
  await expect(toast(desk, `Identity of ${user.email} rejected`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // It leaves the pending tab and shows under rejected, with the reason.
  await expect(rowOf(desk, user.email)).toHaveCount(0);
  await desk.getByTestId('identities-tab-rejected').click();
  await expect(desk).toHaveURL(/status=rejected/);
  await expect(rowOf(desk, user.email).getByTestId('identity-reason')).toHaveText(
    `Reason: ${reason}`,
  );
  await expect(rowOf(desk, user.email).getByTestId('identity-reject')).toHaveCount(0);

  // The user reads the reason and submits again.
  expect(await center(request, user)).toMatchObject({ review_status: 3, descript: reason });
  await submitIdentity(request, user, 'Nguyen Van An', 'B1234567');
  expect((await center(request, user)).review_status).toBe(1);

  // Back in the pending tab, the new submission is approved through the dialog.
  await desk.getByTestId('identities-tab-pending').click();
  await desk.getByTestId('identities-refresh').click();
  const again = rowOf(desk, user.email);
  await expect(again).toHaveCount(1);
  await again.getByTestId('identity-approve').click();
  await expect(desk.getByTestId('review-dialog-title')).toHaveText(
    `Approve the identity of ${user.email}?`,
  );
  await expect(dialog).toContainText('Nguyen Van An');
  await expect(dialog.getByTestId('review-input')).toHaveCount(0);
  await desk.getByTestId('review-confirm').click();
  await expect(toast(desk, `Identity of ${user.email} approved`)).toBeVisible();
  await expect(rowOf(desk, user.email)).toHaveCount(0);
  expect((await center(request, user)).review_status).toBe(2);
  await desk.getByTestId('identities-tab-approved').click();
  await expect(rowOf(desk, user.email).getByTestId('identity-status')).toHaveText('Approved');

  // A user is not an operator: the queue is forbidden to them.
  const page = await open(browser, user.token, '/admin/identities');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await expect(page.getByTestId('identities-table')).toHaveCount(0);
  await page.goto('/admin/feedback');
  await expect(page.getByTestId('forbidden')).toBeVisible();

  await page.context().close();
  await desk.context().close();
});

test('a decision someone else made first closes the dialog', async ({ browser, request }) => {
  const user = await signUpTrader(request, { prefix: 'kycrace', password: PASSWORD });
  await submitIdentity(request, user, 'Tran Thi Binh', 'C7654321');
  const token = await operatorToken(request);
  const desk = await open(browser, token, '/admin/identities');
  const row = rowOf(desk, user.email);
  await expect(row).toHaveCount(1);
  const [pending] = (
    await call<{ data: { id: number; user: { account: string } }[] }>(
      request,
      'GET',
      'admin/identities?status=1',
      undefined,
      token,
    )
  ).data.filter((r) => r.user.account === user.email);
  await call(request, 'POST', 'admin/identities/approve', { id: pending?.id }, token);
  await row.getByTestId('identity-reject').click();
  await desk.getByTestId('review-input').fill('Duplicate submission');
  await desk.getByTestId('review-confirm').click();
  await expect(toast(desk, 'This request has already been reviewed')).toBeVisible();
  await expect(desk.getByTestId('review-dialog')).toHaveCount(0);
  await expect(rowOf(desk, user.email)).toHaveCount(0);
  await desk.context().close();
});

for (const theme of ['light', 'dark']) {
  for (const viewport of VIEWPORTS) {
    test(`identity queue in ${theme} theme at ${viewport.name} width`, async ({
      browser,
      request,
    }) => {
      const user = await signUpTrader(request, { prefix: 'kycshot', password: PASSWORD });
      await submitIdentity(request, user, 'Le Minh Chau', 'ID-0099887766');
      const desk = await open(browser, await operatorToken(request), '/admin/identities', {
        ...viewport,
        theme,
      });
      await expect(desk.locator('html')).toHaveAttribute('data-theme', theme);
      const row = rowOf(desk, user.email);
      await expect(row.getByTestId('identity-photos').locator('img')).toHaveCount(3);
      await expect(desk.locator('.ant-spin-spinning')).toHaveCount(0);
      await screenshotWithoutOverflow(
        desk,
        `admin-identities-${theme}-${viewport.name}`,
        'identities',
      );
      expect(await clippedCells(desk)).toEqual([]);
      await row.getByTestId('identity-reject').click();
      await expect(desk.getByTestId('review-dialog').locator('img')).toHaveCount(3);
      await desk.waitForTimeout(400);
      await desk.screenshot({
        path: `screenshots/admin-identities-dialog-${theme}-${viewport.name}.png`,
      });
      expect(await clippedCells(desk)).toEqual([]);
      await desk.context().close();
    });
  }
}
