import { Writable } from 'node:stream';
import { CALLS, CODE_TYPE, WS_CLOSE_SESSION_ENDED } from '@exchange/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  PUSH_PUBLIC,
  PUSH_USER,
  SESSION_REVOKED,
  type PublicPush,
  type SessionRevoked,
  type UserPush,
} from '../src/bus/bus.js';
import { resolveSession, revokeSession } from '../src/domains/user/index.js';
import { createTestApp, must, okData, PASSWORD, signUpEmail, type TestApp } from './helpers.js';

let t: TestApp;
let url = '';
const clients: WebSocket[] = [];
/** The app's log lines at warn and above, parsed. */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line) logLines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});
beforeAll(async () => {
  t = await createTestApp({}, { logger: pino({ level: 'warn' }, logStream) });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
});
afterAll(async () => {
  for (const socket of clients) socket.close();
  await t.close();
});

/** A test client: frames are queued and read in order. */
async function connect() {
  const socket = new WebSocket(url);
  clients.push(socket);
  const queue: string[] = [];
  const waiting: ((frame: string) => void)[] = [];
  socket.on('message', (data: Buffer) => {
    const frame = data.toString('utf8');
    const resolve = waiting.shift();
    if (resolve) resolve(frame);
    else queue.push(frame);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = () => {
    const frame = queue.shift();
    if (frame !== undefined) return Promise.resolve(frame);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no frame within 2 s')), 2000);
      waiting.push((f) => {
        clearTimeout(timer);
        resolve(f);
      });
    });
  };
  const send = (type: string, params?: string) => socket.send(JSON.stringify({ type, params }));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code: number, reason: Buffer) =>
      resolve({ code, reason: reason.toString('utf8') }),
    ),
  );
  return {
    socket,
    send,
    next,
    /** How the server closed the socket; fails when it is still open after `ms`. */
    closedWithin: (ms: number) =>
      Promise.race([
        closed,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms),
        ),
      ]),
    json: async () => JSON.parse(await next()) as Record<string, unknown>,
    /** Nothing else was delivered: the next frame is the answer to a ping sent now. */
    nothingPending: async () => {
      socket.send('ping');
      expect(await next()).toBe('pong');
    },
  };
}

const publicPush = (push: PublicPush) => t.app.ctx.bus.publish(PUSH_PUBLIC, push);
const userPush = (push: UserPush) => t.app.ctx.bus.publish(PUSH_USER, push);

describe('/ws', () => {
  it('answers a plain-text ping with pong', async () => {
    const c = await connect();
    c.socket.send('ping');
    expect(await c.next()).toBe('pong');
  });

  it('acknowledges a DAY_MARKET subscription and delivers bus publishes', async () => {
    const c = await connect();
    c.send('sub', 'DAY_MARKET');
    expect(await c.json()).toEqual({ type: 'sub', code: 1, params: 'DAY_MARKET' });
    const data = { currency_match_id: 1, symbol: 'BTC/USDT' };
    publicPush({ topic: 'DAY_MARKET', data });
    expect(await c.json()).toEqual({ type: 'DAY_MARKET', topic: 'DAY_MARKET', data });
  });

  it('delivers a symbol topic only to subscribers of that symbol', async () => {
    const btc = await connect();
    const eth = await connect();
    btc.send('sub', 'MARKET_DEPTH.BTC/USDT');
    eth.send('sub', 'MARKET_DEPTH.ETH/USDT');
    expect((await btc.json()).code).toBe(1);
    expect((await eth.json()).code).toBe(1);
    publicPush({ topic: 'MARKET_DEPTH.BTC/USDT', data: { in: [], out: [] } });
    expect(await btc.json()).toMatchObject({
      type: 'MARKET_DEPTH',
      topic: 'MARKET_DEPTH.BTC/USDT',
    });
    await eth.nothingPending();
  });

  it('refuses unknown topics', async () => {
    const c = await connect();
    for (const topic of ['NOPE', 'MARKET_DEPTH', 'MARKET_DEPTH.btc/usdt', 'DAY_MARKET.X/Y']) {
      c.send('sub', topic);
      expect(await c.json()).toMatchObject({ type: 'sub', code: 0, error: 'common.not_found' });
    }
  });

  it('refuses a private topic before login and after a failed login', async () => {
    const c = await connect();
    c.send('sub', 'TX_SUBMIT');
    expect(await c.json()).toMatchObject({ code: 0, error: 'auth.session_expired' });
    c.send('login', 'not-a-token');
    expect(await c.json()).toMatchObject({ type: 'login', code: 0 });
    c.send('sub', 'TX_SUBMIT');
    expect(await c.json()).toMatchObject({ code: 0, error: 'auth.session_expired' });
  });

  it('delivers a private topic only to its owner after login', async () => {
    const alice = await signUpEmail(t);
    const bob = await signUpEmail(t);
    const a = await connect();
    const b = await connect();
    for (const [c, token] of [
      [a, alice.token],
      [b, bob.token],
    ] as const) {
      // Sent back to back, as the trade screen does: the sub must see the login.
      c.send('login', token);
      c.send('sub', 'TX_SUBMIT');
      expect(await c.json()).toEqual({ type: 'login', code: 1 });
      expect(await c.json()).toEqual({ type: 'sub', code: 1, params: 'TX_SUBMIT' });
    }
    userPush({ userId: alice.id, topic: 'TX_SUBMIT', data: { id: 7 } });
    expect(await a.json()).toEqual({ type: 'TX_SUBMIT', topic: 'TX_SUBMIT', data: { id: 7 } });
    await b.nothingPending();
    publicPush({ topic: 'TX_SUBMIT', data: { id: 8 } });
    userPush({ userId: 999_999, topic: 'TX_SUBMIT', data: { id: 9 } });
    await a.nothingPending();
  });

  it('stops delivery after unsub', async () => {
    const c = await connect();
    c.send('sub', 'GLOBAL_TX.BTC/USDT');
    expect((await c.json()).code).toBe(1);
    c.send('unsub', 'GLOBAL_TX.BTC/USDT');
    expect(await c.json()).toEqual({ type: 'unsub', code: 1, params: 'GLOBAL_TX.BTC/USDT' });
    publicPush({ topic: 'GLOBAL_TX.BTC/USDT', data: { price: '1' } });
    await c.nothingPending();
  });

  it('answers malformed messages with an error and keeps the socket open', async () => {
    const c = await connect();
    c.socket.send('{not json');
    expect(await c.json()).toEqual({ type: 'error', code: 0, error: 'common.bad_json' });
    for (const frame of ['{"type":"sub"}', '{"type":"dance","params":"x"}', '[]', '42']) {
      c.socket.send(frame);
      expect(await c.json()).toEqual({ type: 'error', code: 0, error: 'common.bad_request' });
    }
    expect(c.socket.readyState).toBe(WebSocket.OPEN);
    await c.nothingPending();
  });
});

