import pg from 'pg';
import { parse, serialize } from 'pg-protocol';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';

interface Pending {
  resolve: () => void;
  reject: (err: Error) => void;
  /**
   * The statement name this request parses; forgotten again if the server did not get to parse
   * it (an error before ParseComplete), kept if only Bind or Execute failed.
   */
  parsing: string | null;
  error: Error | null;
}

/**
 * One PostgreSQL connection that sends statements without waiting for the answers of the ones
 * before (the extended protocol's pipelining): each is Parse (once per name), Bind, Execute and
 * Sync, and the server runs them one after another in the order sent, each its own implicit
 * transaction. An answer resolves the oldest request. The connection is opened and
 * authenticated by `pg.Client`; the pipeline then reads and writes its socket itself.
 *
 * A failed statement does not stop the ones sent after it: a caller whose statements depend on
 * each other has to make them check it (the core's batches carry a sequence number, see batch.ts).
 *
 * Private API, isolated here: `pg` has no pipelining of the extended protocol, so the socket is
 * taken from `pg.Client`'s internal `connection.stream` after it authenticated (writing our own
 * startup and SCRAM authentication would be more code to trust). `private-apis.test.ts` fails if an
 * upgrade of `pg` moves it; `store-prepared.test.ts` tests the pipeline on PostgreSQL.
 */
export class PipelinedConnection {
  private readonly queue: Pending[] = [];
  private readonly names = new Set<string>();
  /** Settles once the last statement sent has been answered. */
  private last: Promise<unknown> = Promise.resolve();
  /** Why the connection can no longer be used, once it cannot. */
  lost: Error | null = null;

  private constructor(private readonly stream: NodeJS.ReadWriteStream & { destroy(): void }) {}

  static async open(config: pg.ClientConfig): Promise<PipelinedConnection> {
    const client = new pg.Client(config);
    await client.connect();
    // The client is idle and has read every message up to its ReadyForQuery: from here on the
    // socket is ours. Its own parser and listeners are taken off so nothing answers twice.
    const connection = (client as unknown as { connection: { stream: NodeJS.ReadWriteStream } })
      .connection;
    const stream = connection.stream as NodeJS.ReadWriteStream & { destroy(): void };
    stream.removeAllListeners('data');
    stream.removeAllListeners('end');
    stream.removeAllListeners('close');
    stream.removeAllListeners('error');
    const pipe = new PipelinedConnection(stream);
    void parse(stream, (msg) => pipe.receive(msg));
    stream.on('error', (err: Error) => pipe.close(err));
    stream.on('close', () => pipe.close(new Error('the store connection closed')));
    return pipe;
  }

  /** Sends a statement that returns no rows; resolves once the server has run and committed it. */
  run(name: string, text: string, values: string[]): Promise<void> {
    if (this.lost) return Promise.reject(this.lost);
    const parsing = this.names.has(name) ? null : name;
    const parts: Buffer[] = [];
    if (parsing) {
      this.names.add(name);
      parts.push(serialize.parse({ name, text, types: [] }));
    }
    parts.push(
      serialize.bind({ statement: name, values }),
      serialize.execute({}),
      serialize.sync(),
    );
    const answered = new Promise<void>((resolve, reject) => {
      this.queue.push({ resolve, reject, parsing, error: null });
      this.stream.write(Buffer.concat(parts));
    });
    this.last = answered.catch(() => undefined);
    return answered;
  }

  /** Ends the connection once every statement sent has been answered. */
  async end() {
    await this.last;
    if (this.lost) return;
    this.lost = new Error('the store connection was ended');
    this.stream.end(serialize.end());
  }

  close(err = new Error('the store connection closed')) {
    if (!this.lost) this.lost = err;
    for (const p of this.queue.splice(0)) p.reject(this.lost);
    this.stream.destroy();
  }

  private receive(msg: BackendMessage) {
    const head = this.queue[0];
    switch (msg.name) {
      case 'error':
        if (head && !head.error) head.error = msg as unknown as Error;
        return;
      case 'parseComplete':
        if (head) head.parsing = null;
        return;
      case 'readyForQuery':
        if (!head) return;
        this.queue.shift();
        if (head.error) {
          if (head.parsing) this.names.delete(head.parsing);
          head.reject(head.error);
        } else head.resolve();
        return;
      default:
        // BindComplete, CommandComplete, rows, notices and parameter changes.
        return;
    }
  }
}
