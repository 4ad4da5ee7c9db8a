/** The news and announcements: categories, lists and articles. It offers its routes, for app.ts. */
export { newsRoutes } from './routes.js';
