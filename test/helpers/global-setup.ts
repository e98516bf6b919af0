// Migrates one PGlite data directory and dumps it once per run; every test server starts from
// a copy (creating a fresh PGlite costs ~2 s, loading a dump ~0.3 s).
import { mkdirSync, writeFileSync } from 'node:fs';
import { openStore } from '../../db/open.ts';
import { TEMPLATE_PATH, TMP_DIR } from './paths.ts';

export default async function setup(): Promise<void> {
  mkdirSync(TMP_DIR, { recursive: true });
  if (process.env.DATABASE_URL) return;
  const store = await openStore({ dataDir: 'memory://' });
  const dump = await store.pglite!.dumpDataDir('none');
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await store.close();
}
