import type { DayMarketPush, PushTopic, TopicPushOf } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { PUSH_PUBLIC, type PublicPush } from '../../bus/bus.js';
import type { MarketInfo } from '../spot/index.js';
import { lazyPublicPush } from '../../ws/lazy.js';
import type { MarketData } from './market-data.js';
import { formatDepth, toBar } from './views.js';

export interface PushTiming {
  /** DAY_MARKET: quotations that changed since the last one, at most this often. */
  dayMarketMs: number;
  /** MARKET_DEPTH: a snapshot of each market whose book changed, at most this often. */
  depthMs: number;
}

export const DEFAULT_PUSH_TIMING: PushTiming = { dayMarketMs: 1_000, depthMs: 150 };

/**
 * Public pushes (spec 1 §4, payload types in the contract's push.ts):
 * - GLOBAL_TX.{symbol}: each committed trade, right after its commit;
 * - KLINE.{symbol}: each bar a commit changed (one per period, coalesced per commit);
 * - MARKET_DEPTH.{symbol}: the full snapshot (≤ 50 levels a side) of a book that changed, at most
 *   every 150 ms;
 * - DAY_MARKET: about every second, the list of pairs whose quotation changed (by trades or by
 *   trades leaving the 24 h window); nothing when none did.
 * Depth and DAY_MARKET carry `ts`, the server time of publication (epoch ms). The hub drops
 * topics nobody listens to, so an idle market costs a snapshot at most.
 */
export function registerMarketPushes(
  app: FastifyInstance,
  data: MarketData,
  timing: PushTiming = DEFAULT_PUSH_TIMING,
) {
  const { bus, markets } = app.ctx;
  const publish = <T extends PushTopic>(topic: T, payload: TopicPushOf<T>) => {
    const push: PublicPush = { topic, data: payload };
    bus.publish(PUSH_PUBLIC, push);
  };
  /** Trades, bars and books come with commits: their data is formatted only when read. */
  const publishLazy = <T extends PushTopic>(topic: T, make: () => TopicPushOf<T>) =>
    bus.publish(PUSH_PUBLIC, lazyPublicPush(topic, make));
  const topicsOf = new Map<
    number,
    { tx: `GLOBAL_TX.${string}`; kline: `KLINE.${string}`; depth: `MARKET_DEPTH.${string}` }
  >();
  const topics = (market: MarketInfo) => {
    let t = topicsOf.get(market.id);
    if (!t) {
      t = {
        tx: `GLOBAL_TX.${market.symbol}`,
        kline: `KLINE.${market.symbol}`,
        depth: `MARKET_DEPTH.${market.symbol}`,
      };
      topicsOf.set(market.id, t);
    }
    return t;
  };

  const booksChanged = new Set<number>();
  data.onUpdate((u) => {
    for (const id of u.books) booksChanged.add(id);
    for (const { market, trade } of u.trades) {
      publishLazy(topics(market).tx, () => ({
        ...trade,
        currency_match_id: market.id,
        symbol: market.symbol,
      }));
    }
    for (const { market, period, candle } of u.bars) {
      publishLazy(topics(market).kline, () => ({
        currency_match_id: market.id,
        symbol: market.symbol,
        period,
        bar: toBar(candle),
      }));
    }
  });

  const depthTimer = setInterval(() => {
    if (!booksChanged.size) return;
    const ts = Date.now();
    for (const id of booksChanged) {
      const market = markets.market(id);
      if (!market) continue;
      // The levels as last committed; their decimal strings only if someone listens.
      const levels = markets.book(id);
      publishLazy(topics(market).depth, () => ({
        ts,
        currency_match_id: id,
        symbol: market.symbol,
        ...formatDepth(market, levels),
      }));
    }
    booksChanged.clear();
  }, timing.depthMs);

  // Quotations move with trades and with time (trades leaving the 24 h window): compare each
  // second with what was last sent and send the ones that differ.
  const sent = new Map<number, string>();
  const quotations = (now: number) =>
    markets.list().map((m) => ({
      currency_match_id: m.id,
      symbol: m.symbol,
      quotation: data.quotation(m.id, now),
    }));
  for (const q of quotations(Date.now()))
    sent.set(q.currency_match_id, JSON.stringify(q.quotation));
  const dayTimer = setInterval(() => {
    const ts = Date.now();
    const changed = quotations(ts).filter((q) => {
      const json = JSON.stringify(q.quotation);
      if (sent.get(q.currency_match_id) === json) return false;
      sent.set(q.currency_match_id, json);
      return true;
    });
    // The contract's DAY_MARKET is a list; each item also carries the publication time.
    if (changed.length) {
      const payload: DayMarketPush = changed.map((q) => ({ ts, ...q }));
      publish('DAY_MARKET', payload);
    }
  }, timing.dayMarketMs);

  app.addHook('onClose', (_instance, done) => {
    clearInterval(depthTimer);
    clearInterval(dayTimer);
    done();
  });
}
