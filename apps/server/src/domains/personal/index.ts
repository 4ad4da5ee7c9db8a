/**
 * A user's personal centre: identity, bank and payment methods, e-mail binding, feedback, and
 * their operator desks. It offers its routes, for app.ts.
 */
export { personalRoutes } from './routes.js';
export { personalAdminRoutes } from './admin-routes.js';
