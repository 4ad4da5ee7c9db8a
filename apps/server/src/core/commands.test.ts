import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import {
  type Command,
  type CommandRoutes,
  command,
  deliver,
  dispatch,
  query,
  wire,
} from './commands.js';
import type { Handler } from './handler.js';
import { Rejected, reject } from './result.js';

/** A handler that records what it was asked, for the dispatch of plain command messages. */
class Echo implements Handler {
  readonly name = 'echo';
  seen: unknown[] = [];
  load() {
    return Promise.resolve();
  }
}

const echo = new Echo();
const routes: CommandRoutes = new Map([
  [
    'echo',
    {
      handler: echo,
      commands: {
        say: command(z.object({ userId: z.number().int(), amount: z.string() }), (h, m) => {
          (h as Echo).seen.push(m);
          return Promise.resolve({ ok: true });
        }),
      },
    },
  ],
]);

describe('command messages', () => {
  it('applies a message of a known kind with its fields parsed (kind and extras dropped)', async () => {
    const answer = await dispatch(routes, { kind: 'echo.say', userId: 7, amount: '1.5', x: 1 });
    expect(answer).toEqual({ ok: true });
    expect(echo.seen.at(-1)).toEqual({ userId: 7, amount: '1.5' });
  });

  it('refuses fields that do not match the kind with INVALID_COMMAND, applying nothing', async () => {
    const before = echo.seen.length;
    const refused = dispatch(routes, { kind: 'echo.say', userId: 'seven', amount: 1.5 });
    await expect(refused).rejects.toBeInstanceOf(Rejected);
    await expect(refused).rejects.toMatchObject({ code: 'INVALID_COMMAND' });
    expect(echo.seen.length).toBe(before);
  });

  it('refuses an unknown product or command', async () => {
    await expect(dispatch(routes, { kind: 'nobody.say' })).rejects.toThrow(/unknown command/);
    await expect(dispatch(routes, { kind: 'echo.shout' })).rejects.toThrow(/unknown command/);
    await expect(dispatch(routes, { kind: 'echo' })).rejects.toThrow(/unknown command/);
  });

  it('survives JSON unchanged', async () => {
    const message = JSON.parse(
      JSON.stringify({ kind: 'echo.say', userId: 1, amount: '0.1' }),
    ) as Command;
    await expect(dispatch(routes, message)).resolves.toEqual({ ok: true });
  });
});

describe('the wire between a call and the core', () => {
  const asked: unknown[] = [];
  const table: CommandRoutes = new Map([
    [
      'echo',
      {
        handler: echo,
        commands: {
          say: command(z.object({ amount: z.string() }), (_h, m) =>
            Promise.resolve({ amount: m.amount, at: 5, missing: undefined }),
          ),
          big: command(z.object({}), () => Promise.resolve({ amount: 10n })),
          dated: command(z.object({}), () => Promise.resolve({ at: new Date(0) })),
          refuse: command(z.object({}), () => reject('INSUFFICIENT_FUNDS', { need: '1.5' })),
          seen: query(z.object({ userId: z.number() }), (_h, m, db) => {
            asked.push(db);
            return { userId: m.userId };
          }),
        },
      },
    ],
  ]);

  it('copies plain data and drops undefined fields, as JSON would', async () => {
    await expect(deliver(table, { kind: 'echo.say', amount: '1.5' })).resolves.toEqual({
      amount: '1.5',
      at: 5,
    });
    expect(wire({ a: [1, 'x', null, true], b: { c: '2' } })).toEqual({
      a: [1, 'x', null, true],
      b: { c: '2' },
    });
  });

  it('refuses what a network would not carry as it is: a bigint, a Date, a class, NaN', async () => {
    await expect(deliver(table, { kind: 'echo.big' })).rejects.toThrow(/bigint/);
    await expect(deliver(table, { kind: 'echo.dated' })).rejects.toThrow(/a Date/);
    await expect(deliver(table, { kind: 'echo.say', amount: 1n })).rejects.toThrow(
      /echo.say.amount is bigint/,
    );
    expect(() => wire({ n: Number.NaN })).toThrow(/finite/);
    expect(() => wire({ m: new Map() })).toThrow(/object/);
  });

  it('delivers a refusal as a new Rejected with the same code and values', async () => {
    const refused = deliver(table, { kind: 'echo.refuse' });
    await expect(refused).rejects.toBeInstanceOf(Rejected);
    await expect(refused).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      params: { need: '1.5' },
    });
  });

  it('hands a query the store and parses its message like a command', async () => {
    const db = {} as Db;
    await expect(deliver(table, { kind: 'echo.seen', userId: 3 }, db)).resolves.toEqual({
      userId: 3,
    });
    expect(asked.at(-1)).toBe(db);
    await expect(deliver(table, { kind: 'echo.seen', userId: '3' }, db)).rejects.toMatchObject({
      code: 'INVALID_COMMAND',
    });
  });
});
