import { CALLS, type MicroOrder } from '@exchange/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dropOrder, replaceClosed, type MicroPage } from '../lib/micro-list';
import { isMicroList, microListKey, updateOpenLists } from './micro';

const row = (id: number, status: 1 | 3 = 1) =>
  ({ id, status, deadline: 0 }) as unknown as MicroPage['data'][number];
const page = (...rows: MicroPage['data']): MicroPage => ({
  total: rows.length,
  per_page: 10,
  current_page: 1,
  last_page: 1,
  data: rows,
});

describe('micro list cache', () => {
  it('tells the list pages of each status apart', () => {
    expect(isMicroList({ queryKey: microListKey(1, 2) }, 1)).toBe(true);
    expect(isMicroList({ queryKey: microListKey(3, 1) }, 1)).toBe(false);
    expect(isMicroList({ queryKey: [CALLS.microCurrencies.path, {}] }, 1)).toBe(false);
  });

  it('shows a pushed closed order in place on every in-progress page, then drops it', () => {
    const client = new QueryClient();
    client.setQueryData(microListKey(1, 1), page(row(1), row(2)));
    client.setQueryData(microListKey(1, 2), page(row(3)));
    client.setQueryData(microListKey(3, 1), page(row(2, 3)));
    const closed = { id: 2, status: 3, outcome: 'win' } as MicroOrder;

    updateOpenLists(client, (p) => replaceClosed(p, closed, 5));
    const first = client.getQueryData<MicroPage>(microListKey(1, 1));
    expect(first?.data.map((r) => [r.id, r.status])).toEqual([
      [1, 1],
      [2, 3],
    ]);
    expect(client.getQueryData<MicroPage>(microListKey(1, 2))?.data).toHaveLength(1);

    updateOpenLists(client, (p) => dropOrder(p, 2));
    expect(client.getQueryData<MicroPage>(microListKey(1, 1))?.data.map((r) => r.id)).toEqual([1]);
    // The closed list is left to its own refresh.
    expect(client.getQueryData<MicroPage>(microListKey(3, 1))?.data).toHaveLength(1);
  });
});
