export * from './depth.js';
export * from './mark.js';
export * from './bound.js';
