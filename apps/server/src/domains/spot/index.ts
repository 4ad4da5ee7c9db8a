/**
 * Spot trading: the order books, matching and the trade account's holds. It offers its product
 * module and handler type, the read model of its markets, what a commit changed in the books, and
 * its market, order and trade types.
 */
export { spotModule } from './module.js';
export type { SpotHandler } from './handler.js';
export { MarketView } from './read-model.js';
export { BOOK_LEVELS, spotChanges } from './spot-rows.js';
export { loadSpot } from './spot-state.js';
export type { MarketInfo, OrderState, SpotMarket, TradeRow } from './types.js';
