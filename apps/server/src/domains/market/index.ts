/**
 * Market data: quotations, depth, trades and candles read from the spot books, their calls and
 * pushes. It offers the market data and its routes and pushes, the candles and their periods
 * (for the demo's backfill) and the rolling 24 h ticker.
 */
export { MarketData } from './market-data.js';
export { marketRoutes } from './routes.js';
export { registerMarketPushes } from './pushes.js';
export { wireTicks } from './views.js';
export type { Candle } from './candle.js';
export { CandleBook } from './candle-book.js';
export { insertNewCandles } from './candle-store.js';
export { bucketStart, PERIODS } from './periods.js';
export { changePercent, DAY_MS, RollingTicker } from './ticker.js';
