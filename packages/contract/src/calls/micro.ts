import { z } from 'zod';
import { defineCall } from '../call.js';
import { decimalString, pageOf, timestamp } from '../envelope.js';
import { decimalInput, idParam, text } from './fields.js';

/** Micro order direction (spec 3 §3): 1 up (wins when the end index is above the open), 2 down. */
export const MICRO_TYPE = { up: 1, down: 2 } as const;
/** Micro order status (spec 3 §4): 1 in progress, 3 closed. */
export const MICRO_STATUS = { open: 1, closed: 3 } as const;
export const MICRO_STATUSES = [MICRO_STATUS.open, MICRO_STATUS.closed] as const;
/** How a closed order ended: up/down right (win), wrong (loss), equal (tie), no index (void). */
export const MICRO_OUTCOMES = ['win', 'loss', 'tie', 'void'] as const;
export type MicroOutcome = (typeof MICRO_OUTCOMES)[number];
/** Micro history page size (spec 3 §9). */
export const MICRO_PAGE_SIZE = 10;
/** A closed order leaves the in-progress list this long after its push arrives (spec 3 §4). */
export const MICRO_CLOSED_LINGER_MS = 500;
/**
 * The index is evaluated at whole seconds (epoch ms multiple of 1,000): an order opens at the
 * first whole second after it is accepted and ends `seconds` later.
 */
export const MICRO_GRID_MS = 1_000;
/** Open micro orders one user may hold at once (addition). */
export const MICRO_OPEN_LIMIT = 200;

/** A seconds option (spec 3 §3): `profit_ratio` is a fraction (0.8 pays 80 % of the stake). */
export const microSecondsOption = z.object({
  seconds: z.number().int(),
  profit_ratio: decimalString,
});
export type MicroSecondsOption = z.infer<typeof microSecondsOption>;

/** One side of a settlement's evidence: the index at a moment and what it was made of. */
export const microIndexEvidence = z.object({
  /** The window looked at, (from, to] in epoch ms; `to` is the moment of the index. */
  from: timestamp,
  to: timestamp,
  /**
   * Every public trade of the pair in the window, with its quantity; `own` marks the order
   * owner's trades, which never count toward their own order's index.
   */
  trades: z.array(
    z.object({
      id: z.number().int(),
      price: decimalString,
      time: timestamp,
      qty: decimalString.optional(),
      own: z.boolean().optional(),
    }),
  ),
  /** Best bid and ask: only on indexes made before the index became volume-weighted. */
  bid: decimalString.nullable(),
  ask: decimalString.nullable(),
  /**
   * trades (volume-weighted average of the counted trades), void (fewer than the pair's minimum
   * trades or volume: stake and fee back), book (indexes made before the volume-weighted rule).
   */
  source: z.enum(['trades', 'book', 'void']),
  /** The order's index (null: void). */
  index: decimalString.nullable(),
  /** Base volume of the counted trades (those of others than the order's owner). */
  volume: decimalString.optional(),
  /** How many trades counted. */
  counted: z.number().int().optional(),
  /** The count of the order owner's trades left out. */
  excluded_own: z.number().int().optional(),
  /** The pair's minimums the index was made with (null on indexes made before them). */
  min_trades: z.number().int().nullable().optional(),
  min_volume: decimalString.nullable().optional(),
});
export type MicroIndexEvidence = z.infer<typeof microIndexEvidence>;

export const microEvidence = z.object({
  open: microIndexEvidence,
  end: microIndexEvidence.nullable(),
});
export type MicroEvidence = z.infer<typeof microEvidence>;

/** A micro order (spec 3 §3) with the additions of the micro-trade issue. */
export const microOrder = z.object({
  id: z.number().int(),
  match_id: z.number().int(),
  symbol_name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  status: z.union([z.literal(1), z.literal(3)]),
  seconds: z.number().int(),
  /** The stake. */
  number: decimalString,
  fee: decimalString,
  profit_ratio: decimalString,
  /** The index at `open_at` and at `end_at`; null until evaluated. */
  open_price: decimalString.nullable(),
  end_price: decimalString.nullable(),
  /** +stake × profit_ratio on a win, −stake on a loss, 0 on a tie or void (fee not included). */
  fact_profits: decimalString.nullable(),
  outcome: z.enum(MICRO_OUTCOMES).nullable(),
  /** Milliseconds until `end_at` (0 once due). */
  remain_milli_seconds: z.number().int(),
  created_at: timestamp,
  open_at: timestamp,
  end_at: timestamp,
  settled_at: timestamp.nullable(),
  /** Closed rows: how the open and end prices were made. */
  evidence: microEvidence.nullable(),
});
export type MicroOrder = z.infer<typeof microOrder>;

