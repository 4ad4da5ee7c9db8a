import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ACCOUNT_TYPE,
  ACCOUNT_TYPE_IDS,
  ACCOUNT_TYPES,
  isJournalKind,
  isOrderStatus,
  isReviewStatus,
  JOURNAL_KINDS,
  ORDER_STATUS,
} from './index.js';
import {
  isPushOnTopic,
  parsePush,
  PUSH_SCHEMAS,
  type MarketDepthPush,
  type PushOf,
  type TopicPush,
} from './push.js';
import { PRIVATE_TOPICS, PUBLIC_TOPIC_PREFIXES } from './ws.js';

const quotation = {
  currency_match_id: 1,
  close: '65000',
  change: '1.50',
  high: '66000',
  low: '64000',
  volume: '10',
};
const order = {
  id: 7,
  currency_match_id: 1,
  currency_match: { symbol: 'BTC/USDT' },
  way: 1,
  way_name: 'Buy',
  type: 0,
  price: '65000',
  number: '0.5',
  transacted_amount: '0.5',
  transacted_volume: '32500',
  fee: '0',
  status: ORDER_STATUS.filled,
  status_name: 'Filled',
  client_order_id: null,
  created_at: 1,
  updated_at: 2,
};
const balance = { currency_id: 2, balance: '1.5', lock_balance: '0' };

const valid = {
  DAY_MARKET: {
    topic: 'DAY_MARKET',
    data: [{ currency_match_id: 1, symbol: 'BTC/USDT', quotation, ts: 5 }],
  },
  MARKET_DEPTH: {
    topic: 'MARKET_DEPTH.BTC/USDT',
    data: {
      currency_match_id: 1,
      symbol: 'BTC/USDT',
      ts: 5,
      in: [{ price: '64000', amount: '0.1' }],
      out: [],
    },
  },
  GLOBAL_TX: {
    topic: 'GLOBAL_TX.BTC/USDT',
    data: {
      id: 3,
      price: '65000',
      amount: '0.1',
      way: 2,
      timestamp: 5,
      currency_match_id: 1,
      symbol: 'BTC/USDT',
    },
  },
  KLINE: {
    topic: 'KLINE.BTC/USDT',
    data: {
      currency_match_id: 1,
      symbol: 'BTC/USDT',
      period: '1min',
      bar: { time: 0, open: '1', high: '2', low: '1', close: '2', volume: '3' },
    },
  },
  TX_SUBMIT: { topic: 'TX_SUBMIT', data: { order } },
  TX_MATCHED: {
    topic: 'TX_MATCHED',
    data: { order, base_balance: balance, quote_balance: null },
  },
} as const;

describe('push schemas', () => {
  it('has a schema for every topic the registry knows', () => {
    expect(Object.keys(PUSH_SCHEMAS).sort()).toEqual(
      [...PUBLIC_TOPIC_PREFIXES, ...PRIVATE_TOPICS].sort(),
    );
  });

  it('parses a frame of each topic with its data typed', () => {
    for (const [type, { topic, data }] of Object.entries(valid)) {
      expect(parsePush({ type, topic, data }), type).toEqual({ type, topic, data });
    }
    const push = parsePush({ type: 'MARKET_DEPTH', ...valid.MARKET_DEPTH });
    if (push === null || !isPushOnTopic(push, 'MARKET_DEPTH.BTC/USDT')) throw new Error('depth');
    expectTypeOf(push.data).toEqualTypeOf<MarketDepthPush>();
    expectTypeOf<TopicPush<`KLINE.${string}`>['data']>().toEqualTypeOf<PushOf<'KLINE'>>();
  });

  it('refuses frames whose data, type or topic do not agree', () => {
    const depth = valid.MARKET_DEPTH;
    // Data of another topic, a type that is not the topic's name, unknown topics.
    expect(parsePush({ type: 'MARKET_DEPTH', topic: depth.topic, data: { in: [] } })).toBeNull();
    expect(parsePush({ type: 'KLINE', topic: depth.topic, data: depth.data })).toBeNull();
    expect(parsePush({ type: 'MARKET_DEPTH', topic: 'MARKET_DEPTH', data: depth.data })).toBeNull();
    expect(parsePush({ type: 'NEWS', topic: 'NEWS', data: {} })).toBeNull();
    // A DAY_MARKET list with one bad item is refused whole.
    const item = valid.DAY_MARKET.data[0];
    const bad = { ...item, quotation: { close: 1 } };
    expect(parsePush({ type: 'DAY_MARKET', topic: 'DAY_MARKET', data: [item, bad] })).toBeNull();
    expect(
      parsePush({ type: 'DAY_MARKET', topic: 'DAY_MARKET', data: { markets: [] } }),
    ).toBeNull();
    // Replies, junk.
    expect(parsePush({ type: 'sub', code: 1, params: 'DAY_MARKET' })).toBeNull();
    expect(parsePush(null)).toBeNull();
    expect(parsePush('pong')).toBeNull();
  });

  it('refuses anything on the reserved topic until its data is defined', () => {
    expect(parsePush({ type: 'MICRO_CLOSED', topic: 'MICRO_CLOSED', data: {} })).toBeNull();
  });

  it('reads the lever pushes, and refuses them malformed', () => {
    expect(
      parsePush({ type: 'LEVER_CLOSED', topic: 'LEVER_CLOSED', data: { ids: [3, 4] } }),
    ).not.toBeNull();
    expect(
      parsePush({ type: 'LEVER_CLOSED', topic: 'LEVER_CLOSED', data: { ids: ['3'] } }),
    ).toBeNull();
    const trade = {
      legal_id: 1,
      trades_all: [],
      hazard_rate: '150.25',
      profits_all: '-3.5',
      ts: 1,
    };
    expect(parsePush({ type: 'LEVER_TRADE', topic: 'LEVER_TRADE', data: trade })).not.toBeNull();
    expect(
      parsePush({
        type: 'LEVER_TRADE',
        topic: 'LEVER_TRADE',
        data: { ...trade, hazard_rate: 1.5 },
      }),
    ).toBeNull();
  });
});

describe('catalogues', () => {
  it('journal kinds', () => {
    expect(JOURNAL_KINDS).toEqual([
      'adjust',
      'trade',
      'order.lock',
      'order.unlock',
      'withdraw',
      'withdraw.lock',
      'withdraw.unlock',
      'deposit',
      'transfer',
      'convert',
      'lever.open',
      'lever.close',
      'lever.lock',
      'lever.unlock',
      'lever.overnight',
      'micro.hold',
      'micro.settle',
      'earn.fund',
      'earn.subscribe',
      'earn.interest',
      'earn.mature',
    ]);
    expect(isJournalKind('order.lock')).toBe(true);
    expect(isJournalKind('fee.rebate')).toBe(false);
  });

  it('account types: the users’ are the ledger’s without the system type', () => {
    expect(ACCOUNT_TYPE.system).toBe(0);
    expect(ACCOUNT_TYPE_IDS).toEqual([1, 2, 3, 4, 5]);
    for (const [name, id] of Object.entries(ACCOUNT_TYPES))
      expect(ACCOUNT_TYPE[name as keyof typeof ACCOUNT_TYPE]).toBe(id);
  });

  it('order and review statuses', () => {
    expect([0, 1, 2, 3].map(isOrderStatus)).toEqual([true, true, true, false]);
    expect([0, 1, 2, 3].map(isReviewStatus)).toEqual([true, true, true, false]);
  });
});
