/**
 * A minimal keep-alive HTTP/1.1 client for the load phases of the API benchmark, so that the
 * client spends as little of the shared CPU as it can (node's http module with an Agent cost about
 * three times as much per request there).
 *
 * One Connection is one socket used by one closed-loop worker: it sends a request (one prebuilt
 * string or Buffer, written at once) and waits for its answer before it sends the next. A response
 * is parsed only as far as the benchmark needs: the status line, the headers up to the blank line
 * and a `content-length` body. Reads go through one shared buffer (net's `onread`, skipping the
 * readable stream), so only a split response and each body are copied. A chunked or length-less
 * response, bytes nobody asked for or a malformed status line reject the request (and drop the
 * socket): the benchmark must not go on measuring something it does not understand. A socket the
 * server closed while idle is replaced on the next request; one closed after a request was written
 * but before any byte of its answer came back is replaced and the request written again, once (that
 * may repeat a request the server had already acted on; with the server's keep-alive timeout far
 * above the benchmark's gaps it does not happen in practice).
 */
import { connect, type Socket } from 'node:net';

export interface Reply {
  status: number;
  /** The body's bytes (a copy: the read buffer is reused). */
  body: Buffer;
}

const HEAD_END = Buffer.from('\r\n\r\n', 'latin1');
const MAX_HEAD = 64 * 1024;
const READ_BUFFER = Buffer.alloc(64 * 1024);

