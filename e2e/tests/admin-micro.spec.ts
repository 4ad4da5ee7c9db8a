import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  call,
  choose,
  clippedCells,
  fund,
  operatorToken,
  openAs,
  relaxMicroGuard,
  sidewaysOverflow,
  signUpTrader,
  toast,
  VIEWPORTS,
} from './support.js';

/*
 * The operator's micro trade desk (/admin/micro): funding the micro house and a refused draw, an
 * exposure cap and own seconds options on ETH/USDT, opening and closing a pair, the index guard
 * (minimum trades and volume, manipulation multiple) with each pair's manipulation cost, bound and
 * exposure, and ETH/USDT's guard changed so that the house takes no order on it (the trader is
 * told why), BTC enabled as a stake currency, the checks of every dialog, and the page being for
 * operators only at every width in both themes. BTC/USDT's options, the default options and
 * USDT's stake settings are left as the demo made them (the micro trade screen's test relies on
 * them); BTC/USDT gets the e2e index guard, under which the house's bound allows the stakes.
 * Also the second account's way to micro trade.
 */

interface Option {
  seconds: number;
  profit_ratio: string;
}

interface Overview {
  default_options: Option[];
  pairs: {
    id: number;
    symbol: string;
    open_microtrade: 0 | 1;
    options: Option[];
    own: boolean;
    caps: { currency_id: number; exposure_cap: string }[];
    index_min_trades: number;
    index_min_volume: string;
    manipulation_multiple: string;
    manipulation: { currency_id: number; cost: string; bound: string; exposure: string }[];
  }[];
  currencies: {
    id: number;
    code: string;
    enabled: 0 | 1;
    micro_numbers: string[];
    min_number: string;
    max_number: string;
    fee_rate: string;
    default_cap: string;
  }[];
  house: { currency_id: number; currency: string; balance: string; exposure: string }[];
}

async function overview(request: APIRequestContext): Promise<Overview> {
  return call<Overview>(
    request,
    'GET',
    'admin/microtrade/overview',
    undefined,
    await operatorToken(request),
  );
}

function pairOf(view: Overview, symbol: string) {
  const pair = view.pairs.find((p) => p.symbol === symbol);
  if (!pair) throw new Error(`no pair ${symbol}`);
  return pair;
}

function currencyOf(view: Overview, code: string) {
  const currency = view.currencies.find((c) => c.code === code);
  if (!currency) throw new Error(`no currency ${code}`);
  return currency;
}

/** Decimal strings as 10^-18 units: money never passes through a float, in the test either. */
const SCALE = 18;
function units(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const n = BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0'));
  return negative ? -n : n;
}
function decimal(n: bigint): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(SCALE + 1, '0');
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  const whole = digits.slice(0, -SCALE);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
const plus = (a: string, b: string) => decimal(units(a) + units(b));
const minus = (a: string, b: string) => decimal(units(a) - units(b));

