import { adminCalls } from './admin.js';
import { assetsCalls, reviewCalls } from './assets.js';
import { defaultCalls } from './default.js';
import { earnCalls } from './earn.js';
import { leverCalls } from './lever.js';
import { marketCalls } from './market.js';
import { microCalls } from './micro.js';
import { newsCalls } from './news.js';
import { personalCalls } from './personal.js';
import { notifyCalls } from './notify.js';
import { systemCalls } from './system.js';
import { uploadCalls } from './upload.js';
import { accountCalls, spotCalls } from './spot.js';
import { userCalls } from './user.js';
import { vndCalls } from './vnd.js';

export * from './admin.js';
export * from './assets.js';
export * from './default.js';
export * from './earn.js';
export * from './fields.js';
export * from './lever.js';
export * from './market.js';
export * from './micro.js';
export * from './news.js';
export * from './personal.js';
export * from './spot.js';
export * from './notify.js';
export * from './system.js';
export * from './upload.js';
export * from './user.js';
export * from './vnd.js';

/** Every HTTP call of the exchange, by name. */
export const CALLS = {
  ...leverCalls,
  ...microCalls,
  ...earnCalls,
  ...personalCalls,
  ...systemCalls,
  ...newsCalls,
  ...defaultCalls,
  ...notifyCalls,
  ...userCalls,
  ...marketCalls,
  ...spotCalls,
  ...accountCalls,
  ...assetsCalls,
  ...adminCalls,
  ...reviewCalls,
  ...uploadCalls,
  ...vndCalls,
};
export type CallName = keyof typeof CALLS;
