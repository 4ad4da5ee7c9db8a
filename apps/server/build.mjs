// Bundles the server and our workspace packages into one ES module; npm packages stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@exchange/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    'admin-cli': 'src/admin-cli.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
