import type { FastifyInstance } from 'fastify';

const DAY_MS = 86_400_000;
/** Asia/Bangkok is UTC+7 all year (no daylight saving). */
const BANGKOK_MS = 7 * 3_600_000;

/** The Bangkok date (YYYY-MM-DD) of an instant. */
export function bangkokDay(ms: number): string {
  return new Date(ms + BANGKOK_MS).toISOString().slice(0, 10);
}

/** Milliseconds from `ms` to the next 00:00 in Bangkok. */
export function untilBangkokMidnight(ms: number): number {
  const local = ms + BANGKOK_MS;
  return (Math.floor(local / DAY_MS) + 1) * DAY_MS - local;
}

/**
 * The overnight fee timer: at each 00:00 Asia/Bangkok the handler charges that day's fee, and at
 * start a day whose midnight passed while the server was down is charged once (the handler skips
 * a day already charged).
 */
export function scheduleOvernight(app: FastifyInstance, now: () => number = Date.now) {
  const { lever, core } = app.ctx;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  const charge = () => {
    const day = bangkokDay(now());
    lever.chargeOvernight(day).catch((err: unknown) => {
      app.log.error({ err, day }, 'lever overnight fee failed; retried at start or next midnight');
    });
  };
  const next = () => {
    if (closed) return;
    timer = setTimeout(
      () => {
        charge();
        next();
      },
      untilBangkokMidnight(now()) + 50,
    );
    timer.unref();
  };
  app.addHook('onReady', async () => {
    await core.recovered();
    charge();
    next();
  });
  app.addHook('onClose', () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
}
