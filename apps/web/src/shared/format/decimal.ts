/**
 * The former decimal helpers, now in `./number` (the one decimal and number-format module).
 * features/trade still imports from here; new code imports `./number`.
 */
export * from './number';
