import type { MicroOrder, Page } from '@exchange/contract';

/** A listed order with the moment (local epoch ms) its countdown reaches zero. */
export type MicroRow = MicroOrder & { deadline: number };
export type MicroPage = Page<MicroRow>;

/**
 * Each order's deadline from the time left the server gave and the moment the answer arrived
 * (now + remain): the countdown never depends on the device's clock agreeing with the server's.
 */
export function withDeadlines(page: Page<MicroOrder>, now: number): MicroPage {
  return {
    ...page,
    data: page.data.map((order) => ({ ...order, deadline: now + order.remain_milli_seconds })),
  };
}

/**
 * `MICRO_CLOSED`: the in-progress row of that order takes the closed order as pushed (its end
 * price and result show at once); the page is the same object when the order is not on it.
 */
export function replaceClosed(page: MicroPage, order: MicroOrder, now: number): MicroPage {
  if (!page.data.some((row) => row.id === order.id)) return page;
  return {
    ...page,
    data: page.data.map((row) => (row.id === order.id ? { ...order, deadline: now } : row)),
  };
}

/** The order leaves the in-progress list (after it lingered there, MICRO_CLOSED_LINGER_MS). */
export function dropOrder(page: MicroPage, id: number): MicroPage {
  if (!page.data.some((row) => row.id === id)) return page;
  return {
    ...page,
    total: Math.max(0, page.total - 1),
    data: page.data.filter((row) => row.id !== id),
  };
}

/** Whether the countdown of an in-progress row passed zero more than `graceMs` ago. */
export function isOverdue(row: Pick<MicroRow, 'deadline'>, now: number, graceMs: number): boolean {
  return row.deadline + graceMs < now;
}

/**
 * When to read an in-progress page again in case a settlement push was missed: `graceMs` after
 * the first countdown on it ends, never sooner than `minMs` from now; false without open rows.
 * (A push that settles the row changes the page, and the time is worked out again.)
 */
export function overdueCheckMs(
  rows: readonly Pick<MicroRow, 'deadline' | 'status'>[],
  now: number,
  graceMs: number,
  minMs: number,
): number | false {
  const deadlines = rows.filter((row) => row.status === 1).map((row) => row.deadline);
  if (deadlines.length === 0) return false;
  return Math.max(minMs, Math.min(...deadlines) + graceMs - now);
}
