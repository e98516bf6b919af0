// A fresh store per test server: a PGlite copy of the migrated template, or a new database on the
// PostgreSQL server named by DATABASE_URL (dropped again at the end).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { openStore } from '../../db/open.ts';
import type { PgStore } from '../../db/store.ts';
import type { OpenOptions } from '../../db/open.ts';
import { TEMPLATE_PATH } from './paths.ts';

export interface TestStore {
  options: OpenOptions;
  /** Connection string other processes (a stdio MCP child) can use; undefined for PGlite. */
  databaseUrl?: string;
  drop(): Promise<void>;
}

export async function freshStore(): Promise<TestStore> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    return { options: { dataDir: 'memory://', loadDataDir: new Blob([readFileSync(TEMPLATE_PATH)]) }, drop: async () => undefined };
  }
  const name = `sheets_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    options: { databaseUrl: url.toString() },
    databaseUrl: url.toString(),
    drop: async () => {
      const a = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** True when tests run against PostgreSQL. */
export const onPostgres = () => Boolean(process.env.DATABASE_URL);

/** A fresh store, open for the test file's tests and dropped after them: call at the file's top level. */
export function storeForTests(): () => PgStore {
  let ts: TestStore | undefined;
  let store: PgStore | undefined;
  beforeAll(async () => {
    ts = await freshStore();
    store = await openStore(ts.options);
  });
  afterAll(async () => {
    await store?.close();
    await ts?.drop();
  });
  return () => store!;
}
