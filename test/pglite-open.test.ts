// The embedded store on new data directories: the first is initialised apart and kept as the
// install's template, later ones start from a copy holding nothing of the first one's data, a
// damaged template is rebuilt rather than copied, and PGlite runs with small shared buffers.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../db/open.ts';
import { templateDir } from '../db/pglite-template.ts';
import { TMP_DIR } from './helpers/paths.ts';
import { onPostgres } from './helpers/store.ts';

let root: string;
let before: string | undefined;

beforeAll(() => {
  root = mkdtempSync(join(TMP_DIR, 'pglite-open-'));
  before = process.env.SHEETS_PGLITE_TEMPLATE;
  process.env.SHEETS_PGLITE_TEMPLATE = join(root, 'cache');
});

afterAll(() => {
  if (before === undefined) delete process.env.SHEETS_PGLITE_TEMPLATE;
  else process.env.SHEETS_PGLITE_TEMPLATE = before;
  rmSync(root, { recursive: true, force: true });
});

async function openAndUse(name: string, space: string): Promise<{ spaces: number; sharedBuffers: string }> {
  const store = await openStore({ dataDir: join(root, name) });
  try {
    const spaces = await store.countSpaces();
    await store.createSpace(space, new Date());
    const res = await store.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
    return { spaces, sharedBuffers: res.rows[0]!.shared_buffers };
  } finally {
    await store.close();
  }
}

describe.skipIf(onPostgres())('PGlite data directories', () => {
  it('a new data directory works, and becomes the template of the next', async () => {
    const first = await openAndUse('a', 'first');
    expect(first).toEqual({ spaces: 0, sharedBuffers: '32MB' });
    expect(existsSync(join(templateDir()!, 'sheets-template.json'))).toBe(true);
    // The copy is a fresh database: nothing written to the first directory is in it.
    expect(await openAndUse('b', 'second')).toEqual({ spaces: 0, sharedBuffers: '32MB' });
    // Reopening keeps what was written.
    expect((await openAndUse('a', 'again')).spaces).toBe(1);
  }, 120_000);

  it('a template missing a file is rebuilt, not copied', async () => {
    rmSync(join(templateDir()!, 'global', 'pg_control'));
    expect(await openAndUse('c', 'third')).toEqual({ spaces: 0, sharedBuffers: '32MB' });
    expect(existsSync(join(templateDir()!, 'global', 'pg_control'))).toBe(true);
    expect(await openAndUse('d', 'fourth')).toEqual({ spaces: 0, sharedBuffers: '32MB' });
  }, 120_000);
});
