import { expect, test, type Page } from '@playwright/test';

/**
 * Figures follow the UI language (apps/web/src/shared/format/number.ts): `65,000.00` in English,
 * `65.000,00` in Vietnamese and German, `65 000,00` in French, grouped with a narrow no-break
 * space (U+202F; a no-break space U+00A0 is accepted too). Decimals are floored to the pair's.
 */
const PRICE: Record<string, RegExp> = {
  en: /^\d{1,3}(,\d{3})+(\.\d+)?$/,
  vi: /^\d{1,3}(\.\d{3})+(,\d+)?$/,
  du: /^\d{1,3}(\.\d{3})+(,\d+)?$/,
  fr: /^\d{1,3}([\u202f\u00a0]\d{3})+(,\d+)?$/,
};

const CHANGE: Record<string, RegExp> = {
  en: /^[+-]\d+\.\d{2}%$/,
  vi: /^[+-]\d+,\d{2}%$/,
  du: /^[+-]\d+,\d{2}[\u00a0\u202f]%$/,
  fr: /^[+-]\d+,\d{2}[\u202f\u00a0]%$/,
};

const HTML_LANG: Record<string, string> = { en: 'en', vi: 'vi', du: 'de', fr: 'fr' };

/** Picks a language in the header the way a person does (the menu slides in: retry the click). */
async function chooseLanguage(page: Page, lang: string) {
  await expect(async () => {
    const option = page.getByTestId(`lang-${lang}`);
    if (!(await option.isVisible())) await page.getByTestId('lang-picker').click();
    await option.click({ timeout: 2_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang] ?? lang, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
}

test('market prices use the separators of the language', async ({ page }) => {
  await page.goto('/markets');
  const btc = page.getByTestId('market-row').and(page.locator('[data-symbol="BTC/USDT"]'));
  const price = btc.getByTestId('pair-close');
  const change = btc.getByTestId('pair-change');
  await expect(price).toBeVisible();

  // Prices are set in tabular figures, so pushes never move the columns.
  await expect(price).toHaveCSS('font-variant-numeric', 'tabular-nums');

  // English is the default; then each language and back.
  await expect(price).toHaveText(PRICE.en ?? /never/);
  await expect(change).toHaveText(CHANGE.en ?? /never/);
  for (const lang of ['vi', 'fr', 'du', 'en']) {
    await chooseLanguage(page, lang);
    // BTC is above 1,000 USDT: its price always shows a thousands separator.
    await expect(price, lang).toHaveText(PRICE[lang] ?? /never/);
    await expect(change, lang).toHaveText(CHANGE[lang] ?? /never/);
  }
});

test('the home market table follows the language too', async ({ page }) => {
  await page.goto('/home');
  const table = page.getByTestId('home-market-table');
  const price = table.locator('[data-symbol="BTC/USDT"]').getByTestId('pair-close');
  await expect(price).toHaveText(PRICE.en ?? /never/);
  await chooseLanguage(page, 'fr');
  await expect(price).toHaveText(PRICE.fr ?? /never/);
});
