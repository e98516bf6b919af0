// Opens the embedded PGlite lean. The WASM heap never shrinks, so two settings decide the
// server's footprint: small shared buffers (PGlite's default is 128 MB, every page of it touched
// stays resident), and initdb of a new data directory run in a child process, whose ~600 MB of
// WASM memory is returned when it exits instead of staying in the server; later new directories
// start from a copy of the first (pglite-template.ts). And PostgreSQL's WASM runs as V8's baseline
// (Liftoff) code: optimising its hot functions left tens of MiB of compiler memory behind in the
// allocator for good. Figures: docs/storage.md.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import { restoreTemplate, saveTemplate } from './pglite-template.ts';

/** PostgreSQL's buffer cache inside PGlite; the OS page cache still holds the data files. */
export const PGLITE_SHARED_BUFFERS = '32MB';

const INITDB = `
const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2], { startParams: JSON.parse(process.argv[3]) })
  .then((pg) => pg.close())
  .catch((err) => { process.stderr.write(String(err && err.stack || err)); process.exit(1); });
`;

export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  // Read when a WASM module is compiled, so it must be set before PGlite compiles its own. TurboFan
  // left ~40-80 MiB (varying with which functions got hot) in the allocator's per-thread arenas,
  // freed but never returned; the store's queries took the same CPU time without it.
  setFlagsFromString('--liftoff-only');
  const { PGlite } = await import('@electric-sql/pglite');
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  if (!loadDataDir && !dataDir.startsWith('memory://') && !existsSync(join(dataDir, 'PG_VERSION')) && !restoreTemplate(dataDir)) {
    await initdbApart(dataDir, startParams);
    saveTemplate(dataDir);
  }
  return PGlite.create(dataDir, { startParams, ...(loadDataDir ? { loadDataDir } : {}) });
}

function initdbApart(dataDir: string, startParams: string[]): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // Plain node: the child needs neither the TypeScript loader nor the parent's flags.
  const env = { ...process.env, NODE_OPTIONS: '' };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', INITDB, entry, dataDir, JSON.stringify(startParams)], { env, maxBuffer: 1 << 20 }, (err, _out, stderr) => {
      if (err) reject(new Error(`could not create the embedded database in ${dataDir}: ${stderr.trim() || err.message}`));
      else resolve();
    });
  });
}
