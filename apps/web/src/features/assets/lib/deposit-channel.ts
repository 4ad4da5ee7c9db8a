import { depositChannel, VND_CURRENCY_ID, type DepositChannel } from '@exchange/contract';

/** The VND bank transfer among the deposit channels. */
export function isVndChannel(channel: Pick<DepositChannel, 'currency_id'>): boolean {
  return channel.currency_id === VND_CURRENCY_ID;
}

/** A crypto channel: a currency on a chain. */
export type CryptoChannel = DepositChannel & { currency_protocol_id: number };

export function isCryptoChannel(channel: DepositChannel): channel is CryptoChannel {
  return !isVndChannel(channel) && channel.currency_protocol_id !== null;
}

/**
 * Where a channel of /recharge leads: the VND deposit, or the crypto deposit detail with the
 * chosen channel as JSON in its query (spec 3: `/rechargeOpen?channel=<JSON>`).
 */
export function channelHref(channel: DepositChannel): string {
  if (isVndChannel(channel)) return '/rechargeVND';
  return `/rechargeOpen?${new URLSearchParams({ channel: JSON.stringify(channel) }).toString()}`;
}

/** Longer than any channel the server lists: not one of ours. */
const MAX_CHANNEL_LENGTH = 4_000;

/**
 * The crypto channel of a `channel` query value, or null when it is missing, not JSON, not a
 * channel, or not a crypto one. Only its currency and chain are used: the address shown is the
 * server's (wallet/wallet), never one taken from a link.
 */
export function parseChannelParam(raw: string | null): CryptoChannel | null {
  if (raw === null || raw === '' || raw.length > MAX_CHANNEL_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = depositChannel.safeParse(value);
  if (!parsed.success || !isCryptoChannel(parsed.data)) return null;
  return parsed.data;
}
