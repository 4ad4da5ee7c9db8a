/**
 * Leveraged trading against the house on the spot pairs' marks. It offers its product module
 * (for products.ts), its demo desk and the overnight fee's Bangkok day.
 */
export { leverModule } from './module.js';
export { openDemoLever } from './demo.js';
export { bangkokDay, untilBangkokMidnight } from './overnight.js';
