import type { Page, SpotOrder } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import {
  addSubmitted,
  applyMatched,
  isFinished,
  removeOrder,
  showsSubmitted,
  type OrdersView,
} from './order-push';

function order(id: number, patch: Partial<SpotOrder> = {}): SpotOrder {
  return {
    id,
    currency_match_id: 1,
    currency_match: { symbol: 'BTC/USDT' },
    way: 1,
    way_name: 'Buy',
    type: 0,
    price: '100',
    number: '2',
    transacted_amount: '0',
    transacted_volume: '0',
    fee: '0',
    status: 0,
    status_name: 'Open',
    client_order_id: null,
    created_at: 1_700_000_000_000 + id,
    updated_at: 1_700_000_000_000 + id,
    ...patch,
  };
}

function page(ids: number[], total = ids.length): Page<SpotOrder> {
  return {
    total,
    per_page: 10,
    current_page: 1,
    last_page: Math.max(1, Math.ceil(total / 10)),
    data: ids.map((id) => order(id)),
  };
}

const view: OrdersView = { tab: 'current', way: 1, page: 1, pairId: 1 };

describe('TX_SUBMIT (spec 2 §4)', () => {
  it('joins page 1 of the sub-tab of its way', () => {
    expect(showsSubmitted(view, order(9))).toBe(true);
    expect(showsSubmitted({ ...view, tab: 'all' }, order(9, { currency_match_id: 5 }))).toBe(true);
  });

  it('stays out of other pages, the history tab and the other way', () => {
    expect(showsSubmitted({ ...view, page: 2 }, order(9))).toBe(false);
    expect(showsSubmitted({ ...view, tab: 'history' }, order(9))).toBe(false);
    expect(showsSubmitted(view, order(9, { way: 2 }))).toBe(false);
    expect(showsSubmitted({ ...view, way: 2 }, order(9, { way: 2 }))).toBe(true);
  });

  it('joins the current tab only for the pair on screen', () => {
    expect(showsSubmitted(view, order(9, { currency_match_id: 5 }))).toBe(false);
  });

  it('skips an order that was done before its push arrived', () => {
    expect(showsSubmitted(view, order(9, { status: 1, transacted_amount: '2' }))).toBe(false);
  });

  it('puts the order at the top and keeps the page at 10 rows', () => {
    const full = page([10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 12);
    const next = addSubmitted(full, order(11));
    expect(next.data.map((o) => o.id)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(next.total).toBe(13);
    expect(next.last_page).toBe(2);
  });

  it('does not add an order twice', () => {
    const list = page([2, 1]);
    expect(addSubmitted(list, order(2))).toBe(list);
  });
});

describe('TX_MATCHED (spec 2 §4)', () => {
  it('updates number and executed amount of a partly filled order', () => {
    const next = applyMatched(
      page([2, 1]),
      order(1, { transacted_amount: '0.5', transacted_volume: '50' }),
    );
    expect(next.data[1]).toMatchObject({ id: 1, transacted_amount: '0.5', number: '2' });
    expect(next.total).toBe(2);
  });

  it('removes the row when executed equals number', () => {
    const next = applyMatched(page([2, 1]), order(1, { transacted_amount: '2.000', status: 1 }));
    expect(next.data.map((o) => o.id)).toEqual([2]);
    expect(next.total).toBe(1);
  });

  it('removes the row even if the status is not yet done', () => {
    const next = applyMatched(page([1]), order(1, { transacted_amount: '2' }));
    expect(next.data).toEqual([]);
  });

  it('leaves other pages untouched', () => {
    const list = page([3, 4]);
    expect(applyMatched(list, order(1, { transacted_amount: '1' }))).toBe(list);
  });
});

describe('cancel and finished', () => {
  it('removes a cancelled order and fixes the paging', () => {
    const next = removeOrder(page([5, 4, 3], 11), 4);
    expect(next.data.map((o) => o.id)).toEqual([5, 3]);
    expect(next.total).toBe(10);
    expect(next.last_page).toBe(1);
  });

  it('tells finished orders', () => {
    expect(isFinished(order(1))).toBe(false);
    expect(isFinished(order(1, { transacted_amount: '1.999999' }))).toBe(false);
    expect(isFinished(order(1, { transacted_amount: '2' }))).toBe(true);
    expect(isFinished(order(1, { status: 2 }))).toBe(true);
  });
});