/** A decimal as the page shows it in English: the whole part grouped, every decimal kept. */
function shown(value: string): string {
  const [whole = '0', fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const digits = fraction?.replace(/0+$/, '');
  return digits ? `${grouped}.${digits}` : grouped;
}

/** The same decimal ("2500" and "2500.00"). */
function sameDecimal(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const norm = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
  return norm(a) === norm(b);
}

async function openDesk(page: Page) {
  await page.goto('/admin/deposits');
  await page.getByTestId('admin-nav-micro').click();
  await expect(page).toHaveURL(/\/admin\/micro$/);
  await expect(page.getByRole('heading', { name: 'Micro trade desk' })).toBeVisible();
}

test('the operator runs the micro trade desk', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // A trader's open order: the house now owes something (its exposure), 100 USDT at 90 %. The
  // e2e guard on BTC/USDT puts the house's bound there far above it.
  let start = await overview(request);
  const btcPair = pairOf(start, 'BTC/USDT');
  const usdtId = currencyOf(start, 'USDT').id;
  await relaxMicroGuard(request, btcPair.id);
  const trader = await signUpTrader(request, { prefix: 'microhouse', password: 'microhouse2026' });
  await fund(request, trader.email, { USDT: '1000' }, 'Stakes for the micro desk test', 4);
  await call(
    request,
    'POST',
    'microtrade/submit',
    { match_id: btcPair.id, currency_id: usdtId, type: 1, seconds: 300, number: '100' },
    trader.token,
  );
  start = await overview(request);
  const eth = pairOf(start, 'ETH/USDT');
  const usdt = currencyOf(start, 'USDT');
  const btc = currencyOf(start, 'BTC');
  const house = start.house.find((h) => h.currency === 'USDT');
  expect(house, 'the demo funds the USDT micro house').toBeDefined();
  expect(units(house?.exposure ?? '0')).toBeGreaterThan(0n);
  const btcOptions = await call<Option[]>(
    request,
    'GET',
    `microtrade/seconds?match_id=${btcPair.id}`,
  );

  const page = await openAs(browser, await operatorToken(request), '/home', { lang: 'en' });
  await openDesk(page);

  // The USDT house, then 25000 USDT more through the dialog.
  const row = page.getByTestId('micro-house-USDT');
  const balance = house?.balance ?? '0';
  await expect(row.getByTestId('micro-house-balance')).toHaveText(shown(balance));
  const funded = plus(balance, '25000');
  await row.getByTestId('micro-fund-open').click();
  const fundForm = page.getByTestId('micro-fund');
  await expect(page.getByTestId('micro-fund-title')).toHaveText('Fund or draw the USDT house');
  await expect(page.getByTestId('micro-fund-balance')).toHaveText(`${shown(balance)} USDT`);
  await fundForm.getByTestId('micro-fund-amount').fill('0');
  await page.getByTestId('micro-fund-save').click();
  await expect(fundForm.getByText('The amount cannot be zero')).toBeVisible();
  await expect(fundForm.getByText('From 3 to 200 characters')).toBeVisible();
  await fundForm.getByTestId('micro-fund-amount').fill('25000');
  await fundForm.getByTestId('micro-fund-reason').fill('Top up the micro house for the e2e run');
  await page.getByTestId('micro-fund-save').click();
  await expect(toast(page, `Micro house balance: ${shown(funded)} USDT`)).toBeVisible();
  await expect(fundForm).toBeHidden();
  await expect(row.getByTestId('micro-house-balance')).toHaveText(shown(funded));
  const afterFund = (await overview(request)).house.find((h) => h.currency === 'USDT');
  expect(sameDecimal(afterFund?.balance, funded)).toBe(true);

  // Drawing more than the free balance (what the house does not owe) is refused with the
  // server's message; nothing changes.
  const free = minus(funded, afterFund?.exposure ?? '0');
  await row.getByTestId('micro-fund-open').click();
  await expect(page.getByTestId('micro-fund-free')).toHaveText(`${shown(free)} USDT`);
  await fundForm.getByTestId('micro-fund-amount').fill(`-${plus(free, '1')}`);
  await fundForm.getByTestId('micro-fund-reason').fill('Draw too much');
  await page.getByTestId('micro-fund-save').click();
  await expect(toast(page, /below what it must be able to pay/)).toBeVisible();
  await expect(fundForm).toBeVisible();
  await page.getByTestId('micro-fund-cancel').click();
  await expect(fundForm).toBeHidden();
  await expect(row.getByTestId('micro-house-balance')).toHaveText(shown(funded));

  // A cap of 2500 USDT on ETH/USDT, over all its open orders whatever their expiry.
  const ethRow = page.getByTestId(`micro-pair-${eth.id}`);
  await ethRow.getByTestId('micro-pair-cap').click();
  const cap = page.getByTestId('micro-cap');
  await expect(page.getByTestId('micro-cap-title')).toHaveText('Exposure cap of ETH/USDT');
  await expect(
    page.getByText('The most the house may lose on all the open orders of this pair together'),
  ).toBeVisible();
  await expect(page.getByText('Cap over all open orders (USDT)')).toBeVisible();
  await choose(page, cap.getByTestId('micro-cap-currency'), 'USDT');
  await cap.getByTestId('micro-cap-amount').fill('-5');
  await page.getByTestId('micro-cap-save').click();
  await expect(cap.getByText('A number, 0 or more')).toBeVisible();
  await cap.getByTestId('micro-cap-amount').fill('2500');
  await page.getByTestId('micro-cap-save').click();
  await expect(toast(page, 'Cap of ETH/USDT: 2,500 USDT')).toBeVisible();
  await expect(cap).toBeHidden();
  await expect(ethRow.getByTestId('micro-pair-cap-USDT')).toHaveText('2,500 USDT');
  const capped = pairOf(await overview(request), 'ETH/USDT').caps;
  expect(capped.find((c) => c.currency_id === usdt.id)?.exposure_cap).toMatch(/^2500(\.0+)?$/);

  // ETH/USDT's own options: 15 s at 70 %, after the checks of the rows.
  await ethRow.getByTestId('micro-pair-edit').click();
  const options = page.getByTestId('micro-options');
  await expect(page.getByTestId('micro-options-title')).toHaveText('Micro trade on ETH/USDT');
  if (!eth.own) await expect(options.getByTestId('micro-options-default')).toBeVisible();
  else await options.getByTestId('micro-options-use-default').click();
  await options.getByTestId('micro-option-add').click();
  await options.getByTestId('micro-option-seconds-0').fill('3');
  await options.getByTestId('micro-option-percent-0').fill('1000');
  await page.getByTestId('micro-options-save').click();
  await expect(options.getByText('A whole number of seconds from 5 to 86400')).toBeVisible();
  await expect(options.getByText('A percent above 0 and below 1000')).toBeVisible();
  await options.getByTestId('micro-option-seconds-0').fill('15');
  await options.getByTestId('micro-option-percent-0').fill('70');
  await options.getByTestId('micro-option-add').click();
  await options.getByTestId('micro-option-seconds-1').fill('15');
  await options.getByTestId('micro-option-percent-1').fill('75');
  await page.getByTestId('micro-options-save').click();
  await expect(options.getByText('This duration is already in the list')).toBeVisible();
  await options.getByTestId('micro-option-remove-1').click();
  await page.getByTestId('micro-options-save').click();
  await expect(toast(page, 'Micro trade settings of ETH/USDT saved')).toBeVisible();
  await expect(options).toBeHidden();
  await expect(ethRow.getByTestId('micro-pair-options')).toHaveText('15 s · 70%');
  const seconds = await call<Option[]>(request, 'GET', `microtrade/seconds?match_id=${eth.id}`);
  expect(seconds.map((o) => [o.seconds, Number(o.profit_ratio)])).toEqual([[15, 0.7]]);
  // BTC/USDT keeps the options it had.
  expect(await call<Option[]>(request, 'GET', `microtrade/seconds?match_id=${btcPair.id}`)).toEqual(
    btcOptions,
  );

  // Closing and opening ETH/USDT again with the table's switch.
  const open = ethRow.getByTestId('micro-pair-open');
  await expect(open).toHaveAttribute('aria-checked', 'true');
  await open.click();
  await expect(toast(page, 'Micro trade closed on ETH/USDT')).toBeVisible();
  await expect(open).toHaveAttribute('aria-checked', 'false');
  expect(pairOf(await overview(request), 'ETH/USDT').open_microtrade).toBe(0);
  await open.click();
  await expect(toast(page, 'Micro trade opened on ETH/USDT')).toBeVisible();
  await expect(open).toHaveAttribute('aria-checked', 'true');
  expect(pairOf(await overview(request), 'ETH/USDT').open_microtrade).toBe(1);

  // The index guard of BTC/USDT as the e2e run set it, with the cost of deciding its index in
  // USDT, the bound (cost ÷ multiple) and the house's exposure there: the open order's 90 USDT.
  const btcGuard = page.getByTestId(`micro-guard-row-${btcPair.id}`);
  await expect(btcGuard.getByTestId('micro-pair-min-trades')).toHaveText('1');
  await expect(btcGuard.getByTestId('micro-pair-min-volume')).toHaveText('0.0001 BTC');
  await expect(btcGuard.getByTestId('micro-pair-multiple')).toHaveText('0.000001');
  await expect(btcGuard.getByTestId('micro-pair-exposure-USDT')).toHaveText('90 USDT');
  const btcCost =
    (await btcGuard.getByTestId('micro-pair-cost-USDT').getAttribute('data-value')) ?? '';
  const btcBound = await btcGuard.getByTestId('micro-pair-bound-USDT').getAttribute('data-value');
  expect(units(btcCost)).toBeGreaterThan(0n);
  expect(units(btcBound ?? '0')).toBe(units(btcCost) * 1_000_000n);
  await expect(btcGuard.getByTestId('micro-pair-cost-USDT')).toHaveText(`${shown(btcCost)} USDT`);
  const btcNow = pairOf(await overview(request), 'BTC/USDT');
  expect(btcNow.manipulation.find((m) => m.currency_id === usdt.id)?.exposure).toBe('90');

  // ETH/USDT's guard: the checks of the fields, a refusal of the server (more decimals than
  // ETH's quantities have) that changes nothing, then minimums of 2 trades and 0.05 ETH and a
  // multiple of 1000, which puts the house's bound at a thousandth of the cost.
  const ethGuard = page.getByTestId(`micro-guard-row-${eth.id}`);
  await expect(ethGuard.getByTestId('micro-pair-min-trades')).toHaveText(
    String(eth.index_min_trades),
  );
  await expect(ethGuard.getByTestId('micro-pair-exposure-USDT')).toHaveText('0 USDT');
  await ethGuard.getByTestId('micro-guard-edit').click();
  const guard = page.getByTestId('micro-guard');
  await expect(page.getByTestId('micro-guard-title')).toHaveText('Index guard of ETH/USDT');
  await expect(guard.getByTestId('micro-guard-min-trades')).toHaveValue(
    String(eth.index_min_trades),
  );
  await expect(guard.getByTestId('micro-guard-min-volume')).toHaveValue(eth.index_min_volume);
  await expect(guard.getByTestId('micro-guard-multiple')).toHaveValue(eth.manipulation_multiple);
  await expect(page.getByTestId('micro-guard-exposure-USDT')).toHaveText('0');
  await expect(page.getByTestId('micro-guard-bound-USDT')).toHaveText(/^[\d,]+(\.\d+)?$/);
  await guard.getByTestId('micro-guard-min-trades').fill('0');
  await guard.getByTestId('micro-guard-min-volume').fill('0');
  await guard.getByTestId('micro-guard-multiple').fill('0.0000001');
  await page.getByTestId('micro-guard-save').click();
  await expect(guard.getByText('A whole number from 1 to 1000')).toBeVisible();
  await expect(guard.getByText('A quantity above 0')).toBeVisible();
  await expect(guard.getByText('Above 0 and at most 1000, with at most 6 decimals')).toBeVisible();
  await guard.getByTestId('micro-guard-min-trades').fill('2');
  await guard.getByTestId('micro-guard-min-volume').fill('0.000000001');
  await guard.getByTestId('micro-guard-multiple').fill('1000');
  await page.getByTestId('micro-guard-save').click();
  await expect(toast(page, /The amount allows at most \d+ decimals/)).toBeVisible();
  await expect(guard).toBeVisible();
  expect(pairOf(await overview(request), 'ETH/USDT')).toMatchObject({
    index_min_trades: eth.index_min_trades,
    index_min_volume: eth.index_min_volume,
    manipulation_multiple: eth.manipulation_multiple,
  });
  await guard.getByTestId('micro-guard-min-volume').fill('0.05');
  await page.getByTestId('micro-guard-save').click();
  await expect(toast(page, 'Index guard of ETH/USDT saved')).toBeVisible();
  await expect(guard).toBeHidden();
  await expect(ethGuard.getByTestId('micro-pair-min-trades')).toHaveText('2');
  await expect(ethGuard.getByTestId('micro-pair-min-volume')).toHaveText('0.05 ETH');
  await expect(ethGuard.getByTestId('micro-pair-multiple')).toHaveText('1,000');
  const guarded = pairOf(await overview(request), 'ETH/USDT');
  expect(guarded).toMatchObject({
    index_min_trades: 2,
    index_min_volume: '0.05',
    manipulation_multiple: '1000',
  });
  const ethCost = guarded.manipulation.find((m) => m.currency_id === usdt.id);
  expect(units(ethCost?.bound ?? '1') * 1000n).toBeLessThanOrEqual(units(ethCost?.cost ?? '0'));

  // The house takes no order on ETH/USDT now: the trader sees the server's reason.
  const second = await openAs(browser, trader.token, '/second', { lang: 'en' });
  await second.getByTestId('micro-pair-ETH/USDT').click();
  await expect(second.getByTestId('micro-symbol')).toHaveText('ETH/USDT');
  await second.getByTestId('micro-seconds-15').click();
  await second.getByTestId('micro-preset-10').click();
  await second.getByTestId('micro-up').click();
  await second.getByTestId('micro-confirm-ok').click();
  await expect(
    toast(second, /^The market of this pair is too thin for the house to take more on it now/),
  ).toBeVisible();
  expect(
    await call<{ data: unknown[] }>(
      request,
      'GET',
      `microtrade/lists?status=1&match_id=${eth.id}`,
      undefined,
      trader.token,
    ),
  ).toMatchObject({ data: [] });
  await second.context().close();

  // The default options: checked (one is needed) but left as they are.
  await page.getByTestId('micro-defaults-edit').click();
  await expect(page.getByTestId('micro-options-title')).toHaveText('Default seconds options');
  await expect(options.getByTestId('micro-option-seconds-0')).toHaveValue('30');
  await expect(options.getByTestId('micro-option-percent-0')).toHaveValue('80');
  for (let left = start.default_options.length; left > 0; left -= 1) {
    await options.getByTestId('micro-option-remove-0').click();
  }
  await page.getByTestId('micro-options-save').click();
  await expect(options.getByText('Add at least one option')).toBeVisible();
  await page.getByTestId('micro-options-cancel').click();
  await expect(options).toBeHidden();

  // BTC as a stake currency: presets, limits, fee and default cap, after the checks.
  // BTC is among the currencies never set up, each with its own button.
  expect(btc.enabled).toBe(0);
  const btcRow = page.getByTestId('micro-currency-BTC');
  await expect(btcRow).toHaveCount(0);
  await page
    .getByTestId('micro-currency-others')
    .getByRole('button', { name: 'Enable BTC as a stake currency' })
    .click();
  const currency = page.getByTestId('micro-currency');
  await expect(page.getByTestId('micro-currency-title')).toHaveText('Stake currency BTC');
  await expect(currency.getByTestId('micro-currency-enabled')).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await currency.getByTestId('micro-currency-presets').fill('0.0001, 0.01, 0.1');
  await currency.getByTestId('micro-currency-min_number').fill('0.001');
  await currency.getByTestId('micro-currency-max_number').fill('0.0005');
  await currency.getByTestId('micro-currency-fee_percent').fill('60');
  await currency.getByTestId('micro-currency-default_cap').fill('5');
  await page.getByTestId('micro-currency-save').click();
  await expect(currency.getByText('The largest stake cannot be below the smallest')).toBeVisible();
  await expect(currency.getByText('A percent from 0 to below 50')).toBeVisible();
  await currency.getByTestId('micro-currency-max_number').fill('1');
  await currency.getByTestId('micro-currency-fee_percent').fill('2');
  await page.getByTestId('micro-currency-save').click();
  await expect(
    currency.getByText('Every preset must be within the smallest and largest stake'),
  ).toBeVisible();
  await currency.getByTestId('micro-currency-presets').fill('0.001, 0.01, 0.1');
  await page.getByTestId('micro-currency-save').click();
  await expect(toast(page, 'Stake currency BTC saved')).toBeVisible();
  await expect(currency).toBeHidden();
  await expect(btcRow.getByTestId('micro-currency-state')).toHaveText('Enabled');
  await expect(btcRow.getByTestId('micro-currency-presets-cell')).toHaveText('0.001 · 0.01 · 0.1');
  await expect(btcRow.getByTestId('micro-currency-min')).toHaveText('0.001');
  await expect(btcRow.getByTestId('micro-currency-max')).toHaveText('1');
  await expect(btcRow.getByTestId('micro-currency-fee')).toHaveText('2%');
  await expect(btcRow.getByTestId('micro-currency-cap')).toHaveText('5');
  // Its house can be funded from now on.
  await expect(page.getByTestId('micro-house-BTC')).toBeVisible();
  await expect(page.getByTestId('micro-currency-enable-BTC')).toHaveCount(0);
  const enabled = currencyOf(await overview(request), 'BTC');
  expect(enabled.enabled).toBe(1);
  expect(enabled.micro_numbers.map(Number)).toEqual([0.001, 0.01, 0.1]);
  expect(Number(enabled.min_number)).toBe(0.001);
  expect(Number(enabled.max_number)).toBe(1);
  expect(Number(enabled.fee_rate)).toBe(0.02);
  expect(Number(enabled.default_cap)).toBe(5);

  // USDT's stake settings are as the demo made them.
  expect(currencyOf(await overview(request), 'USDT')).toEqual(usdt);
  await page.context().close();
});

