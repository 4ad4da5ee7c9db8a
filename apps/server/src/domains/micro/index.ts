/**
 * Micro trade: short fixed-time orders settled on a pair's price index. It offers its product
 * module (for products.ts) and the moment an order placed now opens at.
 */
export { microModule } from './module.js';
export { openMoment } from './commands.js';