/** A socket logged in with a token, its login acknowledged. */
async function loggedIn(token: string) {
  const c = await connect();
  c.send('login', token);
  expect(await c.json()).toEqual({ type: 'login', code: 1 });
  return c;
}

const loginAgain = async (email: string) =>
  okData(
    await t.call(CALLS.login, { login_type: 'email', account: email, password: PASSWORD }),
  ) as string;

describe('/ws limits', () => {
  it('closes a socket sending a frame over 16 KB with 1009, in one warning line', async () => {
    const bystander = await connect();
    const big = await connect();
    const before = logLines.length;
    big.socket.send('x'.repeat(20 * 1024));
    expect((await big.closedWithin(2000)).code).toBe(1009);
    await bystander.nothingPending();
    await (await connect()).nothingPending();
    const lines = logLines.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
    expect(JSON.stringify(lines[0])).not.toContain('stack');
  });
});

describe('/ws sessions', () => {
  it('logout closes the sockets of that token within 2 s; other sessions stay', async () => {
    const alice = await signUpEmail(t);
    const bob = await signUpEmail(t);
    const other = await loginAgain(alice.email);
    const a = await loggedIn(alice.token);
    const aOther = await loggedIn(other);
    const b = await loggedIn(bob.token);
    okData(await t.call(CALLS.logout, {}, { token: alice.token }));
    expect(await a.closedWithin(2000)).toEqual({
      code: WS_CLOSE_SESSION_ENDED,
      reason: 'session ended',
    });
    await aOther.nothingPending();
    await b.nothingPending();
    // A socket opened afterwards cannot log in with the ended token.
    const again = await connect();
    again.send('login', alice.token);
    expect(await again.json()).toMatchObject({ type: 'login', code: 0 });
  });

  it('a password reset closes every socket of the user within 2 s', async () => {
    const alice = await signUpEmail(t);
    const bob = await signUpEmail(t);
    const sockets = [await loggedIn(alice.token), await loggedIn(await loginAgain(alice.email))];
    const b = await loggedIn(bob.token);
    okData(await t.call(CALLS.sendEmail, { to: alice.email, type: CODE_TYPE.forgot }));
    okData(
      await t.call(CALLS.forgetPassword, {
        type: 'email',
        account: alice.email,
        new_password: 'xyz98765',
        secondary_password: 'xyz98765',
        auth_code: await t.lastCode(alice.email),
      }),
    );
    for (const c of sockets) expect((await c.closedWithin(2000)).code).toBe(WS_CLOSE_SESSION_ENDED);
    await b.nothingPending();
  });

  it('closes the sockets of a session another node announces as revoked', async () => {
    const alice = await signUpEmail(t);
    const a = await loggedIn(alice.token);
    const session = must(await resolveSession(t.store.db, alice.token), 'session');
    const event: SessionRevoked = { kind: 'session', sessionId: session.sessionId };
    t.app.ctx.bus.publish(SESSION_REVOKED, event);
    expect((await a.closedWithin(500)).code).toBe(WS_CLOSE_SESSION_ENDED);
  });

  it('a session ended in the store alone (another node, an operator) closes its socket within 2 s', async () => {
    const alice = await signUpEmail(t);
    const a = await loggedIn(alice.token);
    const session = must(await resolveSession(t.store.db, alice.token), 'session');
    // Neither the session cache nor the bus hear of this one: only the hub's own check does.
    await revokeSession(t.store.db, session.sessionId);
    expect((await a.closedWithin(2000)).code).toBe(WS_CLOSE_SESSION_ENDED);
  });
});
