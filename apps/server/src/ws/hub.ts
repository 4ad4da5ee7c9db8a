import {
  parseTopic,
  WS_CLOSE_SESSION_ENDED,
  type WsPush,
  type WsReply,
  wsClientMessage,
} from '@exchange/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  PUSH_PUBLIC,
  PUSH_USER,
  SESSION_REVOKED,
  type PublicPush,
  type SessionRevoked,
  type UserPush,
} from '../bus/bus.js';
import { liveSessionIds, type SessionUser } from '../domains/user/index.js';
import { sendError } from '../http/envelope.js';

/** A client whose unsent data passes this is too slow to keep up and is disconnected. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const MAX_TOPICS_PER_CLIENT = 64;
/** How often the logged-in sockets' sessions are read again from the store. */
export const SESSION_CHECK_MS = 1000;

interface Client {
  socket: WebSocket;
  /** The session of the last successful login; its user receives the private topics. */
  session: SessionUser | null;
  topics: Set<string>;
}

type ResolveSession = (token: string) => Promise<SessionUser | null>;

/** Topic registry and delivery for `/ws` (ARCHITECTURE §3). */
export class WsHub {
  private readonly subscribers = new Map<string, Set<Client>>();
  private readonly clients = new Set<Client>();

  get clientCount() {
    return this.clients.size;
  }

  attach(socket: WebSocket, resolveSession: ResolveSession) {
    const client: Client = { socket, session: null, topics: new Set() };
    this.clients.add(client);
    // One message at a time per client, in order: a `sub` sent right after `login` sees the login.
    let queue = Promise.resolve();
    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      const text = raw.toString('utf8');
      queue = queue.then(() => this.onMessage(client, text, resolveSession)).catch(() => undefined);
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
  }

  /**
   * A push to every subscriber of its topic. Its data is read (and the frame built) only when
   * someone subscribes: pushes may build their data on first read (ws/lazy.ts).
   */
  publish(push: PublicPush) {
    const set = this.subscribers.get(push.topic);
    if (!set?.size) return;
    // A private topic goes only to its owner (publishToUser), never to every subscriber.
    if (parseTopic(push.topic)?.private) return;
    const frame = this.frame(push.topic, push.data);
    for (const client of set) this.deliver(client, frame);
  }

  /** A private push to the owner's clients that subscribe to its topic; data read as above. */
  publishToUser(push: UserPush) {
    const set = this.subscribers.get(push.topic);
    if (!set?.size) return;
    let frame: string | null = null;
    for (const client of set) {
      if (client.session?.userId !== push.userId) continue;
      frame ??= this.frame(push.topic, push.data);
      this.deliver(client, frame);
    }
  }

  closeAll() {
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
  }

  /** Closes the sockets logged in with a revoked session: a logout ends the socket's login too. */
  endSessions(event: SessionRevoked) {
    for (const client of this.clients) {
      const session = client.session;
      if (!session) continue;
      const ended =
        event.kind === 'session'
          ? session.sessionId === event.sessionId
          : session.userId === event.userId;
      if (ended) this.endSession(client);
    }
  }

  /**
   * Reads the logged-in sockets' sessions again and closes those no longer live: a revocation on a
   * node whose bus did not reach this one, one made directly in the store, an expiry or a disabled
   * user. One statement for all sockets, whatever their number.
   */
  async checkSessions(live: (ids: number[]) => Promise<Set<number>>) {
    const asked = new Set<number>();
    for (const client of this.clients) if (client.session) asked.add(client.session.sessionId);
    if (!asked.size) return;
    const alive = await live([...asked]);
    for (const client of this.clients) {
      const id = client.session?.sessionId;
      // A login made while the store was read is checked on the next round.
      if (id !== undefined && asked.has(id) && !alive.has(id)) this.endSession(client);
    }
  }

  private endSession(client: Client) {
    client.session = null;
    client.socket.close(WS_CLOSE_SESSION_ENDED, 'session ended');
    this.detach(client);
  }

  private frame(topic: string, data: unknown): string {
    const dot = topic.indexOf('.');
    const push: WsPush = { type: dot < 0 ? topic : topic.slice(0, dot), topic, data };
    return JSON.stringify(push);
  }

