import { parsePush, type PushTopicName, type WsPush } from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_PUBLIC, PUSH_USER, type PublicPush, type UserPush } from '../src/bus/bus.js';
import { createTestApp, type TestApp } from './helpers.js';
import { order, traders, type Traders, waitFor } from './market-helpers.js';

let t: TestApp;
let who: Traders;
const pushes: (PublicPush | UserPush)[] = [];
beforeAll(async () => {
  t = await createTestApp();
  who = await traders(t);
  t.app.ctx.bus.subscribe(PUSH_PUBLIC, (p) => pushes.push(p as PublicPush));
  t.app.ctx.bus.subscribe(PUSH_USER, (p) => pushes.push(p as UserPush));
});
afterAll(() => t.close());

/** The frame a client receives, serialized like the hub does (ws/hub.ts). */
function frame(push: PublicPush | UserPush): unknown {
  const dot = push.topic.indexOf('.');
  const sent: WsPush = {
    type: dot < 0 ? push.topic : push.topic.slice(0, dot),
    topic: push.topic,
    data: push.data,
  };
  return JSON.parse(JSON.stringify(sent));
}

describe('push schemas of the contract', () => {
  it('every push of a real order and trade parses with its topic schema', async () => {
    await order(t.app, who.alice, 'sell', '0.5', '65000');
    await order(t.app, who.bob, 'buy', '0.2', '64000');
    await order(t.app, who.bob, 'buy', '0.3'); // a market buy: trades with alice's ask
    await waitFor(() => pushes.some((p) => p.topic === 'DAY_MARKET'), 2_500, 'DAY_MARKET');
    await waitFor(
      () => pushes.some((p) => p.topic.startsWith('MARKET_DEPTH.')),
      2_000,
      'MARKET_DEPTH',
    );

    const seen = new Set<PushTopicName>();
    for (const push of pushes) {
      const parsed = parsePush(frame(push));
      expect(parsed, `${push.topic}: ${JSON.stringify(push.data)}`).not.toBeNull();
      if (parsed) {
        // Nothing is dropped by the schema: the client reads what the server sent.
        expect(parsed.data).toEqual(JSON.parse(JSON.stringify(push.data)));
        seen.add(parsed.type);
      }
    }
    expect([...seen].sort()).toEqual(
      ['DAY_MARKET', 'GLOBAL_TX', 'KLINE', 'MARKET_DEPTH', 'TX_MATCHED', 'TX_SUBMIT'].sort(),
    );
  });

  it('a push whose data does not match its topic does not parse', () => {
    expect(parsePush({ type: 'GLOBAL_TX', topic: 'GLOBAL_TX.BTC/USDT', data: {} })).toBeNull();
    expect(
      parsePush({ type: 'KLINE', topic: 'MARKET_DEPTH.BTC/USDT', data: { in: [], out: [] } }),
    ).toBeNull();
  });
});
