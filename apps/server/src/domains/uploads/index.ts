/**
 * Uploaded images, cleaned of their metadata and stored. It offers its routes and the check that
 * an upload is the caller's own.
 */
export { uploadRoutes } from './routes.js';
export { ownUploadOf } from './storage.js';
