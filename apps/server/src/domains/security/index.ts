/**
 * Abuse guards: stored throttles (the rate limit's store, counted windows) and per-key queues that
 * keep a check-then-write exact. It offers all three.
 */
export { throttleStore } from './rate-limit-store.js';
export { hitThrottle, readThrottle, secondsUntil } from './throttles.js';
export { KeyedQueue } from './keyed-queue.js';
