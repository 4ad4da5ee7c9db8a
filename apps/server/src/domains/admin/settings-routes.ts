import { CALLS, OPERATOR_SETTINGS, type OperatorSettingKey, PRICE_BAND } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { type AuthedHandler, route } from '../../http/route.js';
import { PUBLIC_SETTINGS, setPublicSetting } from './public-settings.js';
import {
  isOperatorSetting,
  OPERATOR_SETTING_RANGE,
  type OperatorSettings,
  parsePriceBand,
  priceBandKey,
  priceBandMarket,
  priceBandText,
} from '../settings/index.js';

function view(settings: OperatorSettings, key: OperatorSettingKey) {
  const range = OPERATOR_SETTING_RANGE[key];
  return {
    key,
    value: settings.get(key),
    default: OPERATOR_SETTINGS[key],
    min: range.min,
    max: range.max,
  };
}

/** One pair's price band as the settings page shows it. */
function bandView(ctx: AppContext, market: { id: number; symbol: string }) {
  return {
    key: priceBandKey(market.id),
    currency_match_id: market.id,
    symbol: market.symbol,
    value: priceBandText(ctx.operatorSettings.priceBandBps(market.id)),
    default: PRICE_BAND.default,
    min: PRICE_BAND.min,
    max: PRICE_BAND.max,
  };
}

/** A whole-number setting's value as sent: a number, or digits as text (a form's). */
function wholeValue(value: number | string): number {
  return typeof value === 'number' ? value : value === '' ? Number.NaN : Number(value);
}

/** The operator's settings page: read them all, change one (each change is in the audit log). */
export function adminSettingsRoutes(app: FastifyInstance) {
  route(app, CALLS.adminSettings, ({ ctx }) => {
    const keys = Object.keys(OPERATOR_SETTINGS).filter(isOperatorSetting);
    return Promise.resolve({
      factor: ctx.config.rateLimitFactor,
      settings: keys.map((key) => view(ctx.operatorSettings, key)),
      price_bands: ctx.markets.list().map((market) => bandView(ctx, market)),
    });
  });

  const update: AuthedHandler<typeof CALLS.adminSettingsUpdate> = async ({
    ctx,
    session,
    input,
  }) => {
    const bandMarket = priceBandMarket(input.key);
    if (bandMarket !== null) {
      // A spot pair's price band: a fraction, read as a decimal (never a float); applied to the
      // next order at once, since the spot handler reads the band at each placement.
      const market = ctx.markets.market(bandMarket);
      if (!market) throw new AppError('setting.unknown');
      const bps = parsePriceBand(String(input.value).trim());
      if (bps === null) {
        throw new AppError('setting.invalid', {
          setting: input.key,
          rule: `${PRICE_BAND.min}–${PRICE_BAND.max}`,
        });
      }
      await ctx.operatorSettings.setPriceBand(market.id, bps, session.userId);
      return bandView(ctx, market);
    }
    // VND rates, the deposit bank, contact links: the public settings clients read.
    if (Object.hasOwn(PUBLIC_SETTINGS, input.key))
      return setPublicSetting(ctx, session.userId, input.key, input.value);
    if (!isOperatorSetting(input.key)) throw new AppError('setting.unknown');
    const { min, max } = OPERATOR_SETTING_RANGE[input.key];
    const value = wholeValue(input.value);
    // The rule is language-neutral: it is placed into the message of every language.
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw new AppError('setting.invalid', { setting: input.key, rule: `${min}–${max}` });
    }
    await ctx.operatorSettings.set(input.key, value, session.userId);
    return view(ctx.operatorSettings, input.key);
  };
  route(app, CALLS.adminSettingsUpdate, update);
  // The name outside clients use for a pair's price band (`price_band:<currency_match_id>`).
  route(app, CALLS.adminSettingsSet, update);
}
