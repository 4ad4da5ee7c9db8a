import type { MicroOrder, Page } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { dropOrder, isOverdue, overdueCheckMs, replaceClosed, withDeadlines } from './micro-list';

function order(id: number, overrides: Partial<MicroOrder> = {}): MicroOrder {
  return {
    id,
    match_id: 1,
    symbol_name: 'BTC/USDT',
    currency_id: 3,
    currency_name: 'USDT',
    type: 1,
    status: 1,
    seconds: 30,
    number: '10',
    fee: '0.1',
    profit_ratio: '0.8',
    open_price: '60000',
    end_price: null,
    fact_profits: null,
    outcome: null,
    remain_milli_seconds: 12_000,
    created_at: 1,
    open_at: 2,
    end_at: 3,
    settled_at: null,
    evidence: null,
    ...overrides,
  };
}

const page = (orders: MicroOrder[], total = orders.length): Page<MicroOrder> => ({
  total,
  per_page: 10,
  current_page: 1,
  last_page: 1,
  data: orders,
});

describe('in-progress list', () => {
  it('gives each row its deadline from the time left at arrival', () => {
    const listed = withDeadlines(page([order(1), order(2, { remain_milli_seconds: 0 })]), 1_000);
    expect(listed.data.map((r) => r.deadline)).toEqual([13_000, 1_000]);
    expect(isOverdue(listed.data[0] ?? { deadline: 0 }, 13_500, 1_000)).toBe(false);
    expect(isOverdue(listed.data[0] ?? { deadline: 0 }, 14_001, 1_000)).toBe(true);
  });

  it('replaces the row of a closed order with the pushed one', () => {
    const listed = withDeadlines(page([order(1), order(2)]), 0);
    const closed = order(2, {
      status: 3,
      end_price: '60010',
      fact_profits: '8',
      outcome: 'win',
      remain_milli_seconds: 0,
    });
    const next = replaceClosed(listed, closed, 500);
    expect(next.data[1]).toMatchObject({ id: 2, status: 3, fact_profits: '8', deadline: 500 });
    expect(next.data[0]).toBe(listed.data[0]);
    expect(next.total).toBe(2);
    // Not on this page: the same page.
    expect(replaceClosed(listed, order(9, { status: 3 }), 0)).toBe(listed);
  });

  it('drops the order afterwards and counts one less', () => {
    const listed = withDeadlines(page([order(1), order(2)], 12), 0);
    const next = dropOrder(listed, 1);
    expect(next.data.map((r) => r.id)).toEqual([2]);
    expect(next.total).toBe(11);
    expect(dropOrder(next, 1)).toBe(next);
  });
});

describe('overdueCheckMs', () => {
  it('reads the page again a little after the first countdown ends', () => {
    const rows = [
      { status: 1 as const, deadline: 10_000 },
      { status: 1 as const, deadline: 4_000 },
      { status: 3 as const, deadline: 0 },
    ];
    expect(overdueCheckMs(rows, 1_000, 2_000, 3_000)).toBe(5_000);
    // Already overdue: not more often than the minimum.
    expect(overdueCheckMs(rows, 9_000, 2_000, 3_000)).toBe(3_000);
    expect(overdueCheckMs([{ status: 3, deadline: 0 }], 0, 2_000, 3_000)).toBe(false);
    expect(overdueCheckMs([], 0, 2_000, 3_000)).toBe(false);
  });
});
