import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { KEYED_PLANS } from './keyed-plans.js';

/**
 * Named prepared statements on PGlite, whose `query` parses and plans every statement anew. The
 * first run of a name sends Parse with its text; every run then Bind, Execute and Sync, through
 * PGlite's wire-protocol call. For statements that return no rows (the core's batches), planned
 * as `RunPrepared` says.
 *
 * Runs under both of PGlite's locks, as `query` does: never between the statements of an open
 * transaction.
 *
 * Private API, isolated here: PGlite's transaction lock is `_runExclusiveTransaction`, which has no
 * public equivalent (`runExclusive` alone would let these messages land inside another caller's
 * open transaction on PGlite's single session). `private-apis.test.ts` fails if an upgrade renames
 * it, and `store-prepared.test.ts` tests this module's behaviour.
 */
export function namedStatements(db: PGlite) {
  const parsed = new Set<string>();
  // PGlite is one session for everything, so the planner settings of these statements are set
  // for the implicit transaction that runs until Sync only (set_config's is_local), before Bind
  // plans the statement; the settings' own statement is prepared once as well.
  const settings = Object.entries(KEYED_PLANS)
    .map(([key, value]) => `set_config('${key}', '${value}', true)`)
    .join(', ');
  const keyed = 'keyed_plans';
  const setKeyed = [serialize.bind({ statement: keyed, values: [] }), serialize.execute()];
  return async (name: string, text: string, values: string[]): Promise<void> => {
    const messages: Uint8Array[] = [];
    // Counted as parsed from now on, so that a statement sent before this one is answered (the
    // core pipelines its batches) does not parse the name again; forgotten if this one fails.
    const fresh = [keyed, name].filter((n) => !parsed.has(n));
    for (const n of fresh) parsed.add(n);
    if (fresh.includes(keyed))
      messages.push(serialize.parse({ name: keyed, text: `select ${settings}`, types: [] }));
    messages.push(...setKeyed);
    if (fresh.includes(name)) messages.push(serialize.parse({ name, text, types: [] }));
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
    } catch (err) {
      // Whether or not a Parse got through before the error, start the names afresh next time.
      for (const n of new Set([name, ...fresh])) {
        parsed.delete(n);
        await db.query(`deallocate ${n}`).catch(() => undefined);
      }
      throw err;
    }
  };
}
