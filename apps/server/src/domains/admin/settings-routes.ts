import { CALLS, OPERATOR_SETTINGS, type OperatorSettingKey } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import {
  isOperatorSetting,
  OPERATOR_SETTING_RANGE,
  type OperatorSettings,
} from '../settings/operator-settings.js';

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

/** The operator's settings page: read them all, change one (each change is in the audit log). */
export function adminSettingsRoutes(app: FastifyInstance) {
  route(app, CALLS.adminSettings, ({ ctx }) => {
    const keys = Object.keys(OPERATOR_SETTINGS).filter(isOperatorSetting);
    return Promise.resolve({
      factor: ctx.config.rateLimitFactor,
      settings: keys.map((key) => view(ctx.operatorSettings, key)),
    });
  });

  route(app, CALLS.adminSettingsUpdate, async ({ ctx, session, input }) => {
    if (!isOperatorSetting(input.key)) throw new AppError('setting.unknown');
    const { min, max } = OPERATOR_SETTING_RANGE[input.key];
    // The rule is language-neutral: it is placed into the message of every language.
    if (!Number.isSafeInteger(input.value) || input.value < min || input.value > max) {
      throw new AppError('setting.invalid', { setting: input.key, rule: `${min}–${max}` });
    }
    await ctx.operatorSettings.set(input.key, input.value, session.userId);
    return view(ctx.operatorSettings, input.key);
  });
}
