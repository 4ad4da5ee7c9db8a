import { describe, expect, it } from 'vitest';
import { queryId } from './query-id';

describe('queryId', () => {
  it('reads positive integers and nothing else', () => {
    expect(queryId('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '1.5', 'x']) expect(queryId(bad)).toBeUndefined();
  });
});
