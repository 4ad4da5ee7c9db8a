import { describe, expect, it } from 'vitest';
import { nextSort } from './sort';

describe('nextSort', () => {
  it('cycles first order, other order, unsorted', () => {
    const first = nextSort(null, 'change', 'descend');
    expect(first).toEqual({ key: 'change', order: 'descend' });
    const second = nextSort(first, 'change', 'descend');
    expect(second).toEqual({ key: 'change', order: 'ascend' });
    expect(nextSort(second, 'change', 'descend')).toBeNull();
  });

  it('starts over on another column', () => {
    expect(nextSort({ key: 'change', order: 'ascend' }, 'pair', 'ascend')).toEqual({
      key: 'pair',
      order: 'ascend',
    });
  });
});
