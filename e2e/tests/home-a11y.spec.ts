import { expect, test, type Page } from '@playwright/test';
import { setPreferences } from './support.js';

/** Links and buttons inside slides the carousel marks aria-hidden, that the keyboard can reach. */
function focusableInHiddenSlides(page: Page) {
  return page.evaluate(() => {
    const hidden = document.querySelectorAll<HTMLElement>(
      '.home-carousel .slick-slide[aria-hidden="true"] a, .home-carousel .slick-slide[aria-hidden="true"] button',
    );
    return Array.from(hidden).filter((el) => el.tabIndex >= 0).length;
  });
}

test('the banner carousel keeps hidden slides out of the tab order, also after it moves', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  const slides = page.locator('.home-carousel .slick-slide');
  await expect(slides.first()).toBeAttached();
  expect(await slides.count()).toBeGreaterThan(1);
  expect(await focusableInHiddenSlides(page)).toBe(0);
  // The slide in view can be reached.
  const visible = page.locator('.home-carousel .slick-slide.slick-active a');
  await expect(visible).toHaveAttribute('tabindex', '0');

  // Another slide comes into view: the rule holds for the new set of hidden slides.
  const dots = page.locator('.home-carousel .slick-dots li button');
  await dots.nth(1).click();
  await expect(page.locator('.home-carousel .slick-dots li').nth(1)).toHaveClass(/slick-active/);
  await expect.poll(() => focusableInHiddenSlides(page)).toBe(0);
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
    const secondary = page.locator('.home-feature .ant-typography-secondary').first();
    await expect(secondary).toHaveCSS(
      'color',
      theme === 'dark' ? 'rgb(154, 163, 181)' : 'rgb(93, 103, 122)',
    );
  });
}
