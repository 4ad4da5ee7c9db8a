/**
 * Micro trade's commands as plain data (core/commands.ts): what its calls, the simulation and,
 * later, the network send it. Amounts travel as decimal strings of ledger units (`wireAmount`),
 * each command parses them back into the handler's bigints; operator commands carry the operator
 * as `actorId` (their audit entry's). The calls validate what the operator typed first (with
 * their own error keys), so a command here only carries values already checked.
 */
import { z } from 'zod';
import { pow10, SCALE, units, wireAmount } from '../../core/amounts.js';
import { command, messageAmount } from '../../core/commands.js';
import type { MicroHandler } from './handler.js';
import type { MicroGuard } from './types.js';
import { currencyView, guardView, namesOf, optionViews, orderView, pairView } from './view.js';

const id = z.number().int().positive();
const amount = messageAmount;
const option = z.object({ seconds: id, ratio: z.string().min(1) });

export const microCommands = {
  order: command(
    z.object({
      userId: id,
      marketId: id,
      currencyId: id,
      type: z.union([z.literal(1), z.literal(2)]),
      seconds: id,
      number: z.string(),
    }),
    async (micro: MicroHandler, m) => {
      const row = await micro.submit(m);
      // The order as accepted, its remaining time counted from its acceptance on the core's
      // clock: an answer depends on nothing but the commands (a replay answers the same).
      const order = orderView(row, namesOf(micro, row), row.createdAt.getTime(), null);
      return { id: row.id, status: row.status, order };
    },
  ),
  /** A pair's cap in a stake currency; answers it as set. */
  setCap: command(
    z.object({ actorId: id, marketId: id, currencyId: id, cap: amount }),
    async (micro: MicroHandler, m) => {
      const cap = await micro.setCap(m.marketId, m.currencyId, units(m.cap), m.actorId);
      return { cap: wireAmount(cap) };
    },
  ),
  /** A pair's index minimums and manipulation multiple (a plain decimal); omitted ones stay. */
  setGuard: command(
    z.object({
      actorId: id,
      marketId: id,
      minTrades: id.optional(),
      minVolume: amount.optional(),
      multiple: amount.optional(),
    }),
    async (micro: MicroHandler, m) => {
      const change: Partial<MicroGuard> = {};
      if (m.minTrades !== undefined) change.minTrades = m.minTrades;
      if (m.minVolume !== undefined) change.minVolume = units(m.minVolume);
      // The engine reads the multiple in parts per million.
      if (m.multiple !== undefined) change.multiplePpm = units(m.multiple) / pow10(SCALE - 6);
      return guardView(await micro.setGuard(m.marketId, change, m.actorId));
    },
  ),
  /** Opens or closes a pair and sets its own options; answers the pair as the desk shows it. */
  setPair: command(
    z.object({
      actorId: id,
      marketId: id,
      open: z.boolean().optional(),
      options: z.array(option).optional(),
    }),
    async (micro: MicroHandler, m) => {
      const change = {
        ...(m.open === undefined ? {} : { open: m.open }),
        ...(m.options === undefined ? {} : { options: m.options }),
      };
      return pairView(micro, await micro.setPair(m.marketId, change, m.actorId));
    },
  ),
  setDefaults: command(
    z.object({ actorId: id, options: z.array(option).min(1) }),
    async (micro: MicroHandler, m) => optionViews(await micro.setDefaults(m.options, m.actorId)),
  ),
  /** A stake currency's terms (its code and decimals from the currencies table); omitted ones stay. */
  setCurrency: command(
    z.object({
      actorId: id,
      currencyId: id,
      code: z.string().min(1),
      decimals: z.number().int().nonnegative(),
      enabled: z.boolean().optional(),
      numbers: z.array(amount).optional(),
      min: amount.optional(),
      max: amount.optional(),
      feeRate: z.string().min(1).optional(),
      defaultCap: amount.optional(),
    }),
    async (micro: MicroHandler, m) => {
      const change = {
        ...(m.enabled === undefined ? {} : { enabled: m.enabled }),
        ...(m.numbers === undefined ? {} : { numbers: m.numbers.map(units) }),
        ...(m.min === undefined ? {} : { min: units(m.min) }),
        ...(m.max === undefined ? {} : { max: units(m.max) }),
        ...(m.feeRate === undefined ? {} : { feeRate: m.feeRate }),
        ...(m.defaultCap === undefined ? {} : { defaultCap: units(m.defaultCap) }),
      };
      const next = await micro.setCurrency(m.currencyId, m.code, m.decimals, change, m.actorId);
      return currencyView(next);
    },
  ),
};