test('the micro trade desk is for operators only and fits every width in both themes', async ({
  browser,
  request,
}) => {
  const trader = await signUpTrader(request, { prefix: 'microdesk', password: 'microdesk2026' });
  const user = await openAs(browser, trader.token, '/admin/micro', { lang: 'en' });
  await expect(user.getByText('Operators only')).toBeVisible();
  await expect(user.getByTestId('micro-pairs')).toHaveCount(0);
  await user.context().close();
  // The server refuses the calls too.
  const res = await request.get('/api/admin/microtrade/overview', {
    headers: { Authorization: trader.token },
  });
  const body = (await res.json()) as { code: number };
  expect(body.code).not.toBe(1);

  const token = await operatorToken(request);
  const eth = pairOf(await overview(request), 'ETH/USDT');
  // The longest names (German, Vietnamese) still fit a phone.
  for (const lang of ['du', 'vi']) {
    const page = await openAs(browser, token, '/admin/micro', { ...VIEWPORTS[1], lang });
    await expect(page.getByTestId(`micro-pair-${eth.id}`)).toBeVisible();
    await page.screenshot({ path: `screenshots/admin-micro-phone-${lang}.png`, fullPage: true });
    expect(await sidewaysOverflow(page), `admin micro phone ${lang}`).toBeLessThanOrEqual(1);
    expect(await clippedCells(page)).toEqual([]);
    await page.context().close();
  }
  for (const theme of ['light', 'dark']) {
    for (const viewport of VIEWPORTS) {
      const page = await openAs(browser, token, '/admin/micro', { ...viewport, lang: 'en', theme });
      await expect(page.getByTestId('micro-house-USDT')).toBeVisible();
      await expect(page.getByTestId('micro-currency-USDT')).toBeVisible();
      await expect(page.getByTestId('micro-defaults')).toBeVisible();
      await expect(page.getByTestId(`micro-pair-${eth.id}`)).toBeVisible();
      await expect(page.getByTestId(`micro-guard-row-${eth.id}`)).toBeVisible();
      await page.screenshot({
        path: `screenshots/admin-micro-${viewport.name}-${theme}.png`,
        fullPage: true,
      });
      expect(await sidewaysOverflow(page), `admin micro ${viewport.name}`).toBeLessThanOrEqual(1);
      expect(await clippedCells(page)).toEqual([]);
      if (viewport.name === 'phone') {
        await page.getByTestId(`micro-pair-${eth.id}`).getByTestId('micro-pair-edit').click();
        await expect(page.getByTestId('micro-options')).toBeVisible();
        // The dialog's opening animation has ended before the picture.
        await page.waitForTimeout(400);
        await page.screenshot({ path: `screenshots/admin-micro-options-phone-${theme}.png` });
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(1);
        await page.getByTestId('micro-options-cancel').click();
        await expect(page.getByTestId('micro-options')).toBeHidden();
      }
      // The guard dialog with the pair's cost, bound and exposure.
      await page.getByTestId(`micro-guard-row-${eth.id}`).getByTestId('micro-guard-edit').click();
      await expect(page.getByTestId('micro-guard')).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({
        path: `screenshots/admin-micro-guard-${viewport.name}-${theme}.png`,
      });
      expect(await sidewaysOverflow(page), `guard dialog ${viewport.name}`).toBeLessThanOrEqual(1);
      expect(await clippedCells(page), `guard dialog ${viewport.name}`).toEqual([]);
      await page.context().close();
    }
  }
});

test('the second account leads to micro trade and says how money comes in', async ({
  browser,
  request,
}) => {
  const trader = await signUpTrader(request, { prefix: 'microacct', password: 'microacct2026' });
  for (const viewport of VIEWPORTS) {
    const page = await openAs(browser, trader.token, '/assets/secondAccount', {
      ...viewport,
      lang: 'en',
    });
    const intro = page.getByTestId('micro-intro');
    await expect(intro).toContainText('This account funds micro trade');
    await expect(intro.getByTestId('micro-transfer-link')).toHaveAttribute(
      'href',
      '/assets/transfer',
    );
    const link = intro.getByRole('link', { name: 'Micro trade' });
    await expect(link).toHaveAttribute('href', '/second');
    await page.screenshot({
      path: `screenshots/second-account-micro-${viewport.name}.png`,
      fullPage: true,
    });
    expect(await sidewaysOverflow(page), `second account ${viewport.name}`).toBeLessThanOrEqual(1);
    if (viewport.name === 'desktop') {
      await link.click();
      await expect(page).toHaveURL(/\/second$/);
    }
    await page.context().close();
  }
});
