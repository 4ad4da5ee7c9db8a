/**
 * Conversion of small balances into USDT by market orders on the spot books. It offers its
 * product module (for products.ts) and its handler's type.
 */
export { convertModule } from './module.js';
export type { ConvertHandler } from './handler.js';
