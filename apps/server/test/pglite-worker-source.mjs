// The database thread from its TypeScript source, for tests: the built server runs
// dist/pglite-worker.mjs instead.
import { register } from 'tsx/esm/api';

register();
await import('../src/db/pglite-worker.ts');
