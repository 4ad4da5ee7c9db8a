import { z } from 'zod';
import { decimalString } from './envelope.js';
import { depthSnapshot, KLINE_PERIODS, klineBar, publicTrade, quotation } from './calls/market.js';
import { leverPosition } from './calls/lever.js';
import { microOrder } from './calls/micro.js';
import { spotOrder } from './calls/spot.js';
import { parseTopic, type PrivateTopic } from './ws.js';

const id = z.number().int();
/** Server time of publication (epoch ms). */
const ts = z.number().int();

/** `DAY_MARKET`, about once a second: the pairs whose 24 h quotation changed. */
export const dayMarketPush = z.array(
  z.object({ currency_match_id: id, symbol: z.string(), quotation, ts }),
);
export type DayMarketPush = z.infer<typeof dayMarketPush>;

/** `MARKET_DEPTH.{symbol}` when the book changed: a snapshot of aggregated levels. */
export const marketDepthPush = depthSnapshot.extend({
  currency_match_id: id,
  symbol: z.string(),
  ts,
});
export type MarketDepthPush = z.infer<typeof marketDepthPush>;

/** `GLOBAL_TX.{symbol}`: one committed trade. */
export const globalTxPush = publicTrade.extend({ currency_match_id: id, symbol: z.string() });
export type GlobalTxPush = z.infer<typeof globalTxPush>;

/** `KLINE.{symbol}`: the current bar of one period after a trade. */
export const klinePush = z.object({
  currency_match_id: id,
  symbol: z.string(),
  period: z.enum(KLINE_PERIODS),
  bar: klineBar,
});
export type KlinePush = z.infer<typeof klinePush>;

export const balancePush = z.object({
  currency_id: id,
  balance: decimalString,
  lock_balance: decimalString,
});
export type BalancePush = z.infer<typeof balancePush>;

/** `TX_SUBMIT` (private): an order just placed. */
export const txSubmitPush = z.object({ order: spotOrder });
export type TxSubmitPush = z.infer<typeof txSubmitPush>;

/** `TX_MATCHED` (private): an order that traded, with its owner's new base and quote balances. */
export const txMatchedPush = z.object({
  order: spotOrder,
  base_balance: balancePush.nullable(),
  quote_balance: balancePush.nullable(),
});
export type TxMatchedPush = z.infer<typeof txMatchedPush>;

/**
 * `LEVER_TRADE` (private), about once a second while the user holds open lever positions: those
 * of one quote currency (`legal_id`) valued at the marks, with the hazard rate and total profit
 * (spec 2 §7: trades_all, hazard_rate, profits_all).
 */
export const leverTradePush = z.object({
  legal_id: id,
  trades_all: z.array(leverPosition),
  hazard_rate: decimalString.nullable(),
  profits_all: decimalString,
  ts,
});
export type LeverTradePush = z.infer<typeof leverTradePush>;

/** `LEVER_CLOSED` (private): positions closed and entrusts cancelled by the last commit. */
export const leverClosedPush = z.object({ ids: z.array(id) });
export type LeverClosedPush = z.infer<typeof leverClosedPush>;

/** `MICRO_CLOSED` (private): a micro order just settled, as microtrade/lists shows it closed. */
export const microClosedPush = microOrder;
export type MicroClosedPush = z.infer<typeof microClosedPush>;

/** The data schema of every push, by topic name (the part before the `.{symbol}`). */
export const PUSH_SCHEMAS = {
  DAY_MARKET: dayMarketPush,
  MARKET_DEPTH: marketDepthPush,
  GLOBAL_TX: globalTxPush,
  KLINE: klinePush,
  TX_SUBMIT: txSubmitPush,
  TX_MATCHED: txMatchedPush,
  LEVER_TRADE: leverTradePush,
  LEVER_CLOSED: leverClosedPush,
  MICRO_CLOSED: microClosedPush,
} as const satisfies Record<
  'DAY_MARKET' | 'MARKET_DEPTH' | 'GLOBAL_TX' | 'KLINE' | PrivateTopic,
  z.ZodType
>;

/** A topic name: `DAY_MARKET`, `MARKET_DEPTH`, …, `TX_MATCHED`. */
export type PushTopicName = keyof typeof PUSH_SCHEMAS;
/** The data of a push on topic name `T`. */
export type PushOf<T extends PushTopicName> = z.infer<(typeof PUSH_SCHEMAS)[T]>;

/** A full topic one subscribes to: `DAY_MARKET`, `MARKET_DEPTH.BTC/USDT`, `TX_SUBMIT`, … */
export type PushTopic =
  'DAY_MARKET' | `${'MARKET_DEPTH' | 'GLOBAL_TX' | 'KLINE'}.${string}` | PrivateTopic;
/** The topic name of a full topic: `MARKET_DEPTH.BTC/USDT` → `MARKET_DEPTH`. */
export type TopicNameOf<T extends string> = T extends `${infer N}.${string}` ? N : T;
/** The data of a push on a full topic: `MARKET_DEPTH.BTC/USDT` → `MarketDepthPush`. */
export type TopicPushOf<T extends string> =
  TopicNameOf<T> extends infer N extends PushTopicName ? PushOf<N> : never;

const frame = <T extends PushTopicName>(name: T) =>
  z.object({ type: z.literal(name), topic: z.string(), data: PUSH_SCHEMAS[name] });

/** A push frame `{ type, topic, data }`, its data typed by its topic name. */
export const pushFrame = z.discriminatedUnion('type', [
  frame('DAY_MARKET'),
  frame('MARKET_DEPTH'),
  frame('GLOBAL_TX'),
  frame('KLINE'),
  frame('TX_SUBMIT'),
  frame('TX_MATCHED'),
  frame('LEVER_TRADE'),
  frame('LEVER_CLOSED'),
  frame('MICRO_CLOSED'),
]);

/** A push frame whose data has its topic's type (of topic names `T`). */
export type TypedPush<T extends PushTopicName = PushTopicName> = Extract<
  z.infer<typeof pushFrame>,
  { type: T }
>;
/** The push frame of a full topic: `TopicPush<'MARKET_DEPTH.BTC/USDT'>` carries a depth snapshot. */
export type TopicPush<T extends string> = Extract<TypedPush, { type: TopicNameOf<T> }>;

/**
 * Reads a push frame (already JSON-parsed): its topic must be one the registry knows, its `type`
 * that topic's name and its data must parse with the topic's schema. Anything else is null.
 */
export function parsePush(frame: unknown): TypedPush | null {
  const parsed = pushFrame.safeParse(frame);
  if (!parsed.success) return null;
  return parseTopic(parsed.data.topic)?.name === parsed.data.type ? parsed.data : null;
}

/** Narrows a typed push to one topic name. */
export function isPushOf<T extends PushTopicName>(push: TypedPush, name: T): push is TypedPush<T> {
  return push.type === name;
}

/** Narrows a typed push to the full topic it came on (its type follows from the topic). */
export function isPushOnTopic<T extends string>(push: TypedPush, topic: T): push is TopicPush<T> {
  return push.topic === topic;
}
