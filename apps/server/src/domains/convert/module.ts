import { defineProduct } from '../../product-module.js';
import { spotModule } from '../spot/index.js';
import { ConvertHandler } from './handler.js';
import { convertRoutes } from './routes.js';

/** Conversion of small balances into USDT, by market orders on the books (no balance of its own). */
export const convertModule = defineProduct({
  name: 'convert',
  create: (env) => new ConvertHandler(env.core, env.handler(spotModule)),
  routes: convertRoutes,
});
