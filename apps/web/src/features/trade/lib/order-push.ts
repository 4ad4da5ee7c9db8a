import { ORDER_STATUS, type Page, type SpotOrder } from '@exchange/contract';
import { compareDecimals } from '../../../shared/format/number';

/** Tabs of the history panel (spec 2 §2): this pair's open orders, all open orders, finished. */
export type HistoryTab = 'current' | 'all' | 'history';
export type Way = SpotOrder['way'];

export interface OrdersView {
  tab: HistoryTab;
  /** The buy/sell sub-tab of the open-order tabs. */
  way: Way;
  page: number;
  /** The pair on screen (the current tab lists only its orders). */
  pairId: number;
}

/** An order is done when it is no longer open or its executed amount reached its number. */
export function isFinished(order: SpotOrder): boolean {
  if (order.status !== ORDER_STATUS.open) return true;
  const filled = compareDecimals(order.transacted_amount, order.number);
  return filled !== null && filled >= 0;
}

/**
 * Whether a `TX_SUBMIT` order joins the list on screen (spec 2 §4): only on page 1, not in the
 * history tab, in the sub-tab of its way (buy 1, sell 2), in the current tab only for its pair,
 * and only while it is still open (a market order may be done before its push arrives).
 */
export function showsSubmitted(view: OrdersView, order: SpotOrder): boolean {
  if (view.tab === 'history' || view.page !== 1 || view.way !== order.way) return false;
  if (view.tab === 'current' && order.currency_match_id !== view.pairId) return false;
  return !isFinished(order);
}

/** Puts a submitted order at the top of a page of `limit` rows (the last row drops off). */
export function addSubmitted(page: Page<SpotOrder>, order: SpotOrder): Page<SpotOrder> {
  if (page.data.some((o) => o.id === order.id)) return page;
  const total = page.total + 1;
  return {
    ...page,
    total,
    last_page: Math.max(1, Math.ceil(total / page.per_page)),
    data: [order, ...page.data].slice(0, page.per_page),
  };
}

/** Removes an order (cancelled, or executed in full); a page without it is returned as it is. */
export function removeOrder(page: Page<SpotOrder>, id: number): Page<SpotOrder> {
  if (!page.data.some((o) => o.id === id)) return page;
  const total = Math.max(0, page.total - 1);
  return {
    ...page,
    total,
    last_page: Math.max(1, Math.ceil(total / page.per_page)),
    data: page.data.filter((o) => o.id !== id),
  };
}

/**
 * A `TX_MATCHED` order (spec 2 §4): its row takes the new number and executed amount, and
 * disappears once executed equals number. Pages without the order are returned as they are.
 */
export function applyMatched(page: Page<SpotOrder>, order: SpotOrder): Page<SpotOrder> {
  if (!page.data.some((o) => o.id === order.id)) return page;
  if (isFinished(order)) return removeOrder(page, order.id);
  return {
    ...page,
    data: page.data.map((o) =>
      o.id === order.id
        ? {
            ...o,
            number: order.number,
            transacted_amount: order.transacted_amount,
            transacted_volume: order.transacted_volume,
            updated_at: order.updated_at,
          }
        : o,
    ),
  };
}
