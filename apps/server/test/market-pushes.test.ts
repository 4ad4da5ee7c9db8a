import {
  type DayMarketPush,
  type GlobalTxPush,
  klineBar,
  KLINE_PERIODS,
  type KlinePush,
  type MarketDepthPush,
  publicTrade,
  quotation,
} from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PUSH_PUBLIC, type PublicPush } from '../src/bus/bus.js';
import { createTestApp, type TestApp } from './helpers.js';
import { order, traders, type Traders, waitFor } from './market-helpers.js';

let t: TestApp;
let who: Traders;
let pushes: PublicPush[] = [];
beforeAll(async () => {
  t = await createTestApp();
  who = await traders(t);
  t.app.ctx.bus.subscribe(PUSH_PUBLIC, (p) => pushes.push(p as PublicPush));
});
afterAll(() => t.close());

const on = (topic: string) => pushes.filter((p) => p.topic === topic);

describe('public market pushes', () => {
  it('MARKET_DEPTH: a full snapshot with ts shortly after the book changed', async () => {
    pushes = [];
    const before = Date.now();
    await order(t.app, who.alice, 'sell', '0.5', '65000');
    await order(t.app, who.alice, 'sell', '0.25', '65000');
    await order(t.app, who.bob, 'buy', '0.1', '64000');
    const push = await waitFor(
      () => on('MARKET_DEPTH.BTC/USDT').find((p) => (p.data as MarketDepthPush).in.length > 0),
      2_000,
      'depth push',
    );
    const depth = push.data as MarketDepthPush;
    expect(depth).toEqual({
      ts: expect.any(Number) as unknown,
      currency_match_id: 1,
      symbol: 'BTC/USDT',
      in: [{ price: '64000', amount: '0.1' }],
      out: [{ price: '65000', amount: '0.75' }],
    });
    expect(depth.ts).toBeGreaterThanOrEqual(before);
    // Coalesced: three orders within 150 ms make at most two snapshots, not one per order.
    expect(on('MARKET_DEPTH.BTC/USDT').length).toBeLessThanOrEqual(2);
    expect(on('MARKET_DEPTH.ETH/USDT')).toEqual([]);
  });

  it('GLOBAL_TX per trade and KLINE per period right after a trade', async () => {
    pushes = [];
    await order(t.app, who.bob, 'buy', '0.6'); // 0.5 then 0.1 at 65000: two trades
    const txs = on('GLOBAL_TX.BTC/USDT').map((p) => p.data as GlobalTxPush);
    expect(txs).toHaveLength(2);
    for (const tx of txs) {
      expect(publicTrade.parse(tx)).toMatchObject({ price: '65000', way: 1 });
      expect(tx).toMatchObject({ currency_match_id: 1, symbol: 'BTC/USDT' });
    }
    expect(txs.map((x) => x.amount)).toEqual(['0.5', '0.1']);
    const klines = on('KLINE.BTC/USDT').map((p) => p.data as KlinePush);
    // One bar per period (two only if the commit straddled a bar boundary).
    expect(new Set(klines.map((k) => k.period))).toEqual(new Set(KLINE_PERIODS));
    const minute = klines.filter((k) => k.period === '1min').at(-1);
    expect(klineBar.parse(minute?.bar)).toMatchObject({ close: '65000', high: '65000' });
    const month = klines.find((k) => k.period === '1mon');
    expect(month).toMatchObject({
      currency_match_id: 1,
      symbol: 'BTC/USDT',
      bar: { open: '65000', close: '65000', volume: '0.6' },
    });
  });

  it('DAY_MARKET: about once a second, only the pairs whose quotation changed', async () => {
    const push = await waitFor(() => on('DAY_MARKET').at(-1), 2_500, 'DAY_MARKET');
    const list = push.data as DayMarketPush & { ts: number }[];
    expect(list.map((x) => x.symbol)).toEqual(['BTC/USDT']);
    expect(quotation.parse(list[0]?.quotation)).toEqual({
      currency_match_id: 1,
      close: '65000',
      change: '0.00',
      high: '65000',
      low: '65000',
      volume: '0.6',
    });
    expect(list[0]?.ts).toBeGreaterThan(0);
    // Nothing changes: no further DAY_MARKET.
    const count = on('DAY_MARKET').length;
    await new Promise((r) => setTimeout(r, 1_300));
    expect(on('DAY_MARKET').length).toBe(count);
  });

  it('reach a WebSocket subscriber of MARKET_DEPTH.{symbol}', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws`);
    try {
      const frames: Record<string, unknown>[] = [];
      socket.on('message', (raw: Buffer) => frames.push(JSON.parse(raw.toString()) as never));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'sub', params: 'MARKET_DEPTH.ETH/USDT' }));
      await waitFor(() => frames.find((f) => f.type === 'sub'), 2_000, 'sub reply');
      await order(t.app, who.alice, 'sell', '1', '3000', 2);
      const frame = await waitFor(
        () => frames.find((f) => f.type === 'MARKET_DEPTH'),
        2_000,
        'depth frame',
      );
      expect(frame).toMatchObject({
        topic: 'MARKET_DEPTH.ETH/USDT',
        data: { currency_match_id: 2, out: [{ price: '3000', amount: '1' }], in: [] },
      });
    } finally {
      socket.close();
    }
  });
});
