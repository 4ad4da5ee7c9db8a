import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Command, type CommandRoutes, command, dispatch } from './commands.js';
import type { Handler } from './handler.js';
import { Rejected } from './result.js';

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
