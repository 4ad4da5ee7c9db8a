import { expect, test } from '@playwright/test';
import { setPreferences } from './support.js';

/** Screens saved for a person to look at: e2e/screenshots/<name>-<theme>-<width>.png. */
const SCREENS = ['/home', '/login', '/register', '/forgetPassword', '/notice?id=371&category_id=7'];
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const theme of ['dark', 'light']) {
  for (const viewport of VIEWPORTS) {
    test(`screens in ${theme} theme at ${viewport.name} width`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await setPreferences(page, { theme });
      for (const path of SCREENS) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await page.waitForLoadState('networkidle');
        const name = path.replace(/[/?&=]+/g, '-').replace(/^-|-$/g, '');
        await page.screenshot({
          path: `screenshots/${name}-${theme}-${viewport.name}.png`,
          fullPage: true,
        });
        // Nothing overflows sideways on a phone.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(1);
      }
    });
  }
}
