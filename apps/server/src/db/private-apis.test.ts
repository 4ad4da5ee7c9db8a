import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

/**
 * The two private members of our storage libraries that the store relies on, each used in one
 * small module (pglite-named.ts, pipeline.ts; see their comments for why). An upgrade that renames
 * or moves one fails here, by name, instead of somewhere deep in a batch commit.
 */
describe('private APIs the store relies on', () => {
  it("PGlite's transaction lock, for named statements (pglite-named.ts)", () => {
    const proto = PGlite.prototype as unknown as Record<string, unknown>;
    expect(typeof proto._runExclusiveTransaction).toBe('function');
    expect(typeof proto.runExclusive).toBe('function');
    expect(typeof proto.execProtocol).toBe('function');
  });

  it("pg.Client's socket, for the pipelined connection (pipeline.ts)", () => {
    const client = new pg.Client({ host: '127.0.0.1' });
    const { connection } = client as unknown as { connection?: { stream?: unknown } };
    expect(connection?.stream).toBeDefined();
    const stream = connection?.stream as { write?: unknown; on?: unknown } | undefined;
    expect(typeof stream?.write).toBe('function');
    expect(typeof stream?.on).toBe('function');
  });
});
