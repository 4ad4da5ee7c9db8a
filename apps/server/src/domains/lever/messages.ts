/**
 * The leverage product's commands as plain data (core/commands.ts): what its routes, the
 * simulation and, later, the network send it. Prices travel as decimal strings; a command on a
 * position answers the position's wire view as it stands once committed (`PositionData`, without
 * the reader's language), so no route reads the handler to show it.
 */
import { z } from 'zod';
import { wireAmount } from '../../core/amounts.js';
import { type Commands, command } from '../../core/commands.js';
import type { LeverHandler } from './handler.js';
import { positionNow } from './view.js';

const id = z.number().int().positive();
const side = z.union([z.literal(1), z.literal(2)]);
const priceText = z.string().nullable();
const count = z.number().int().nonnegative();

/**
 * What an operator may change of a pair's terms (handler `TermsInput`). Only the types are
 * checked here: the ranges are the admin route's (admin-routes.ts), which answers each broken
 * rule by name; the handler refuses a minimum above the maximum itself.
 */
const termsChange = z.object({
  open: z.boolean().optional(),
  pointRate: z.string().optional(),
  shareNum: z.string().optional(),
  feeRate: z.string().optional(),
  multiples: z.array(id).optional(),
  minShare: count.optional(),
  maxShare: count.optional(),
  overnightRate: z.string().optional(),
  maxOpenInterest: count.optional(),
  markMinDepth: z.string().optional(),
  markBand: z.string().optional(),
  markWindowS: count.optional(),
  manipulationMultiple: z.string().optional(),
});

export const leverCommands = {
  /** A position at the mark (`status` 1) or a limit entrust at `targetPrice` (0). */
  open: command(
    z.object({
      userId: id,
      marketId: id,
      side,
      status: z.union([z.literal(0), z.literal(1)]),
      share: z.number().int().positive(),
      multiple: z.number().int().positive(),
      targetPrice: priceText,
    }),
    async (lever: LeverHandler, m) => ({ position: positionNow(lever, await lever.submit(m)) }),
  ),
  cancel: command(z.object({ userId: id, id }), async (lever: LeverHandler, m) => ({
    position: positionNow(lever, await lever.cancel(m.userId, m.id)),
  })),
  close: command(z.object({ userId: id, id }), async (lever: LeverHandler, m) => ({
    position: positionNow(lever, await lever.close(m.userId, m.id)),
  })),
  /** Sets or clears (null, empty or zero) the stops of an open position. */
  stops: command(
    z.object({ userId: id, id, takeProfit: priceText, stopLoss: priceText }),
    async (lever: LeverHandler, m) => {
      const row = await lever.setStops(m.userId, m.id, m.takeProfit, m.stopLoss);
      return { position: positionNow(lever, row) };
    },
  ),
  /** Closes the user's positions of a pair (side 0 all, 1 long, 2 short) at one mark. */
  closeAll: command(
    z.object({ userId: id, marketId: id, side: z.union([z.literal(0), side]) }),
    async (lever: LeverHandler, m) => {
      const r = await lever.batchClose(m.userId, m.marketId, m.side);
      return { ids: r.ids, mark: r.mark === null ? null : wireAmount(r.mark) };
    },
  ),
  /** An operator's change of a pair's terms (omitted fields keep theirs); answers the new terms. */
  setTerms: command(
    z.object({ actorId: id, marketId: id, change: termsChange }),
    (lever: LeverHandler, m) => lever.setTerms(m.marketId, m.change, m.actorId),
  ),
  /** An operator's stop-out level (percent, validated by the route); answers it. */
  setStopOut: command(z.object({ actorId: id, level: z.string() }), (lever: LeverHandler, m) =>
    lever.setStopOut(m.level, m.actorId),
  ),
} satisfies Commands<LeverHandler>;