export class Connection {
  private socket: Socket | null = null;
  /** The request in flight, kept for the one resend; null when idle. */
  private inFlight: string | Buffer | null = null;
  private resolve: (reply: Reply) => void = () => undefined;
  private reject: (err: Error) => void = () => undefined;
  private resent = false;
  /** Bytes of the current response received so far when it came in several chunks. */
  private pending: Buffer | null = null;
  /** Once the head is parsed: the status, where the body starts and where it ends; -1 before. */
  private status = 0;
  private bodyStart = -1;
  private bodyEnd = -1;
  private closeAfter = false;
  private lastError: Error | null = null;
  /** Why the connection gave up while no request was in flight; the next request is refused. */
  private broken: Error | null = null;
  private closed = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** Sends one complete request (head and body) and resolves with the answer. */
  send(request: string | Buffer): Promise<Reply> {
    if (this.inFlight !== null) return Promise.reject(new Error('one request at a time'));
    if (this.closed) return Promise.reject(new Error('connection closed'));
    if (this.broken) return Promise.reject(this.broken);
    return new Promise<Reply>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.inFlight = request;
      this.resent = false;
      this.write();
    });
  }

  /** Drops the socket; later requests are refused. */
  close() {
    this.closed = true;
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
    if (this.inFlight !== null) this.fail(new Error('connection closed by the client'));
  }

  private write() {
    const request = this.inFlight;
    if (request === null) return;
    let socket = this.socket;
    if (socket === null || socket.destroyed || !socket.writable) socket = this.open();
    socket.write(request);
  }

  private open(): Socket {
    const socket: Socket = connect({
      host: this.host,
      port: this.port,
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (nread: number, buf: Uint8Array) => {
          if (socket === this.socket) this.onData(Buffer.from(buf.buffer, buf.byteOffset, nread));
          return true;
        },
      },
    });
    this.socket = socket;
    this.lastError = null;
    socket.on('error', (err) => {
      if (socket === this.socket) this.lastError = err;
    });
    socket.on('close', () => {
      if (socket === this.socket) this.onClose();
    });
    return socket;
  }

  private onClose() {
    this.socket = null;
    if (this.inFlight === null || this.closed) return;
    const nothingYet = this.pending === null && this.bodyStart < 0;
    if (nothingYet && !this.resent) {
      // Closed by the server (or refused) before any byte of the answer: reconnect, once.
      this.resent = true;
      this.write();
      return;
    }
    const why = this.lastError ? `: ${this.lastError.message}` : '';
    this.fail(
      new Error(
        nothingYet
          ? `the connection was closed (or refused) twice before an answer${why}`
          : `the server closed the connection in the middle of a response${why}`,
      ),
    );
  }

  private onData(chunk: Buffer) {
    if (this.inFlight === null) {
      this.drop(new Error(`unexpected ${chunk.length} bytes from the server while idle`));
      return;
    }
    // chunk is a view into the shared read buffer; what is kept past this call is copied.
    const buf = this.pending === null ? chunk : Buffer.concat([this.pending, chunk]);
    if (this.bodyStart < 0) {
      const headEnd = buf.indexOf(HEAD_END);
      if (headEnd < 0) {
        if (buf.length > MAX_HEAD) this.drop(new Error('response head over 64 KiB'));
        else this.pending = buf === chunk ? Buffer.from(chunk) : buf;
        return;
      }
      const length = this.parseHead(buf.toString('latin1', 0, headEnd));
      if (typeof length !== 'number') {
        this.drop(length);
        return;
      }
      this.bodyStart = headEnd + 4;
      this.bodyEnd = this.bodyStart + length;
    }
    if (buf.length < this.bodyEnd) {
      this.pending = buf === chunk ? Buffer.from(chunk) : buf;
      return;
    }
    if (buf.length > this.bodyEnd) {
      this.drop(new Error(`${buf.length - this.bodyEnd} bytes after the response body`));
      return;
    }
    const reply: Reply = {
      status: this.status,
      body: Buffer.from(buf.subarray(this.bodyStart, this.bodyEnd)),
    };
    const resolve = this.resolve;
    this.reset();
    if (this.closeAfter) {
      const socket = this.socket;
      this.socket = null;
      socket?.destroy();
    }
    resolve(reply);
  }

  /** Reads the status line and headers: sets status and closeAfter, returns the body's length. */
  private parseHead(head: string): number | Error {
    // "HTTP/1.1 200 OK"
    if (!head.startsWith('HTTP/1.'))
      return new Error(`not an HTTP/1.x response: ${head.slice(0, 40)}`);
    const status = Number(head.slice(9, 12));
    if (!Number.isInteger(status) || status < 200) {
      return new Error(`unexpected status line: ${head.slice(0, head.indexOf('\r\n'))}`);
    }
    const lower = head.toLowerCase();
    if (lower.includes('\r\ntransfer-encoding:')) {
      return new Error(`the server sent a transfer-encoding (chunked?) response:\n${head}`);
    }
    const at = lower.indexOf('\r\ncontent-length:');
    if (at < 0) return new Error(`the server sent a response without content-length:\n${head}`);
    const from = at + '\r\ncontent-length:'.length;
    const eol = lower.indexOf('\r\n', from);
    const length = Number(lower.slice(from, eol < 0 ? undefined : eol).trim());
    if (!Number.isSafeInteger(length) || length < 0) {
      return new Error(`bad content-length in:\n${head}`);
    }
    this.status = status;
    this.closeAfter = lower.includes('\r\nconnection: close');
    return length;
  }

  private reset() {
    this.inFlight = null;
    this.pending = null;
    this.bodyStart = -1;
    this.bodyEnd = -1;
  }

  private fail(err: Error) {
    const reject = this.reject;
    this.reset();
    reject(err);
  }

  /** A response we cannot trust: drop the socket and reject the request in flight. */
  private drop(err: Error) {
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
    if (this.inFlight !== null) this.fail(err);
    else this.broken = err;
  }
}

/** A JSON POST's request text up to and including `content-length: `; append length and body. */
export function postHead(
  host: string,
  port: number,
  path: string,
  headers: Record<string, string>,
) {
  let head = `POST ${path} HTTP/1.1\r\nhost: ${host}:${port}\r\n`;
  for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
  return `${head}content-type: application/json\r\ncontent-length: `;
}

/** A complete GET request as one Buffer. */
export function getRequest(host: string, port: number, path: string): Buffer {
  return Buffer.from(`GET ${path} HTTP/1.1\r\nhost: ${host}:${port}\r\n\r\n`, 'latin1');
}
