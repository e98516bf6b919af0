// `npm start`, `npm run mcp` and the other npm scripts run the service from one bundled JavaScript
// file instead of loading ~300 TypeScript modules through tsx's loader on every start: a quicker
// start (the MCP handshake in ~1 s instead of ~2) and less memory. The bundle is built with esbuild
// (what tsx itself uses) into node_modules/.cache/sheets/ when any source is newer than it, so an
// edit is picked up by the next start. Packages stay external; `import.meta.url` keeps meaning the
// source file, so files read next to a module (runner.py, migrations, fonts) are found as before.
// `node --import tsx bin/sheets.ts` runs the sources directly (the tests do).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['bin', 'core', 'db', 'rest', 'mcp', 'prompts'];
// One bundle per checkout (worktrees may share node_modules).
const OUT = join(ROOT, 'node_modules/.cache/sheets', `sheets-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.mjs`);

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
  mkdirSync(dirname(OUT), { recursive: true });
  const { outputFiles } = await build({
    entryPoints: [join(ROOT, 'bin/sheets.ts')],
    outfile: OUT,
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
  // Written aside and renamed into place: a start that runs at the same moment reads a whole file.
  for (const file of outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
  // esbuild answers from a service process of its own, which would otherwise sit beside the server
  // for the rest of its life (~25 MiB of the idle footprint): nothing builds after this.
  await stop();
}

// From the project directory, as npm scripts run: `node scripts/start.mjs mcp` started by an MCP
// client from anywhere uses the same ./data (DATA_DIR) as `npm start`.
process.chdir(ROOT);
await import(pathToFileURL(OUT).href);
