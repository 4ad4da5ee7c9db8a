import { z } from 'zod';
import { isStorableText } from './text.js';

/** Public topics anyone may subscribe to; `{symbol}` is BASE/QUOTE, e.g. `MARKET_DEPTH.BTC/USDT`. */
export const PUBLIC_TOPIC_PREFIXES = ['DAY_MARKET', 'MARKET_DEPTH', 'GLOBAL_TX', 'KLINE'] as const;
/** Private topics, delivered only to the logged-in owner of the order. */
export const PRIVATE_TOPICS = [
  'TX_SUBMIT',
  'TX_MATCHED',
  'LEVER_TRADE',
  'LEVER_CLOSED',
  'MICRO_CLOSED',
] as const;
export type PrivateTopic = (typeof PRIVATE_TOPICS)[number];

const SYMBOL_RE = /^[A-Z0-9]{1,16}\/[A-Z0-9]{1,16}$/;

/** Parse a topic name: returns its kind and symbol, or null when the registry does not know it. */
export function parseTopic(
  topic: string,
): { name: string; symbol: string | null; private: boolean } | null {
  if ((PRIVATE_TOPICS as readonly string[]).includes(topic))
    return { name: topic, symbol: null, private: true };
  if (topic === 'DAY_MARKET') return { name: topic, symbol: null, private: false };
  const dot = topic.indexOf('.');
  if (dot < 0) return null;
  const name = topic.slice(0, dot);
  const symbol = topic.slice(dot + 1);
  if (name === 'DAY_MARKET' || !(PUBLIC_TOPIC_PREFIXES as readonly string[]).includes(name))
    return null;
  return SYMBOL_RE.test(symbol) ? { name, symbol, private: false } : null;
}

/** A JSON escape can still carry NUL or half a surrogate pair: such a message is refused whole. */
const wsParams = (max: number) => z.string().max(max).refine(isStorableText);

/** Messages a client sends (besides the plain-text `ping`). */
export const wsClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('login'), params: wsParams(200) }),
  z.object({ type: z.literal('sub'), params: wsParams(100) }),
  z.object({ type: z.literal('unsub'), params: wsParams(100) }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;

/**
 * The close code of a socket whose login session ended (logout, password reset or change): the
 * server closes it instead of carrying on without the login. 4000-4999 are the application's.
 */
export const WS_CLOSE_SESSION_ENDED = 4001;

/** Replies to client messages; pushes are `{ type: <topic name>, topic, data }`. */
export interface WsReply {
  type: 'login' | 'sub' | 'unsub' | 'error';
  code: 1 | 0;
  params?: string;
  error?: string;
  message?: string;
}

export interface WsPush<T = unknown> {
  /** Topic name without the symbol (`MARKET_DEPTH`), which clients dispatch on. */
  type: string;
  /** The full topic (`MARKET_DEPTH.BTC/USDT`). */
  topic: string;
  data: T;
}
