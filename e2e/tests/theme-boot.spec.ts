import { expect, test, type Route } from '@playwright/test';

/**
 * No theme flash: public/theme-boot.js, a classic script in the head, applies the stored theme
 * before any module runs and before the stylesheet is in. The app's scripts are held back here
 * (at least 1.5 s, and until the checks are done), so whatever the page shows meanwhile comes
 * from that script alone.
 */

const BACKGROUND = { light: 'rgb(245, 247, 250)', dark: 'rgb(11, 14, 20)' } as const;

for (const theme of ['light', 'dark'] as const) {
  test(`the stored ${theme} theme is applied before the app's scripts run`, async ({ page }) => {
    let holding = false;
    const held: Route[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Routed from the start: with a route in place the browser's cache is bypassed, so the reload
    // asks for the (immutable) scripts again.
    await page.route('**/assets/*.js', async (route) => {
      if (!holding) return route.continue();
      held.push(route);
      await Promise.all([released, new Promise((resolve) => setTimeout(resolve, 1_500))]);
      await route.continue();
    });
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) blocked.push(message.text());
    });

    await page.goto('/home');
    await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);

    holding = true;
    await page.reload({ waitUntil: 'commit' });
    // The document is parsed (so the head's classic script has run) while the module scripts,
    // deferred, still wait for their files.
    await page.waitForFunction(() => document.readyState === 'interactive');
    expect(held.length).toBeGreaterThan(0);

    const html = () =>
      page.evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        background: getComputedStyle(document.documentElement).backgroundColor,
        appRendered: (document.getElementById('root')?.childElementCount ?? 0) > 0,
      }));
    expect(await html()).toEqual({
      theme,
      background: BACKGROUND[theme],
      appRendered: false,
    });
    // Once the stylesheet (not held back) is in, the body has the theme's colours too.
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe(BACKGROUND[theme]);
    expect(await html()).toEqual({ theme, background: BACKGROUND[theme], appRendered: false });
    expect(await page.evaluate(() => document.readyState)).toBe('interactive');

    release();
    // The app starts with the same theme and keeps the page's background.
    await expect(page.getByTestId('theme-switch')).toBeVisible();
    expect(await html()).toEqual({ theme, background: BACKGROUND[theme], appRendered: true });
    expect(blocked).toEqual([]);

    // The page's background follows a switch of the theme (the script set no fixed colour).
    const other = theme === 'light' ? 'dark' : 'light';
    await page.getByTestId('theme-switch').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', other);
    expect(await html()).toEqual({
      theme: other,
      background: BACKGROUND[other],
      appRendered: true,
    });
  });
}
