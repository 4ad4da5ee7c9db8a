import { secondsLeft } from '../../../shared/ui/countdown';

/**
 * The time left to pay as `mm:ss` (minutes beyond an hour keep counting: `75:00`); `00:00` once
 * `expiresAt` (epoch ms, the server's) has passed.
 */
export function countdownText(expiresAt: number, now: number): string {
  const left = secondsLeft(expiresAt, now);
  const minutes = Math.floor(left / 60);
  const seconds = left % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The last minute is shown as urgent. */
export function isCountdownUrgent(expiresAt: number, now: number): boolean {
  return secondsLeft(expiresAt, now) <= 60;
}
