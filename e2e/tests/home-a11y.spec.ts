import { expect, test, type Page } from '@playwright/test';
import { setPreferences } from './support.js';

/** Links and buttons inside slides out of view that the keyboard can reach. */
function focusableInHiddenSlides(page: Page) {
  return page.evaluate(() => {
    const hidden = document.querySelectorAll<HTMLElement>(
      '.home-slide-frame:not(.is-active) a, .home-slide-frame:not(.is-active) button',
    );
    // Inert slides (and everything in them) are out of the tab order and the accessibility tree.
    return Array.from(hidden).filter((el) => el.closest('[inert]') === null).length;
  });
}

test('the banner carousel keeps hidden slides out of the tab order, also after it moves', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  const slides = page.locator('.home-carousel .home-slide-frame');
  await expect(slides.first()).toBeAttached();
  expect(await slides.count()).toBeGreaterThan(1);
  expect(await focusableInHiddenSlides(page)).toBe(0);
  // The slide in view can be reached.
  const visible = page.locator('.home-slide-frame.is-active a');
  await visible.focus();
  await expect(visible).toBeFocused();

  // Another slide comes into view: the rule holds for the new set of hidden slides.
  const dots = page.locator('.home-carousel .home-dots button');
  await dots.nth(1).click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.home-slide-frame').nth(1)).toHaveClass(/is-active/);
  await expect(page.locator('.home-slide-frame').nth(0)).toHaveAttribute('inert');
  await expect.poll(() => focusableInHiddenSlides(page)).toBe(0);
  // A swipe to the left brings the next slide, one to the right the previous one.
  // The section's box: the track's moves with the slides.
  const area = await page.locator('.home-carousel').boundingBox();
  if (area === null) throw new Error('no banner');
  const y = area.y + area.height / 2;
  await page.mouse.move(area.x + area.width * 0.7, y);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width * 0.3, y, { steps: 5 });
  await page.mouse.up();
  await expect(page.locator('.home-slide-frame').nth(2)).toHaveClass(/is-active/);
  // The swipe ended on the slide's link without opening it.
  await expect(page).toHaveURL(/\/home$/);
  await page.mouse.move(area.x + area.width * 0.3, y);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width * 0.7, y, { steps: 5 });
  await page.mouse.up();
  await expect(page.locator('.home-slide-frame').nth(1)).toHaveClass(/is-active/);
  // Each dot is a 24 px touch target.
  const box = await dots.nth(0).boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(24);
  expect(box?.width).toBeGreaterThanOrEqual(24);
});

test('home headings descend one level at a time', async ({ page }) => {
  await page.goto('/home');
  await expect(page.locator('.home-feature h3').first()).toBeVisible();
  const levels = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6'),
    ).map((h) => Number(h.tagName.slice(1))),
  );
  expect(levels.length).toBeGreaterThan(1);
  for (let i = 1; i < levels.length; i += 1) {
    expect(levels[i] ?? 0, `heading ${String(i)}`).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1);
  }
});

for (const theme of ['dark', 'light'] as const) {
  test(`change tags and secondary text are readable in the ${theme} theme`, async ({ page }) => {
    await setPreferences(page, { theme });
    await page.goto('/home');
    const tag = page.getByTestId('home-market-table').getByTestId('pair-change').first();
    await expect(tag).toBeVisible();
    // Dark text on the green and red tags (white on green was 2.1:1).
    await expect(tag).toHaveCSS('color', 'rgb(11, 14, 20)');
    const secondary = page.locator('.home-feature .ui-secondary').first();
    await expect(secondary).toHaveCSS(
      'color',
      theme === 'dark' ? 'rgb(154, 163, 181)' : 'rgb(93, 103, 122)',
    );
  });
}
