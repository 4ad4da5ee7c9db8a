import {
  ACCOUNT_CODES,
  isReviewStatus,
  REVIEW_STATUS,
  type ReviewStatus,
  type AccountTypeId,
  type AssetCurrency,
  type DepositRecord,
  type WithdrawRecord,
} from '@exchange/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chainProtocols, currencies, currencyProtocols } from '../../db/schema.js';
import type { deposits, withdrawals } from '../../db/schema.js';
import { floorTo, mulUnits, plain, units, wireAmount } from '../../core/amounts.js';
import { parseMoney } from '../../core/parse.js';
import { AppError } from '../../http/errors.js';
import type { ChainFamily } from './addresses.js';

/** Deposit, withdrawal, transfer and conversion amounts take at most 8 decimals. */
export const AMOUNT_DECIMALS = 8;
export const USDT_ID = 1;

export const ACCOUNT_NAMES: Record<AccountTypeId, string> = {
  1: 'Trade account',
  2: 'Legal account',
  3: 'Lever account',
  4: 'Second account',
  5: 'Financial account',
};

export interface Protocol {
  id: number;
  currencyId: number;
  tokenAddress: string;
  chainId: number;
  chainCode: string;
  family: ChainFamily;
}

export interface Currency {
  id: number;
  code: string;
  name: string;
  logo: string;
  decimals: number;
  usdPrice: bigint;
  openRecharge: boolean;
  openDraw: boolean;
  drawRate: bigint;
  drawMin: bigint;
  drawMax: bigint;
  accountTypes: number[];
  protocols: Protocol[];
}

/** Every currency with its chains, in display order. */
export async function loadCurrencies(db: Db): Promise<Currency[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.sort), asc(currencies.id));
  const protocolRows = await db
    .select({
      id: currencyProtocols.id,
      currencyId: currencyProtocols.currencyId,
      tokenAddress: currencyProtocols.tokenAddress,
      chainId: chainProtocols.id,
      chainCode: chainProtocols.code,
      family: chainProtocols.family,
    })
    .from(currencyProtocols)
    .innerJoin(chainProtocols, eq(chainProtocols.id, currencyProtocols.chainProtocolId))
    .orderBy(asc(currencyProtocols.id));
  return rows.map((c) => ({
    id: c.id,
    code: c.code,
    name: c.name,
    logo: c.logo,
    decimals: c.displayDecimals,
    usdPrice: units(c.usdPrice),
    openRecharge: c.openRecharge,
    openDraw: c.openDraw,
    drawRate: units(c.drawRate),
    drawMin: units(c.drawMin),
    drawMax: units(c.drawMax),
    accountTypes: c.accountTypes,
    protocols: protocolRows.filter((p) => p.currencyId === c.id),
  }));
}

export async function loadCurrency(db: Db, id: number): Promise<Currency> {
  const currency = (await loadCurrencies(db)).find((c) => c.id === id);
  if (!currency) throw new AppError('currency.not_found', { currency: id });
  return currency;
}

/** The chain a request names, or the currency's only one; refused when it has none or several. */
export function pickProtocol(currency: Currency, protocolId: number | undefined): Protocol {
  const protocol =
    protocolId === undefined
      ? currency.protocols.length === 1
        ? currency.protocols[0]
        : undefined
      : currency.protocols.find((p) => p.id === protocolId);
  if (!protocol) throw new AppError('chain.not_found');
  return protocol;
}

/** A positive decimal string into ledger units, at most AMOUNT_DECIMALS decimals. */
export function parseAmount(value: string): bigint {
  return parseMoney(value, AMOUNT_DECIMALS);
}

/** USD value of an amount, floored to cents. */
export function usdValue(amount: bigint, usdPrice: bigint): bigint {
  return floorTo(mulUnits(amount, usdPrice), 2);
}

export function currencyView(c: Currency): AssetCurrency {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    logo: c.logo,
    decimals: c.decimals,
    open_recharge: c.openRecharge ? 1 : 0,
    open_draw: c.openDraw ? 1 : 0,
    draw_rate: wireAmount(c.drawRate),
    draw_min: wireAmount(c.drawMin),
    draw_max: wireAmount(c.drawMax),
    usd_price: wireAmount(c.usdPrice),
    is_recharge_account: c.openRecharge ? 1 : 0,
    account_types: c.accountTypes
      .filter((t): t is AccountTypeId => t in ACCOUNT_CODES)
      .map((t) => ({ id: t, name: ACCOUNT_NAMES[t], account_code: ACCOUNT_CODES[t] })),
    currency_protocols: c.protocols.map(protocolView),
  };
}

export function protocolView(p: Protocol) {
  return {
    id: p.id,
    token_address: p.tokenAddress,
    chain_protocol: { id: p.chainId, code: p.chainCode },
  };
}

const status = (s: number): ReviewStatus => (isReviewStatus(s) ? s : REVIEW_STATUS.pending);

export function depositView(d: typeof deposits.$inferSelect, currencyCode: string): DepositRecord {
  return {
    id: d.id,
    user_id: d.userId,
    currency_id: d.currencyId,
    currency: { code: currencyCode },
    currency_protocol_id: d.currencyProtocolId,
    chain: d.chain,
    number: wireAmount(units(d.number)),
    in_address: d.inAddress,
    from_address: d.fromAddress,
    img_url: d.imgUrl,
    status: status(d.status),
    reason: d.reason,
    created_at: d.createdAt.getTime(),
    reviewed_at: d.reviewedAt ? d.reviewedAt.getTime() : null,
    vnd:
      d.referenceCode && d.amountVnd && d.vndRate
        ? {
            reference_code: d.referenceCode,
            amount_vnd: plain(d.amountVnd),
            rate: plain(d.vndRate),
          }
        : null,
  };
}

export function withdrawView(
  w: typeof withdrawals.$inferSelect,
  currencyCode: string,
): WithdrawRecord {
  return {
    id: w.id,
    user_id: w.userId,
    currency_id: w.currencyId,
    currency: { code: currencyCode },
    currency_protocol_id: w.currencyProtocolId,
    chain: w.chain,
    address: w.address,
    memo: w.memo,
    number: wireAmount(units(w.number)),
    fee: wireAmount(units(w.fee)),
    receive: wireAmount(units(w.receive)),
    status: status(w.status),
    tx_ref: w.txRef,
    reason: w.reason,
    created_at: w.createdAt.getTime(),
    reviewed_at: w.reviewedAt ? w.reviewedAt.getTime() : null,
    vnd:
      w.vndRate && w.vndTotal
        ? {
            bank_name: w.bankName ?? '',
            account_name: w.accountName ?? '',
            rate: plain(w.vndRate),
            total_amount: plain(w.vndTotal),
          }
        : null,
  };
}

/** A currency by code (any case) or id, for operator calls; 404 currency.not_found otherwise. */
export async function findCurrency(db: Db, currency: string) {
  // A longer run of digits is no id: it would overflow the integer column in SQL.
  const where = /^\d{1,9}$/.test(currency)
    ? eq(currencies.id, Number(currency))
    : eq(currencies.code, currency.toUpperCase());
  const [row] = await db
    .select({ id: currencies.id, code: currencies.code, decimals: currencies.displayDecimals })
    .from(currencies)
    .where(where);
  if (!row) throw new AppError('currency.not_found', { currency });
  return row;
}
