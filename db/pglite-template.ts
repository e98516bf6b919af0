// A freshly initialised PGlite data directory, kept once per install (node_modules/.cache/sheets,
// keyed by the PGlite version) and copied into each new data directory: initdb takes 2-5 s,
// a copy ~0.1 s. The manifest (every file and its size) is written last and checked before each
// copy, so a half-written or half-deleted template is never used, only rebuilt.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const MANIFEST = 'sheets-template.json';

type Entry = [path: string, size: number];

/** Where the template for the installed PGlite lives (SHEETS_PGLITE_TEMPLATE: `0` for none, or a directory). */
export function templateDir(): string | undefined {
  const env = process.env.SHEETS_PGLITE_TEMPLATE;
  if (env === '0') return undefined;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const at = entry.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  let pkg = dirname(entry);
  while (!existsSync(join(pkg, 'package.json')) && pkg.length > at) pkg = dirname(pkg);
  const version = (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
  return join(env || join(entry.slice(0, at), 'node_modules', '.cache', 'sheets'), `pglite-${version}`);
}

/** Copies the template into an empty data directory; false when there is no sound template. */
export function restoreTemplate(dataDir: string): boolean {
  const dir = templateDir();
  if (!dir || !sound(dir)) return false;
  cpSync(dir, dataDir, { recursive: true, filter: (src) => !src.endsWith(MANIFEST) });
  return true;
}

/** Keeps a just-initialised (and closed) data directory as the template; best effort. */
export function saveTemplate(dataDir: string): void {
  const dir = templateDir();
  if (!dir || sound(dir)) return;
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  try {
    mkdirSync(dirname(dir), { recursive: true });
    cpSync(dataDir, tmp, { recursive: true });
    writeFileSync(join(tmp, MANIFEST), JSON.stringify(list(tmp, tmp)));
    try {
      renameSync(tmp, dir);
    } catch (err) {
      // A template already there is replaced only when unsound, so no reader is copying it.
      if (sound(dir)) throw err;
      rmSync(dir, { recursive: true, force: true });
      renameSync(tmp, dir);
    }
  } catch {
    // Another process won the race, or the cache is not writable: the next start runs initdb again.
    rmSync(tmp, { recursive: true, force: true });
  }
}

function sound(dir: string): boolean {
  try {
    const entries = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as Entry[];
    return entries.length > 0 && entries.every(([p, size]) => statSync(join(dir, p)).size === size);
  } catch {
    return false;
  }
}

function list(root: string, dir: string): Entry[] {
  const out: Entry[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...list(root, p));
    else if (e.isFile()) out.push([relative(root, p), statSync(p).size]);
  }
  return out;
}
