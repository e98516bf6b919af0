// `npm start`, `npm run mcp` and the other npm scripts run the service from a bundle instead of
// loading ~300 TypeScript modules through tsx's loader on every start: a quicker start (the MCP
// handshake in ~1 s instead of ~2) and less memory. The bundle is built with esbuild (what tsx
// itself uses) into node_modules/.cache/sheets/ when any source is newer than it, so an edit is
// picked up by the next start. Packages stay external; `import.meta.url` keeps meaning the source
// file, so files read next to a module (runner.py, migrations, fonts) are found as before. It is
// split into chunks at each dynamic import: in one file, esbuild hoists every package a lazily
// imported module uses to the top, and the MCP SDKs (both), ext-apps and the tool server would load
// at start (~13 MiB of heap) in `sheets serve`, which needs them only with the first MCP request.
// `node --import tsx bin/sheets.ts` runs the sources directly (the tests do).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['bin', 'core', 'db', 'rest', 'mcp', 'prompts'];
// One bundle directory per checkout (worktrees may share node_modules).
const OUT_DIR = join(ROOT, 'node_modules/.cache/sheets', `bundle-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}`);
const OUT = join(OUT_DIR, 'sheets.mjs');
/** Chunks no build has written for this long are pruned; a server started from an older build may still import its own. */
const STALE_MS = 7 * 24 * 3600 * 1000;

function newestSource() {
  let newest = statSync(join(ROOT, 'package.json')).mtimeMs;
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const d of SOURCES) walk(join(ROOT, d));
  return newest;
}

function builtAt() {
  try {
    return statSync(OUT).mtimeMs;
  } catch {
    return -1;
  }
}

if (builtAt() < newestSource()) {
  const { build, stop } = await import('esbuild');
  mkdirSync(OUT_DIR, { recursive: true });
  const { outputFiles } = await build({
    entryPoints: { sheets: join(ROOT, 'bin/sheets.ts') },
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    // Content-named chunks: a rebuild never changes a chunk that a running server may still import.
    chunkNames: 'chunk-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
    plugins: [
      {
        name: 'source-file-urls',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, (args) => ({ contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' }));
        },
      },
    ],
  });
  // Written aside and renamed into place, the entry last: a start that runs at the same moment
  // reads whole files, and finds every chunk the entry names.
  const entryLast = [...outputFiles].sort((a, b) => Number(a.path.startsWith(OUT)) - Number(b.path.startsWith(OUT)));
  for (const file of entryLast) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
  const written = new Set(outputFiles.map((f) => f.path));
  const now = Date.now();
  for (const name of readdirSync(OUT_DIR)) {
    const p = join(OUT_DIR, name);
    try {
      if (!written.has(p) && now - statSync(p).mtimeMs > STALE_MS) rmSync(p, { force: true });
    } catch {
      // removed by a start running at the same moment
    }
  }
  // esbuild answers from a service process of its own, which would otherwise sit beside the server
  // for the rest of its life (~25 MiB of the idle footprint): nothing builds after this.
  await stop();
}

// From the project directory, as npm scripts run: `node scripts/start.mjs mcp` started by an MCP
// client from anywhere uses the same ./data (DATA_DIR) as `npm start`.
process.chdir(ROOT);
await import(pathToFileURL(OUT).href);
