/**
 * The operators' back office: the ledger audit and adjustments, unfreezing, deposit and
 * withdrawal review, the operator settings. It offers its routes, for app.ts.
 */
export { adminRoutes } from './routes.js';
export { reviewRoutes } from './review.js';
export { adminSettingsRoutes } from './settings-routes.js';
