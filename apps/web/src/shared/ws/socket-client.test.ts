import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSocketClient, type SocketLike } from './socket-client';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
  receive(data: unknown) {
    this.onmessage?.({
      data: typeof data === 'string' ? data : JSON.stringify(data),
    } as MessageEvent);
  }
  json() {
    return this.sent.filter((s) => s !== 'ping').map((s) => JSON.parse(s) as unknown);
  }
}

function setup(token: string | null = null, onReconnect?: () => void) {
  const sockets: FakeSocket[] = [];
  let currentToken = token;
  const client = createSocketClient({
    url: () => 'ws://test/ws',
    getToken: () => currentToken,
    onReconnect,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  const last = () => {
    const s = sockets.at(-1);
    if (!s) throw new Error('no socket');
    return s;
  };
  return { client, sockets, last, setToken: (t: string | null) => (currentToken = t) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('socket client', () => {
  it('connects on the first subscription, logs in first, then subscribes', () => {
    const { client, sockets, last } = setup('tok');
    expect(sockets).toHaveLength(0);
    client.subscribe('MARKET_DEPTH.BTC/USDT', () => undefined);
    last().open();
    expect(last().json()).toEqual([
      { type: 'login', params: 'tok' },
      { type: 'sub', params: 'MARKET_DEPTH.BTC/USDT' },
    ]);
  });

  it('does not log in without a token', () => {
    const { client, last } = setup(null);
    client.subscribe('DAY_MARKET', () => undefined);
    last().open();
    expect(last().json()).toEqual([{ type: 'sub', params: 'DAY_MARKET' }]);
  });

  it('sends sub once per topic and unsub when the last handler leaves', () => {
    const { client, last } = setup();
    const offA = client.subscribe('DAY_MARKET', () => undefined);
    last().open();
    const offB = client.subscribe('DAY_MARKET', () => undefined);
    offA();
    offA();
    expect(last().json()).toEqual([{ type: 'sub', params: 'DAY_MARKET' }]);
    offB();
    expect(last().json()).toEqual([
      { type: 'sub', params: 'DAY_MARKET' },
      { type: 'unsub', params: 'DAY_MARKET' },
    ]);
  });

  it('dispatches pushes by topic and ignores pong, junk and replies', () => {
    const { client, last } = setup();
    const depth = vi.fn();
    const market = vi.fn();
    client.subscribe('MARKET_DEPTH.BTC/USDT', depth);
    client.subscribe('DAY_MARKET', market);
    last().open();
    const push = {
      type: 'MARKET_DEPTH',
      topic: 'MARKET_DEPTH.BTC/USDT',
      data: { currency_match_id: 1, symbol: 'BTC/USDT', ts: 1, in: [], out: [] },
    };
    last().receive(push);
    last().receive('pong');
    last().receive('{not json');
    last().receive({ type: 'sub', code: 1, params: 'DAY_MARKET' });
    expect(depth).toHaveBeenCalledTimes(1);
    expect(depth).toHaveBeenCalledWith(push);
    expect(market).not.toHaveBeenCalled();
  });

  it("drops a push whose data does not match its topic's schema", () => {
    const { client, last } = setup();
    const depth = vi.fn();
    client.subscribe('MARKET_DEPTH.BTC/USDT', depth);
    last().open();
    last().receive({ type: 'MARKET_DEPTH', topic: 'MARKET_DEPTH.BTC/USDT', data: { in: [] } });
    last().receive({ type: 'KLINE', topic: 'MARKET_DEPTH.BTC/USDT', data: { in: [], out: [] } });
    expect(depth).not.toHaveBeenCalled();
  });

  it('reports a reconnect after a drop, never the first connect', () => {
    const onReconnect = vi.fn();
    const { client, last } = setup('tok', onReconnect);
    client.subscribe('TX_MATCHED', () => undefined);
    last().open();
    expect(onReconnect).not.toHaveBeenCalled();
    last().drop();
    vi.advanceTimersByTime(30_000);
    expect(onReconnect).not.toHaveBeenCalled();
    last().open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('pings in plain text every 5 s while open', () => {
    const { client, last } = setup();
    client.subscribe('DAY_MARKET', () => undefined);
    last().open();
    vi.advanceTimersByTime(15_000);
    expect(last().sent.filter((s) => s === 'ping')).toHaveLength(3);
  });

  it('reconnects 30 s after a drop and re-sends login and subscriptions', () => {
    const { client, sockets, last, setToken } = setup('tok');
    client.subscribe('KLINE.BTC/USDT', () => undefined);
    last().open();
    last().drop();
    setToken('tok2');
    vi.advanceTimersByTime(29_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().json()).toEqual([
      { type: 'login', params: 'tok2' },
      { type: 'sub', params: 'KLINE.BTC/USDT' },
    ]);
    // No pings from the dead socket.
    vi.advanceTimersByTime(5_000);
    expect(sockets[0]?.sent.filter((s) => s === 'ping')).toHaveLength(0);
  });

  it('keeps trying every 30 s while the server is away', () => {
    const { client, sockets, last } = setup();
    client.subscribe('DAY_MARKET', () => undefined);
    last().drop();
    vi.advanceTimersByTime(30_000);
    last().drop();
    vi.advanceTimersByTime(30_000);
    expect(sockets).toHaveLength(3);
  });

  it('logs in on sign-in and reconnects anonymously on sign-out', () => {
    const { client, sockets, last, setToken } = setup(null);
    client.subscribe('DAY_MARKET', () => undefined);
    last().open();
    setToken('tok');
    client.refreshLogin();
    expect(last().json()).toContainEqual({ type: 'login', params: 'tok' });
    setToken(null);
    client.refreshLogin();
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().json()).toEqual([{ type: 'sub', params: 'DAY_MARKET' }]);
  });

  it('stays closed after close()', () => {
    const { client, sockets, last } = setup();
    client.subscribe('DAY_MARKET', () => undefined);
    last().open();
    client.close();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});
