import {
  parsePush,
  WS_PING_MS,
  WS_RECONNECT_MS,
  type TypedPush,
  type WsClientMessage,
} from '@exchange/contract';

/** The part of the browser WebSocket the client uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(): void;
}

const OPEN = 1;

/** Receives pushes whose data parsed with their topic's schema (the contract's push.ts). */
export type PushHandler = (push: TypedPush) => void;

export interface SocketClientOptions {
  url: () => string;
  getToken: () => string | null;
  createSocket?: (url: string) => SocketLike;
  pingMs?: number;
  reconnectMs?: number;
  /**
   * Called when a connection opens after an earlier one (a reconnect after a drop, or a fresh
   * connection after sign-out), never on the first: pushes sent meanwhile were missed, so the
   * snapshots they keep live are stale.
   */
  onReconnect?: () => void;
}

export interface SocketClient {
  /** Listen to a topic; the first listener sends `sub`, the last one leaving sends `unsub`. */
  subscribe(topic: string, handler: PushHandler): () => void;
  /** Send `login` with the current token (after sign-in), or reconnect anonymously (after sign-out). */
  refreshLogin(): void;
  /** Close for good (tests, page teardown). */
  close(): void;
}

/**
 * One WebSocket for the whole app (spec 1 §4): plain-text `ping` every 5 s, a reconnect attempt
 * every 30 s after a drop, `login` with the token on every connect, then `sub` for every topic
 * that still has listeners. Pushes `{type, topic, data}` are dispatched by topic once their data
 * parsed with the topic's schema; a push that does not is dropped.
 */
export function createSocketClient(options: SocketClientOptions): SocketClient {
  const pingMs = options.pingMs ?? WS_PING_MS;
  const reconnectMs = options.reconnectMs ?? WS_RECONNECT_MS;
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  const handlers = new Map<string, Set<PushHandler>>();
  let socket: SocketLike | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let loggedIn = false;
  let closed = false;
  let everOpened = false;

  function send(message: WsClientMessage): void {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  function stopTimers(): void {
    if (pingTimer) clearInterval(pingTimer);
    if (reconnectTimer) clearTimeout(reconnectTimer);
    pingTimer = null;
    reconnectTimer = null;
  }

  function onOpen(): void {
    const token = options.getToken();
    loggedIn = token !== null;
    if (token) send({ type: 'login', params: token });
    for (const topic of handlers.keys()) send({ type: 'sub', params: topic });
    pingTimer = setInterval(() => {
      if (socket?.readyState === OPEN) socket.send('ping');
    }, pingMs);
    if (everOpened) options.onReconnect?.();
    everOpened = true;
  }

  function onMessage(event: MessageEvent): void {
    if (typeof event.data !== 'string' || event.data === 'pong') return;
    let message: unknown;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    const push = parsePush(message);
    if (push === null) return;
    for (const handler of handlers.get(push.topic) ?? []) handler(push);
  }

  function connect(): void {
    if (closed || socket) return;
    let next: SocketLike;
    try {
      next = create(options.url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = next;
    next.onopen = onOpen;
    next.onmessage = onMessage;
    next.onerror = () => undefined;
    next.onclose = () => {
      if (socket !== next) return;
      socket = null;
      stopTimers();
      if (!closed && handlers.size > 0) scheduleReconnect();
    };
  }

  function scheduleReconnect(): void {
    if (reconnectTimer || closed) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, reconnectMs);
  }

  function drop(): void {
    const current = socket;
    socket = null;
    stopTimers();
    current?.close();
  }

  return {
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        send({ type: 'sub', params: topic });
      }
      set.add(handler);
      connect();
      return () => {
        const current = handlers.get(topic);
        if (!current?.delete(handler) || current.size > 0) return;
        handlers.delete(topic);
        send({ type: 'unsub', params: topic });
      };
    },
    refreshLogin() {
      const token = options.getToken();
      if (!socket) return;
      if (token) {
        loggedIn = true;
        send({ type: 'login', params: token });
      } else if (loggedIn) {
        // The server has no "logout" message: a fresh connection drops the private topics.
        drop();
        connect();
      }
    },
    close() {
      closed = true;
      drop();
    },
  };
}
