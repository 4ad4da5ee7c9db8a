import type { DepositChannel, Wallet } from '@exchange/contract';
import { wireAmount } from '../../core/amounts.js';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { depositAddresses } from '../../db/schema.js';
import { DEMO_XPUB, deriveAddress } from './addresses.js';
import { loadCurrencies, protocolView, type Currency, type Protocol } from './catalogue.js';

/**
 * The deposit address of a user on a chain: derived from the chain's extended public key (the
 * demo key when demo data is on and none is configured), else the operator's shared address,
 * else none. Derived addresses are recorded so incoming payments can be matched to their user.
 */
export async function depositAddress(
  ctx: AppContext,
  userId: number,
  protocol: Protocol,
): Promise<{ address: string; source: Wallet['source'] }> {
  const xpub =
    ctx.config.depositXpubs[protocol.family] ?? (ctx.config.demo ? DEMO_XPUB : undefined);
  if (xpub) {
    const [known] = await ctx.db
      .select({ address: depositAddresses.address })
      .from(depositAddresses)
      .where(
        and(
          eq(depositAddresses.userId, userId),
          eq(depositAddresses.chainProtocolId, protocol.chainId),
        ),
      );
    if (known) return { address: known.address, source: 'derived' };
    const { address, path } = deriveAddress(protocol.family, xpub, userId);
    await ctx.db
      .insert(depositAddresses)
      .values({ userId, chainProtocolId: protocol.chainId, address, derivationPath: path })
      .onConflictDoNothing();
    return { address, source: 'derived' };
  }
  const shared = ctx.config.depositAddresses[protocol.family];
  return shared ? { address: shared, source: 'shared' } : { address: '', source: 'none' };
}

export async function walletsOf(
  ctx: AppContext,
  userId: number,
  currency: Currency,
): Promise<Wallet[]> {
  const out: Wallet[] = [];
  for (const p of currency.protocols) {
    const { address, source } = await depositAddress(ctx, userId, p);
    const view = protocolView(p);
    out.push({
      currency_protocol_id: p.id,
      chain_protocol: view.chain_protocol,
      token_address: p.tokenAddress,
      address,
      in_address: address,
      memo: '',
      source,
    });
  }
  return out;
}

/** Each currency open for deposits on each of its chains, with the user's address there. */
export async function depositAddressesOf(ctx: AppContext, userId: number) {
  const out: DepositChannel[] = [];
  for (const currency of await loadCurrencies(ctx.db)) {
    if (!currency.openRecharge) continue;
    for (const p of currency.protocols) {
      const { address } = await depositAddress(ctx, userId, p);
      out.push({
        currency_id: currency.id,
        currency_code: currency.code,
        logo: currency.logo,
        usd_price: wireAmount(currency.usdPrice),
        currency_protocol_id: p.id,
        chain: p.chainCode,
        address,
        rate: null,
      });
    }
  }
  return out;
}
