/**
 * Earning products: fixed-term subscriptions whose interest is funded before it is promised. It
 * offers its product module (for products.ts).
 */
export { earnModule } from './module.js';
