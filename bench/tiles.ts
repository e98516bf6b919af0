// Chooses the tile shape (docs/storage.md): stores 1M x 5 cells as tiles of several shapes through
// the real store, then times a one-cell edit (one tile rewritten) and a 100k-cell range read.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TileRecord } from '../core/store.ts';
import { Tile } from '../core/workbook/tile.ts';
import { openStore } from '../db/open.ts';
import type { PgStore } from '../db/store.ts';
import { median, timeIt, type BenchRow } from './lib.ts';

const N_ROWS = 1_000_000;
const N_COLS = 5;
const SHAPES: [number, number][] = [
  [64, 32],
  [256, 32],
  [1024, 32],
  [4096, 8],
];

function value(r: number, c: number): string | number {
  return c === 0 ? `row ${r}` : (r * 31 + c) % 100_000 / 100;
}

function buildTiles(rowsPer: number, colsPer: number, sheetId: string): (TileRecord & { sheetId: string })[] {
  const out: (TileRecord & { sheetId: string })[] = [];
  for (let tr = 0; tr * rowsPer < N_ROWS; tr++) {
    for (let tc = 0; tc * colsPer < N_COLS; tc++) {
      const rows = [];
      const r0 = tr * rowsPer;
      const height = Math.min(rowsPer, N_ROWS - r0);
      const width = Math.min(colsPer, N_COLS - tc * colsPer);
      for (let r = 0; r < height; r++) rows.push(Array.from({ length: width }, (_, c) => value(r0 + r, tc * colsPer + c)));
      out.push({ sheetId, tr, tc, r0: 0, r1: height - 1, c0: 0, c1: width - 1, data: new Tile(rows).encode() });
    }
  }
  return out;
}

async function sheetFor(store: PgStore): Promise<{ fileId: string; sheetId: string }> {
  const space = await store.createSpace('bench', new Date());
  const tok = await store.createToken({ spaceId: space.id, userName: 'bench', role: 'owner', hash: randomUUID(), expiresAt: null, at: new Date() });
  const sheetId = randomUUID();
  const file = await store.createFile({ spaceId: space.id, creatorId: tok.userId, name: 'tiles', private: false, at: new Date(), sheets: [{ id: sheetId, name: 'S', position: 0, meta: {} }] });
  return { fileId: file.id, sheetId };
}

export async function benchTiles(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const stores: [string, () => Promise<PgStore>][] = [['pglite', () => openStore({ dataDir: 'memory://' })]];
  if (process.env.DATABASE_URL) stores.push(['postgres', () => openStore({ databaseUrl: process.env.DATABASE_URL })]);
  for (const [kind, open] of stores) {
    for (const [R, C] of SHAPES) {
      const store = await open();
      // TILE_STORAGE=external compares storage without TOAST compression.
      if (process.env.TILE_STORAGE) await store.db.execute(sql.raw(`alter table tiles alter column data set storage ${process.env.TILE_STORAGE === 'external' ? 'external' : 'extended'}`));
      try {
        const { fileId, sheetId } = await sheetFor(store);
        const { ms: encodeMs, value: tiles } = await timeIt(() => buildTiles(R, C, sheetId));
        let version = 1;
        const { ms: storeMs } = await timeIt(async () => {
          version = await store.commit({ fileId, baseVersion: version, at: new Date(), sheetsUpsert: [], sheetsDelete: [], tilesUpsert: tiles, tilesDelete: [], log: { op: 'bench', args: {}, userId: null, tokenId: null } });
        });
        const edits: number[] = [];
        for (let i = 0; i < 15; i++) {
          const t = tiles[(i * 7919) % tiles.length]!;
          edits.push(
            (
              await timeIt(async () => {
                const tile = Tile.decode(t.data);
                tile.set(0, 0, i);
                version = await store.commit({ fileId, baseVersion: version, at: new Date(), sheetsUpsert: [], sheetsDelete: [], tilesUpsert: [{ ...t, data: tile.encode() }], tilesDelete: [], log: { op: 'bench', args: {}, userId: null, tokenId: null } });
              })
            ).ms,
          );
        }
        const readRows = 20_000;
        const keys: { tr: number; tc: number }[] = [];
        for (let tr = Math.floor(500_000 / R); tr <= Math.floor((500_000 + readRows - 1) / R); tr++) for (let tc = 0; tc * C < N_COLS; tc++) keys.push({ tr, tc });
        const reads: number[] = [];
        for (let i = 0; i < 5; i++) reads.push((await timeIt(async () => (await store.loadTiles(sheetId, keys)).forEach((t) => Tile.decode(t.data)))).ms);
        const label = `${kind} ${R}x${C}`;
        rows.push({ name: `${label}: store 1M x 5 (${tiles.length} tiles)`, value: encodeMs + storeMs, unit: 'ms', note: `encode ${encodeMs.toFixed(0)} + write ${storeMs.toFixed(0)}` });
        rows.push({ name: `${label}: one-cell edit (rewrite ${(tiles[0]!.data.length / 1024).toFixed(0)} KB tile)`, value: median(edits), unit: 'ms' });
        rows.push({ name: `${label}: read 100k cells (${keys.length} tiles)`, value: median(reads), unit: 'ms' });
      } finally {
        await store.close();
      }
    }
  }
  return rows;
}
