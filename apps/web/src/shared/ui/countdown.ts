/** Whole seconds left until `endsAt` (epoch ms), never negative; a started second counts. */
export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}
