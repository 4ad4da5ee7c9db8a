import { expect, test, type Page } from '@playwright/test';
import { openAs } from './support.js';

/*
 * The trade screen's figures follow the UI language (apps/web/src/shared/format/number.ts):
 * `65,000.00` in English, `65 000,00` in French, grouped with a narrow no-break space (U+202F)
 * and a comma for the decimal mark, floored to the pair's price decimals (2 for BTC/USDT).
 */

const BTC_USDT_INDEX = 0;
const LAST_PRICE = {
  en: /^\d{1,3}(,\d{3})+\.\d{2}$/,
  fr: /^\d{1,3}(\u202f\d{3})+,\d{2}$/,
};

/** Picks a language in the header the way a person does (the menu slides in: retry the click). */
async function chooseLanguage(page: Page, lang: string) {
  await expect(async () => {
    const option = page.getByTestId(`lang-${lang}`);
    if (!(await option.isVisible())) await page.getByTestId('lang-picker').click();
    await option.click({ timeout: 2_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lang, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test('in French the ticker shows the last price with U+202F grouping and a decimal comma', async ({
  browser,
}) => {
  const page = await openAs(browser, null, `/trade?id=${String(BTC_USDT_INDEX)}`, {
    width: 1440,
    height: 900,
  });
  await expect(page.getByTestId('ticker-symbol')).toHaveText('BTC/USDT');
  const last = page.getByTestId('ticker-last');
  // BTC is above 1,000 USDT: its last price always shows a thousands separator.
  await expect(last).toHaveText(LAST_PRICE.en);

  await chooseLanguage(page, 'fr');
  await expect(last).toHaveText(LAST_PRICE.fr);
  await expect(page.getByTestId('ticker-change')).toHaveText(/^[+-]\d+,\d{2}\u202f%$/);
  // The book's figures switch too, in tabular widths.
  const bookPrice = page.getByTestId('book-price').first();
  await expect(bookPrice).toHaveText(/^\d{1,3}(\u202f\d{3})*,\d{2}$/);
  await expect(bookPrice).toHaveCSS('font-variant-numeric', 'tabular-nums');
  await page.context().close();
});
