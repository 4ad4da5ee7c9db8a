import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  call,
  choose,
  clippedCells,
  openAs,
  operatorToken,
  screenshotWithoutOverflow,
  signUpTrader,
  toast,
  VIEWPORTS,
  type OpenOptions,
} from './support.js';

/*
 * Feedback (spec 3 screen 15): a user writes to support from /personal/feedback, an operator
 * answers from the feedback inbox at /admin/feedback, and the user reads the reply.
 */

const PASSWORD = 'feedback2026';

/** Both people's pages in English: the tests read the screens' words. */
function open(browser: Browser, token: string, path: string, options: OpenOptions = {}) {
  return openAs(browser, token, path, { ...options, lang: 'en' });
}

/** The inbox row of this user's feedback (the inbox holds every user's). */
function inboxRow(page: Page, title: string): Locator {
  return page.getByTestId('inbox-row').filter({ hasText: title });
}

test('a user sends feedback, an operator replies, the user reads the reply', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signUpTrader(request, { prefix: 'feedback', password: PASSWORD });
  const title = `Deposit not credited ${Date.now().toString(36)}`;
  const page = await open(browser, user.token, '/personal/feedback');

  // Nothing sent yet.
  await expect(page.getByTestId('feedback-list-empty')).toHaveText(
    'You have not sent any feedback yet',
  );

  // The form checks top to bottom with the server's messages, under the field that is wrong.
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-type-error')).toHaveText('Please choose a type');
  await choose(page, page.getByTestId('feedback-type'), 'Deposit and withdrawal');
  await expect(page.getByTestId('feedback-type-error')).toHaveCount(0);
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-title-error')).toHaveText('Please enter a title');
  await page.getByTestId('feedback-title').fill(title);
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-content-error')).toHaveText(
    'Please describe your question',
  );

  // The counter counts the characters and says how many the minimum still needs.
  await page.getByTestId('feedback-content').fill('  Too short ');
  await expect(page.getByTestId('feedback-counter')).toHaveText('9 / 2000');
  await expect(page.getByTestId('feedback-counter-hint')).toHaveText('Characters still needed: 1');
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-content-error')).toHaveText(
    'Please write at least 10 characters',
  );
  // Nothing was sent.
  await expect(page.getByTestId('feedback-list-empty')).toBeVisible();

  const content = 'My deposit of 500 USDT on TRC20 has not arrived after two hours.\nPlease check.';
  await page.getByTestId('feedback-content').fill(content);
  await expect(page.getByTestId('feedback-counter-hint')).toHaveText('Long enough');
  await expect(page.getByTestId('feedback-content-error')).toHaveCount(0);
  await page.getByTestId('feedback-submit').click();
  await expect(toast(page, 'Feedback sent. Our reply will appear below.')).toBeVisible();
  // The form starts over; the feedback heads the list, awaiting a reply.
  await expect(page.getByTestId('feedback-title')).toHaveValue('');
  await expect(page.getByTestId('feedback-counter')).toHaveText('0 / 2000');
  const row = page.getByTestId('feedback-row').first();
  await expect(row.getByTestId('feedback-row-title')).toHaveText(title);
  await expect(row.getByTestId('feedback-row-type')).toHaveText('Deposit and withdrawal');
  await expect(row.getByTestId('feedback-row-content')).toHaveText(content);
  await expect(row.getByTestId('feedback-row-state')).toHaveText('Awaiting reply');
  await expect(row).toContainText(/Sent \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(UTC\+7\)/);
  await expect(row.getByTestId('feedback-row-reply')).toHaveCount(0);

  // The operator finds it among the unanswered feedback of the inbox.
  const desk = await open(browser, await operatorToken(request), '/admin/feedback');
  await expect(desk.getByTestId('admin-nav-feedback')).toBeVisible();
  const item = inboxRow(desk, title);
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('review-user')).toHaveText(user.email);
  await expect(item.getByTestId('inbox-type')).toHaveText('Deposit and withdrawal');
  await expect(item.getByTestId('inbox-content')).toContainText('has not arrived after two hours');

  // A reply is required; then it is sent once and the feedback moves to the answered tab.
  await item.getByTestId('inbox-reply-open').click();
  const dialog = desk.getByTestId('review-dialog');
  await expect(desk.getByTestId('review-dialog-title')).toHaveText(`Reply to ${user.email}`);
  await expect(dialog).toContainText(title);
  await desk.getByTestId('review-input').fill('   ');
  await desk.getByTestId('review-confirm').click();
  await expect(desk.getByTestId('review-input-error')).toHaveText('Please write a reply');
  const reply = 'We found your deposit: it was credited to your trade account at 14:05.';
  await desk.getByTestId('review-input').fill(reply);
  await desk.getByTestId('review-confirm').click();
  await expect(toast(desk, `Reply sent to ${user.email}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(inboxRow(desk, title)).toHaveCount(0);
  await desk.getByTestId('inbox-tab-answered').click();
  await expect(desk).toHaveURL(/status=answered/);
  await expect(inboxRow(desk, title).getByTestId('inbox-reply')).toHaveText(reply);
  await expect(inboxRow(desk, title).getByTestId('inbox-reply-open')).toHaveCount(0);

  // A second reply is refused by the server.
  const [sent] = (
    await call<{ data: { id: number; title: string }[] }>(
      request,
      'GET',
      'feedback/list',
      undefined,
      user.token,
    )
  ).data;
  expect(sent?.title).toBe(title);
  const again = await request.post('/api/admin/feedback/reply', {
    headers: { Authorization: await operatorToken(request), lang: 'en' },
    data: { id: sent?.id, reply: 'Twice' },
  });
  expect(((await again.json()) as { message: string }).message).toBe(
    'This feedback has already been answered',
  );

  // The user reads the reply under the feedback.
  await page.reload();
  const answered = page.getByTestId('feedback-row').first();
  await expect(answered.getByTestId('feedback-row-state')).toHaveText('Answered');
  await expect(answered.getByTestId('feedback-reply-text')).toHaveText(reply);
  await expect(answered.getByTestId('feedback-row-reply')).toContainText('Reply from support');
  await expect(answered.getByTestId('feedback-row-waiting')).toHaveCount(0);

  await desk.context().close();
  await page.context().close();
});

test('ten feedback a page, newest first; a phone shows every cell whole', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signUpTrader(request, { prefix: 'feedbackpage', password: PASSWORD });
  const ids: number[] = [];
  for (let i = 1; i <= 12; i += 1) {
    const sent = await call<{ id: number }>(
      request,
      'POST',
      'feedback/feedback',
      {
        type: (i % 5) + 1,
        title: `Question number ${String(i)}`,
        content: `This is the content of question number ${String(i)}, long enough to be sent.`,
      },
      user.token,
    );
    ids.push(sent.id);
  }
  const page = await open(browser, user.token, '/personal/feedback', { width: 390, height: 844 });
  await expect(page.getByTestId('feedback-row')).toHaveCount(10);
  await expect(page.getByTestId('feedback-row').first()).toContainText('Question number 12');
  await expect(page.getByTestId('feedback-pager')).toContainText('12 in total');
  await page.getByTestId('feedback-pager').getByTitle('2').click();
  await expect(page.getByTestId('feedback-row')).toHaveCount(2);
  await expect(page.getByTestId('feedback-row').last()).toContainText('Question number 1');
  expect(await clippedCells(page)).toEqual([]);

  // The operator's inbox at phone width: rows become cards, nothing is cut.
  const token = await operatorToken(request);
  const desk = await open(browser, token, '/admin/feedback', {
    width: 390,
    height: 844,
  });
  await expect(desk.getByTestId('inbox-row').first()).toBeVisible();
  await expect(desk.locator('.ant-spin-spinning')).toHaveCount(0);
  expect(await clippedCells(desk)).toEqual([]);
  await desk.getByTestId('inbox-row').first().getByTestId('inbox-reply-open').click();
  await expect(desk.getByTestId('review-dialog')).toBeVisible();
  expect(await clippedCells(desk)).toEqual([]);
  await desk.context().close();
  await page.context().close();
  // Answered, so that the other tests find theirs on the inbox's first page.
  for (const id of ids) {
    await call(request, 'POST', 'admin/feedback/reply', { id, reply: 'Answered.' }, token);
  }
});

for (const theme of ['light', 'dark']) {
  for (const viewport of VIEWPORTS) {
    test(`feedback screens in ${theme} theme at ${viewport.name} width`, async ({
      browser,
      request,
    }) => {
      const user = await signUpTrader(request, { prefix: 'feedbackshot', password: PASSWORD });
      const token = await operatorToken(request);
      await call(
        request,
        'POST',
        'feedback/feedback',
        {
          type: 3,
          title: 'Order stuck as pending',
          content:
            'My limit order on BTC/USDT has been pending for an hour although the price was reached.',
        },
        user.token,
      );
      const answered = await call<{ id: number }>(
        request,
        'POST',
        'feedback/feedback',
        {
          type: 4,
          title: 'Dark mode on the charts',
          content: 'Could the candle chart follow the dark theme of the rest of the site?',
        },
        user.token,
      );
      await call(
        request,
        'POST',
        'admin/feedback/reply',
        { id: answered.id, reply: 'Thank you: it does since the last release. Reload the page.' },
        token,
      );

      const options = { ...viewport, theme };
      const page = await open(browser, user.token, '/personal/feedback', options);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('feedback-row')).toHaveCount(2);
      await page.getByTestId('feedback-submit').click();
      await expect(page.getByTestId('feedback-type-error')).toBeVisible();
      await screenshotWithoutOverflow(page, `feedback-${theme}-${viewport.name}`, 'feedback');
      expect(await clippedCells(page)).toEqual([]);
      await page.context().close();

      const desk = await open(browser, token, '/admin/feedback', options);
      for (const tab of ['unanswered', 'answered']) {
        await desk.goto(`/admin/feedback?status=${tab}`);
        await expect(desk.getByTestId('inbox-table')).toBeVisible();
        await expect(desk.locator('.ant-spin-spinning')).toHaveCount(0);
        await screenshotWithoutOverflow(
          desk,
          `admin-feedback-${tab}-${theme}-${viewport.name}`,
          tab,
        );
        expect(await clippedCells(desk)).toEqual([]);
      }
      await desk.goto('/admin/feedback');
      await inboxRow(desk, 'Order stuck as pending')
        .first()
        .getByTestId('inbox-reply-open')
        .click();
      await expect(desk.getByTestId('review-dialog')).toBeVisible();
      await desk.waitForTimeout(400);
      await desk.screenshot({
        path: `screenshots/admin-feedback-dialog-${theme}-${viewport.name}.png`,
      });
      await desk.context().close();
    });
  }
}
