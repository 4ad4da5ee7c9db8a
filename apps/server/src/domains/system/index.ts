/** The system calls: health and the development outbox. It offers its routes, for app.ts. */
export { systemRoutes } from './routes.js';