/** A currency one can stake (spec 3 §3 micro wallet currency, plus the stake limits and fee). */
export const microCurrency = z.object({
  id: z.number().int(),
  code: z.string(),
  decimals: z.number().int(),
  micro_account: z.object({ balance: decimalString, lock_balance: decimalString }),
  micro_numbers: z.array(z.object({ number: decimalString })),
  min_number: decimalString,
  max_number: decimalString,
  /** Fee as a fraction of the stake, taken at acceptance (returned on a tie or void order). */
  fee_rate: decimalString,
});
export type MicroCurrency = z.infer<typeof microCurrency>;

const houseRow = z.object({
  currency_id: z.number().int(),
  currency: z.string(),
  balance: decimalString,
  exposure: decimalString,
});

const pairSettings = z.object({
  id: z.number().int(),
  symbol: z.string(),
  open_microtrade: z.union([z.literal(0), z.literal(1)]),
  /** The pair's options; `own` false when it uses the default options. */
  options: z.array(microSecondsOption),
  own: z.boolean(),
  caps: z.array(z.object({ currency_id: z.number().int(), exposure_cap: decimalString })),
  open_orders: z.number().int(),
  /** The index minimums and the house's manipulation multiple of the pair. */
  index_min_trades: z.number().int(),
  index_min_volume: decimalString,
  manipulation_multiple: decimalString,
  /**
   * Per enabled stake currency: what deciding the pair's index costs on its book now, the
   * exposure the house accepts for it (cost ÷ multiple), and its exposure over every open expiry.
   */
  manipulation: z.array(
    z.object({
      currency_id: z.number().int(),
      cost: decimalString,
      bound: decimalString,
      exposure: decimalString,
    }),
  ),
});

const optionInput = z.object({
  seconds: z.coerce.number().int().min(5).max(86_400),
  profit_ratio: decimalInput,
});
const optionsInput = z.array(optionInput).min(1).max(10);

