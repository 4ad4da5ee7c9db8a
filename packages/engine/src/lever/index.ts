export * from './maths.js';
export * from './settle.js';
export * from './desk.js';
