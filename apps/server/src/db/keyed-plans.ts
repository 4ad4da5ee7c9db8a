/**
 * Planner settings of the core's prepared batch statements (`RunPrepared` in client.ts). Their
 * joins are lookups of rows by primary key; a plan cached while a table was small must not go on
 * scanning the table once it has grown, so sequential scans, hash joins and merge joins are off.
 */
export const KEYED_PLANS = {
  enable_seqscan: 'off',
  enable_hashjoin: 'off',
  enable_mergejoin: 'off',
} as const;
