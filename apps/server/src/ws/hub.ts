import { parseTopic, type WsPush, type WsReply, wsClientMessage } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { PUSH_PUBLIC, PUSH_USER, type PublicPush, type UserPush } from '../bus/bus.js';

/** A client whose unsent data passes this is too slow to keep up and is disconnected. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const MAX_TOPICS_PER_CLIENT = 64;

interface Client {
  socket: WebSocket;
  userId: number | null;
  topics: Set<string>;
}

/** Topic registry and delivery for `/ws` (ARCHITECTURE §3). */
export class WsHub {
  private readonly subscribers = new Map<string, Set<Client>>();
  private readonly clients = new Set<Client>();

  get clientCount() {
    return this.clients.size;
  }

  attach(socket: WebSocket, resolveUser: (token: string) => Promise<number | null>) {
    const client: Client = { socket, userId: null, topics: new Set() };
    this.clients.add(client);
    // One message at a time per client, in order: a `sub` sent right after `login` sees the login.
    let queue = Promise.resolve();
    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      const text = raw.toString('utf8');
      queue = queue.then(() => this.onMessage(client, text, resolveUser)).catch(() => undefined);
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
      if (client.userId !== push.userId) continue;
      frame ??= this.frame(push.topic, push.data);
      this.deliver(client, frame);
    }
  }

  closeAll() {
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
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

  private async onMessage(
    client: Client,
    text: string,
    resolveUser: (token: string) => Promise<number | null>,
  ) {
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
      client.userId = await resolveUser(msg.params);
      if (client.userId === null) {
        // Private topics of a previous login are dropped with it.
        for (const topic of [...client.topics])
          if (parseTopic(topic)?.private) this.unsub(client, topic);
      }
      return this.reply(
        client,
        client.userId === null
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
    if (topic.private && client.userId === null) {
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

/** `/ws`: the hub fed from the bus. */
export function registerWs(app: FastifyInstance): WsHub {
  const hub = new WsHub();
  const offPublic = app.ctx.bus.subscribe(PUSH_PUBLIC, (p) => hub.publish(p as PublicPush));
  const offUser = app.ctx.bus.subscribe(PUSH_USER, (p) => hub.publishToUser(p as UserPush));
  const resolveUser = async (token: string) =>
    (await app.ctx.sessions.resolve(token))?.userId ?? null;
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => {
    hub.attach(socket, resolveUser);
  });
  app.addHook('preClose', (done) => {
    offPublic();
    offUser();
    hub.closeAll();
    done();
  });
  return hub;
}
