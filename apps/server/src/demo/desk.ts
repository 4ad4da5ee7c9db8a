import type { Core } from '../core/core.js';
import { units } from '../core/amounts.js';
import { USDT_ID } from '../domains/assets/catalogue.js';

/** USDT the demo conversion desk starts with, so conversions work out of the box. */
export const DEMO_DESK_USDT = '1000000';

/**
 * Funds an empty demo conversion desk by a recorded adjustment against the outside world (the
 * desk is a system account that never goes negative; a real operator funds it the same way with
 * admin/ledger/adjust and user "convert-desk").
 */
export async function fundDemoDesk(core: Core) {
  if (core.systemBalance('convert', USDT_ID) > 0n) return;
  await core.adjust({
    actorId: null,
    userId: null,
    currencyId: USDT_ID,
    amount: units(DEMO_DESK_USDT),
    reason: 'demo conversion desk funding',
  });
}
