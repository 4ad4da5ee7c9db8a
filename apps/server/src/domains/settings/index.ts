/**
 * Settings: the public site settings and areas, and the operator's settings (limits, price bands)
 * the server reads at each command. It offers its routes, `readSetting` and the operator settings.
 */
export { settingsRoutes } from './routes.js';
export { readSetting } from './settings.js';
export {
  isOperatorSetting,
  OPERATOR_SETTING_RANGE,
  OperatorSettings,
  parsePriceBand,
  priceBandKey,
  priceBandMarket,
  priceBandText,
} from './operator-settings.js';
