import type { FastifyBaseLogger } from 'fastify';

/** A logger that drops everything, for tests that build the core without an app. */
export const silent = {
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  child: () => silent,
} as unknown as FastifyBaseLogger;
