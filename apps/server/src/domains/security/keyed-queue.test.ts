import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('KeyedQueue', () => {
  it('runs one task per key at a time, in arrival order, and other keys alongside', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      return name;
    };
    const done = await Promise.all([
      queue.run('a', task('a1')),
      queue.run('a', task('a2')),
      queue.run('b', task('b1')),
    ]);
    expect(done).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });

  it('goes on after a failed task and forgets keys with nothing in flight', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('a', () => Promise.reject(new Error('boom')));
    const next = queue.run('a', () => Promise.resolve(2));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe(2);
    await tick();
    expect(queue.size).toBe(0);
  });
});
