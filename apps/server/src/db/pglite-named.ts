import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

/**
 * Named prepared statements on PGlite, whose `query` parses and plans every statement anew. The
 * first run of a name sends Parse with its text; every run then Bind, Execute and Sync, through
 * PGlite's wire-protocol call. For statements that return no rows (the core's batches).
 *
 * Runs under both of PGlite's locks, as `query` does: never between the statements of an open
 * transaction.
 */
export function namedStatements(db: PGlite) {
  const parsed = new Set<string>();
  return async (name: string, text: string, values: string[]): Promise<void> => {
    const messages: Uint8Array[] = [];
    const fresh = !parsed.has(name);
    if (fresh) messages.push(serialize.parse({ name, text, types: [] }));
    messages.push(
      serialize.bind({ statement: name, values }),
      serialize.execute(),
      serialize.sync(),
    );
    const message = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
    let at = 0;
    for (const m of messages) {
      message.set(m, at);
      at += m.length;
    }
    try {
      await db._runExclusiveTransaction(() => db.runExclusive(() => db.execProtocol(message)));
      if (fresh) parsed.add(name);
    } catch (err) {
      // Whether or not Parse got through before the error, start the name afresh next time.
      parsed.delete(name);
      await db.query(`deallocate ${name}`).catch(() => undefined);
      throw err;
    }
  };
}
