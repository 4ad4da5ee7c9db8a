/**
 * Verification codes sent by e-mail or SMS: issued, delivered, consumed. It offers its routes
 * (the send-code calls) and code delivery and consumption to the calls that ask for a code.
 */
export { notifyRoutes } from './routes.js';
export { deliverCode, sendCode } from './code-delivery.js';
export { consumeCode } from './codes.js';