export const microCalls = {
  microCurrencies: defineCall({
    method: 'GET',
    path: 'microtrade/payable_currencies',
    auth: 'user',
    tag: 'microtrade',
    summary:
      'Currencies one can stake, with the micro account balance, stake presets, limits and fee rate',
    request: z.object({}),
    response: z.array(microCurrency),
  }),
  microSeconds: defineCall({
    method: 'GET',
    path: 'microtrade/seconds',
    auth: 'public',
    tag: 'microtrade',
    summary: "Seconds options with their profit ratio: a pair's (match_id) or the default ones",
    request: z.object({ match_id: idParam.optional() }),
    response: z.array(microSecondsOption),
  }),
  microSubmit: defineCall({
    method: 'POST',
    path: 'microtrade/submit',
    auth: 'user',
    tag: 'microtrade',
    summary:
      'Stake on up (type 1) or down (type 2) over `seconds`: stake and fee are held from the micro account until the market settles it',
    request: z.object({
      match_id: idParam,
      currency_id: idParam,
      type: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
      seconds: z.coerce.number().int().min(1).max(86_400),
      number: decimalInput.optional().transform((v) => v ?? ''),
    }),
    response: microOrder,
  }),
  microLists: defineCall({
    method: 'GET',
    path: 'microtrade/lists',
    auth: 'user',
    tag: 'microtrade',
    summary: "The user's micro orders, 10 a page: status 1 in progress, 3 closed (with evidence)",
    request: z.object({
      match_id: idParam.optional(),
      status: z.coerce.number().pipe(z.literal(MICRO_STATUSES)).default(MICRO_STATUS.open),
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(50).default(MICRO_PAGE_SIZE),
    }),
    response: pageOf(microOrder),
  }),
  microEvidence: defineCall({
    method: 'GET',
    path: 'microtrade/evidence',
    auth: 'user',
    tag: 'microtrade',
    addition: true,
    summary:
      "How one of the user's orders was settled: the open and end index with the trades (or book) they were made of",
    request: z.object({ id: idParam }),
    response: microEvidence.extend({
      id: z.number().int(),
      outcome: z.enum(MICRO_OUTCOMES),
      /** The same open and end, as a closed row of microtrade/lists carries them. */
      evidence: microEvidence,
    }),
  }),
  adminMicroHouse: defineCall({
    method: 'GET',
    path: 'admin/microtrade/house',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'The micro house per currency: its balance and its net exposure (what it could lose) over open expiry buckets',
    request: z.object({}),
    response: z.array(houseRow),
  }),
  adminMicroFund: defineCall({
    method: 'POST',
    path: 'admin/microtrade/house',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'Move an amount from the outside world into the micro house (negative: draw, never below its exposure), recorded with its reason',
    request: z.object({
      currency: text(20).pipe(z.string().min(1)),
      amount: decimalInput,
      reason: text(500).pipe(z.string().min(3)),
    }),
    response: houseRow,
  }),
  adminMicroSettings: defineCall({
    method: 'POST',
    path: 'admin/microtrade/settings',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      "Set a pair's house exposure cap over every open expiry, in the stake currency (0: refuse every order), and its index minimums and manipulation multiple; omitted fields keep their value",
    request: z.object({
      match_id: idParam,
      currency_id: idParam,
      exposure_cap: decimalInput.optional(),
      /** Trades of others than the bettor a window needs for an index (1 to 1,000). */
      index_min_trades: z.coerce.number().int().min(1).max(1_000).optional(),
      /** Their base volume (a quantity of the pair's base currency, > 0). */
      index_min_volume: decimalInput.optional(),
      /** The house accepts exposure up to the cheapest deciding push's cost ÷ this (> 0). */
      manipulation_multiple: decimalInput.optional(),
    }),
    response: z.object({
      match_id: z.number().int(),
      currency_id: z.number().int(),
      exposure_cap: decimalString,
      index_min_trades: z.number().int(),
      index_min_volume: decimalString,
      manipulation_multiple: decimalString,
    }),
  }),
  adminMicroOverview: defineCall({
    method: 'GET',
    path: 'admin/microtrade/overview',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'Micro trade settings: default options, each pair (open flag, options, caps), each stake currency (presets, limits, fee) and the house',
    request: z.object({}),
    response: z.object({
      default_options: z.array(microSecondsOption),
      pairs: z.array(pairSettings),
      currencies: z.array(
        z.object({
          id: z.number().int(),
          code: z.string(),
          enabled: z.union([z.literal(0), z.literal(1)]),
          micro_numbers: z.array(decimalString),
          min_number: decimalString,
          max_number: decimalString,
          fee_rate: decimalString,
          default_cap: decimalString,
        }),
      ),
      house: z.array(houseRow),
    }),
  }),
  adminMicroPair: defineCall({
    method: 'POST',
    path: 'admin/microtrade/pair',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'Open or close micro trade on a pair and set its seconds options (an empty list: the default options); omitted fields keep their value',
    request: z.object({
      match_id: idParam,
      open_microtrade: z.coerce
        .number()
        .pipe(z.union([z.literal(0), z.literal(1)]))
        .optional(),
      options: z.array(optionInput).max(10).optional(),
    }),
    response: pairSettings,
  }),
  adminMicroDefaults: defineCall({
    method: 'POST',
    path: 'admin/microtrade/defaults',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary: 'Set the default seconds options of pairs without their own',
    request: z.object({ options: optionsInput }),
    response: z.array(microSecondsOption),
  }),
  adminMicroCurrency: defineCall({
    method: 'POST',
    path: 'admin/microtrade/currency',
    auth: 'admin',
    tag: 'admin',
    addition: true,
    summary:
      'Enable a stake currency and set its presets, stake limits, fee rate and default bucket cap; omitted fields keep their value',
    request: z.object({
      currency_id: idParam,
      enabled: z.coerce
        .number()
        .pipe(z.union([z.literal(0), z.literal(1)]))
        .optional(),
      micro_numbers: z.array(decimalInput).max(8).optional(),
      min_number: decimalInput.optional(),
      max_number: decimalInput.optional(),
      fee_rate: decimalInput.optional(),
      default_cap: decimalInput.optional(),
    }),
    response: z.object({
      id: z.number().int(),
      code: z.string(),
      enabled: z.union([z.literal(0), z.literal(1)]),
      micro_numbers: z.array(decimalString),
      min_number: decimalString,
      max_number: decimalString,
      fee_rate: decimalString,
      default_cap: decimalString,
    }),
  }),
};