  private deliver(client: Client, frame: string) {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.socket.close(1013, 'too slow');
      this.detach(client);
      return;
    }
    client.socket.send(frame);
  }

  private reply(client: Client, reply: WsReply) {
    this.deliver(client, JSON.stringify(reply));
  }

  private async onMessage(client: Client, text: string, resolveSession: ResolveSession) {
    if (text === 'ping') {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send('pong');
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.reply(client, { type: 'error', code: 0, error: 'common.bad_json' });
    }
    const parsed = wsClientMessage.safeParse(json);
    if (!parsed.success) {
      return this.reply(client, { type: 'error', code: 0, error: 'common.bad_request' });
    }
    const msg = parsed.data;
    if (msg.type === 'login') {
      const session = await resolveSession(msg.params);
      // Closed while the session was read (its session ended, the server is stopping).
      if (!this.clients.has(client)) return;
      client.session = session;
      if (session === null) {
        // Private topics of a previous login are dropped with it.
        for (const topic of [...client.topics])
          if (parseTopic(topic)?.private) this.unsub(client, topic);
      }
      return this.reply(
        client,
        session === null
          ? { type: 'login', code: 0, error: 'auth.session_expired' }
          : { type: 'login', code: 1 },
      );
    }
    const topic = parseTopic(msg.params);
    if (!topic) {
      return this.reply(client, {
        type: msg.type,
        code: 0,
        params: msg.params,
        error: 'common.not_found',
      });
    }
    if (msg.type === 'unsub') {
      this.unsub(client, msg.params);
      return this.reply(client, { type: 'unsub', code: 1, params: msg.params });
    }
    if (topic.private && client.session === null) {
      return this.reply(client, {
        type: 'sub',
        code: 0,
        params: msg.params,
        error: 'auth.session_expired',
      });
    }
    if (client.topics.size >= MAX_TOPICS_PER_CLIENT && !client.topics.has(msg.params)) {
      return this.reply(client, {
        type: 'sub',
        code: 0,
        params: msg.params,
        error: 'common.too_many_requests',
      });
    }
    this.sub(client, msg.params);
    return this.reply(client, { type: 'sub', code: 1, params: msg.params });
  }

  private sub(client: Client, topic: string) {
    client.topics.add(topic);
    let set = this.subscribers.get(topic);
    if (!set) {
      set = new Set();
      this.subscribers.set(topic, set);
    }
    set.add(client);
  }

  private unsub(client: Client, topic: string) {
    client.topics.delete(topic);
    const set = this.subscribers.get(topic);
    set?.delete(client);
    if (set && !set.size) this.subscribers.delete(topic);
  }

  private detach(client: Client) {
    if (!this.clients.delete(client)) return;
    for (const topic of client.topics) this.unsub(client, topic);
  }
}

/**
 * @fastify/websocket's handler of an error on an open socket. They come from the frame parser
 * (a frame over `maxPayload`, bad UTF-8, a protocol violation): `ws` has already sent the close
 * frame with the matching code (1009, 1007, 1002), which terminating the socket here would throw
 * away. A misbehaving client is worth one line, not a stack.
 */
export function wsErrorHandler(
  error: Error & { code?: string },
  socket: WebSocket,
  request: FastifyRequest,
) {
  request.log.warn({ code: error.code }, `websocket closed: ${error.message}`);
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
    socket.terminate();
  }
}

/** `/ws`: the hub fed from the bus. */
export function registerWs(app: FastifyInstance): WsHub {
  const hub = new WsHub();
  const { bus, db, sessions } = app.ctx;
  const offPublic = bus.subscribe(PUSH_PUBLIC, (p) => hub.publish(p as PublicPush));
  const offUser = bus.subscribe(PUSH_USER, (p) => hub.publishToUser(p as UserPush));
  const offRevoked = bus.subscribe(SESSION_REVOKED, (e) => hub.endSessions(e as SessionRevoked));
  const resolveSession = (token: string) => sessions.resolve(token);
  app.route({
    method: 'GET',
    url: '/ws',
    schema: { hide: true },
    // A plain request (no upgrade) gets the envelope, like any other answer of the server.
    handler: (request, reply) =>
      sendError(request, reply.header('upgrade', 'websocket'), 426, 'common.bad_request'),
    wsHandler: (socket) => hub.attach(socket, resolveSession),
  });
  const check = sessionChecker(hub, (ids) => liveSessionIds(db, ids), app.log);
  const timer = setInterval(check, SESSION_CHECK_MS);
  timer.unref();
  app.addHook('preClose', (done) => {
    clearInterval(timer);
    offPublic();
    offUser();
    offRevoked();
    hub.closeAll();
    done();
  });
  return hub;
}

/** One round of the session check at a time; a failed round (the store closing) is retried. */
function sessionChecker(
  hub: WsHub,
  live: (ids: number[]) => Promise<Set<number>>,
  log: FastifyBaseLogger,
) {
  let running = false;
  return () => {
    if (running) return;
    running = true;
    hub
      .checkSessions(live)
      .catch((err: unknown) => log.warn({ err }, 'websocket session check failed'))
      .finally(() => {
        running = false;
      });
  };
}
