export * from './index-price.js';
export * from './settle.js';
export * from './guard.js';
