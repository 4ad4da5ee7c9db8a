import { describe, expect, it } from 'vitest';
import { listParams, readView, tabOfStatus, writeView } from './review-view';

describe('review list view', () => {
  it('opens on the first page of pending items', () => {
    expect(readView(new URLSearchParams())).toEqual({ tab: 'pending', page: 1 });
    expect(readView(new URLSearchParams('status=bogus&page=-3'))).toEqual({
      tab: 'pending',
      page: 1,
    });
  });

  it('reads and writes the tab and page of the URL', () => {
    const view = readView(new URLSearchParams('status=rejected&page=3'));
    expect(view).toEqual({ tab: 'rejected', page: 3 });
    expect(writeView(view).toString()).toBe('status=rejected&page=3');
    expect(writeView({ tab: 'all', page: 1 }).toString()).toBe('status=all');
  });

  it('asks the server for the tab status, 15 a page, and for no status on all', () => {
    expect(listParams({ tab: 'pending', page: 1 })).toEqual({ status: 0, page: 1, limit: 15 });
    expect(listParams({ tab: 'approved', page: 2 })).toEqual({ status: 1, page: 2, limit: 15 });
    expect(listParams({ tab: 'rejected', page: 1 })).toEqual({ status: 2, page: 1, limit: 15 });
    expect(listParams({ tab: 'all', page: 4 })).toEqual({ page: 4, limit: 15 });
  });

  it('names the tab of a status', () => {
    expect([0, 1, 2].map((s) => tabOfStatus(s as 0 | 1 | 2))).toEqual([
      'pending',
      'approved',
      'rejected',
    ]);
  });
});
