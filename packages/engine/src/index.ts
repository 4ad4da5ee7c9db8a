export * from './units.js';
export * from './types.js';
export { OrderBook } from './order-book.js';
export { ReferenceBook } from './reference-book.js';
export { marketBandLimit } from './market-band.js';
export * as lever from './lever/index.js';
export * as micro from './micro/index.js';
