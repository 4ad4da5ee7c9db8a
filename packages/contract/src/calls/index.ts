import { defaultCalls } from './default.js';
import { newsCalls } from './news.js';
import { notifyCalls } from './notify.js';
import { systemCalls } from './system.js';
import { userCalls } from './user.js';

export * from './default.js';
export * from './fields.js';
export * from './news.js';
export * from './notify.js';
export * from './system.js';
export * from './user.js';

/** Every HTTP call of the exchange, by name. */
export const CALLS = {
  ...systemCalls,
  ...newsCalls,
  ...defaultCalls,
  ...notifyCalls,
  ...userCalls,
};
export type CallName = keyof typeof CALLS;
