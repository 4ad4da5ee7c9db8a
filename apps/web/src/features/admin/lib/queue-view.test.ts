import { describe, expect, it } from 'vitest';
import {
  IDENTITY_TABS,
  identityParams,
  identityTabOf,
  INBOX_TABS,
  inboxParams,
  readQueueView,
  writeQueueView,
} from './queue-view';

describe('operator queue views', () => {
  it('open on the first page of the first tab', () => {
    expect(readQueueView(new URLSearchParams(), IDENTITY_TABS)).toEqual({
      tab: 'pending',
      page: 1,
    });
    expect(readQueueView(new URLSearchParams('status=all&page=0'), INBOX_TABS)).toEqual({
      tab: 'unanswered',
      page: 1,
    });
    expect(readQueueView(new URLSearchParams('status=pending&page=2.5'), INBOX_TABS)).toEqual({
      tab: 'unanswered',
      page: 1,
    });
  });

  it('read and write the tab and page of the URL', () => {
    const view = readQueueView(new URLSearchParams('status=rejected&page=3'), IDENTITY_TABS);
    expect(view).toEqual({ tab: 'rejected', page: 3 });
    expect(writeQueueView(view).toString()).toBe('status=rejected&page=3');
    expect(writeQueueView({ tab: 'answered', page: 1 }).toString()).toBe('status=answered');
  });

  it('ask admin/identities for 1 pending, 2 approved, 3 rejected', () => {
    expect(identityParams({ tab: 'pending', page: 1 })).toEqual({ status: 1, page: 1 });
    expect(identityParams({ tab: 'approved', page: 2 })).toEqual({ status: 2, page: 2 });
    expect(identityParams({ tab: 'rejected', page: 1 })).toEqual({ status: 3, page: 1 });
    expect([1, 2, 3, 0].map((s) => identityTabOf(s as 0 | 1 | 2 | 3))).toEqual([
      'pending',
      'approved',
      'rejected',
      null,
    ]);
  });

  it('ask admin/feedback for 0 unanswered, 1 answered', () => {
    expect(inboxParams({ tab: 'unanswered', page: 1 })).toEqual({ status: 0, page: 1 });
    expect(inboxParams({ tab: 'answered', page: 4 })).toEqual({ status: 1, page: 4 });
  });
});
