// Pre-compresses the built client: a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) next to
// every text file over 1.5 KB in dist/, which the server sends to clients that accept them
// (@fastify/static `preCompressed`). Run after `vite build`; `node scripts/compress.mjs [dir]`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const MIN_BYTES = 1536;
const EXTENSIONS = new Set(['.js', '.mjs', '.css', '.svg', '.html', '.json']);

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));

/** Every file below a folder (its path joined to each). */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
let raw = 0;
let br = 0;
let gz = 0;
let count = 0;
const rows = [];

for (const file of filesUnder(dist)) {
  if (!EXTENSIONS.has(path.extname(file))) continue;
  const size = statSync(file).size;
  if (size <= MIN_BYTES) continue;
  const data = readFileSync(file);
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
  const gzip = gzipSync(data, { level: 9 });
  // A variant no smaller than the file is useless: the server then sends the file itself.
  if (brotli.length < size) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < size) writeFileSync(`${file}.gz`, gzip);
  raw += size;
  br += Math.min(brotli.length, size);
  gz += Math.min(gzip.length, size);
  count += 1;
  rows.push({ file: path.relative(dist, file), size, br: brotli.length, gz: gzip.length });
}

rows.sort((a, b) => b.size - a.size);
for (const row of rows.slice(0, 8)) {
  console.log(
    `  ${row.file.padEnd(48)} ${kb(row.size).padStart(10)}  br ${kb(row.br).padStart(9)}  gz ${kb(row.gz).padStart(9)}`,
  );
}
console.log(
  `compressed ${count} files in ${path.relative(process.cwd(), dist) || '.'}: ${kb(raw)} → br ${kb(br)}, gz ${kb(gz)}`,
);
