import { CALLS, VND_CURRENCY_ID } from '@exchange/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { depositChannels } from './channels.js';
import { reportDeposit } from '../assets/index.js';
import { cancelVndOrder, createVndOrder, submitVndOrder, vndOrderInfo } from './orders.js';
import { vndWithdrawals, withdrawVnd } from './withdraw.js';

/**
 * Deposit channels, the VND deposit order's life after wallet/createPayOrder made it (its
 * information, cancellation and screenshot) and VND withdrawals.
 */
export function vndRoutes(app: FastifyInstance) {
  route(app, CALLS.createPayOrder, ({ ctx, session, input }) =>
    // Currency 5: a VND order awaiting its bank transfer (its screenshot comes later); any other
    // currency: a crypto deposit report with its screenshot.
    input.currency_id === VND_CURRENCY_ID && !input.imgUrl
      ? createVndOrder(ctx, session.userId, input.quantity)
      : reportDeposit(ctx, session.userId, input),
  );
  route(app, CALLS.quickChargeInfo, ({ ctx, session }) => depositChannels(ctx, session.userId));
  route(app, CALLS.infoPayOrder, ({ ctx, session, input }) =>
    vndOrderInfo(ctx, session.userId, input.order_id),
  );
  route(app, CALLS.cancelPayOrder, ({ ctx, session, input }) =>
    cancelVndOrder(ctx, session.userId, input.order_id),
  );
  route(app, CALLS.updatePayOrder, ({ ctx, session, input }) =>
    submitVndOrder(ctx, session.userId, input.order_id, input.imgUrl),
  );
  route(app, CALLS.withdrawalPost, ({ ctx, session, input }) =>
    withdrawVnd(ctx, session.userId, input),
  );
  route(app, CALLS.withdrawList, ({ ctx, session, input }) =>
    vndWithdrawals(ctx, session.userId, input),
  );
}
