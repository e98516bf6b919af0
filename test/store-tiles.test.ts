// Tiles written by a commit come back exactly, whichever way the store wrote them: unnest() for a
// small set, the bulk path (COPY on PGlite, multi-row VALUES on PostgreSQL) past 1 MB, replacing
// tiles that exist; a bulk write that fails keeps nothing. Runs on PGlite and, with DATABASE_URL,
// on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommitSet, TileRecord } from '../core/store.ts';
import { copyBinary } from '../db/store-tiles.ts';
import { storeForTests } from './helpers/store.ts';

const opened = storeForTests();
let fileId = '', userId = '';
const sheetId = randomUUID();
let version = 1;

beforeAll(async () => {
  const { id: spaceId } = await opened().createSpace('tiles', new Date(0));
  ({ userId } = await opened().createToken({ spaceId, userName: 'tiles', role: 'owner', hash: 'h-tiles', expiresAt: null, at: new Date(0) }));
  fileId = (await opened().createFile({ spaceId, creatorId: userId, name: 't', private: false, at: new Date(0), sheets: [{ id: sheetId, name: 'S', position: 0, meta: {} }] })).id;
});

function commitSet(tiles: TileRecord[], sheet = sheetId): CommitSet {
  return { fileId, baseVersion: version, at: new Date(version), sheetsUpsert: [], sheetsDelete: [], tilesUpsert: tiles.map((t) => ({ ...t, sheetId: sheet })), tilesDelete: [], log: { op: 'write_cells', args: {}, userId, tokenId: null } };
}

/** A tile's text as an import writes it, with characters COPY must escape and ones it must not touch. */
function tile(tr: number, tag: string, rows = 256): TileRecord {
  const cells = Array.from({ length: rows }, (_, r) => [tr * 256 + r, `${tag} "quoted" back\\slash tab\tline\nbreak é 🙂`, { v: r / 7, s: 1 }]);
  return { tr, tc: 0, r0: 0, r1: rows - 1, c0: 0, c1: 2, data: JSON.stringify(cells) };
}

async function stored(keys: number[]): Promise<Map<number, TileRecord>> {
  const rows = await opened().loadTiles(sheetId, keys.map((tr) => ({ tr, tc: 0 })));
  return new Map(rows.map((r) => [r.tr, r]));
}

describe('tile writes', () => {
  it('a small set and then a bulk set replacing some of its tiles read back exactly', async () => {
    const small = [tile(0, 'small'), tile(1, 'small', 3)];
    version = await opened().commit(commitSet(small));
    expect((await stored([0, 1])).get(1)).toEqual(small[1]);

    // ~2 MB: tiles 1..100, so tile 1 is replaced and tile 0 is left alone.
    const bulk = Array.from({ length: 100 }, (_, i) => tile(i + 1, 'bulk'));
    expect(bulk.reduce((n, t) => n + t.data.length, 0)).toBeGreaterThan(1024 * 1024);
    version = await opened().commit(commitSet(bulk));
    const back = await stored([0, ...bulk.map((t) => t.tr)]);
    expect(back.get(0)).toEqual(small[0]);
    for (const t of bulk) expect(back.get(t.tr)).toEqual(t);
  });

  it('a bulk write that fails keeps nothing, and the store goes on', async () => {
    const before = (await opened().getFile(fileId))!.version;
    const bad = Array.from({ length: 100 }, (_, i) => tile(200 + i, 'lost'));
    // No such sheet: the foreign key fails the statement, and with it the commit.
    await expect(opened().commit(commitSet(bad, randomUUID()))).rejects.toThrow();
    expect((await opened().getFile(fileId))!.version).toBe(before);
    expect((await stored(bad.map((t) => t.tr))).size).toBe(0);
    const good = Array.from({ length: 100 }, (_, i) => tile(300 + i, 'kept'));
    version = await opened().commit(commitSet(good));
    expect((await stored(good.map((t) => t.tr))).size).toBe(100);
  });
});

it("COPY's binary format: header, each tile's eight fields with their lengths, its text as UTF-8 bytes, trailer", () => {
  const row = { sheetId: '0123abcd-0000-4000-8000-00000000ffff', tr: 1, tc: 2, r0: 3, r1: 4, c0: 5, c1: 6, data: 'a\\b\tc "é"' };
  const out = copyBinary([row]);
  expect(out.subarray(0, 19)).toEqual(Buffer.from('PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0', 'latin1'));
  let at = 19;
  const int = (bytes: number) => {
    const v = bytes === 2 ? out.readInt16BE(at) : out.readInt32BE(at);
    at += bytes;
    return v;
  };
  expect(int(2)).toBe(8);
  expect(int(4)).toBe(16);
  expect(out.subarray(at, (at += 16)).toString('hex')).toBe('0123abcd000040008000 00000000ffff'.replace(' ', ''));
  expect([int(4), int(4), int(4), int(4)]).toEqual([4, 1, 4, 2]);
  expect([int(4), int(2), int(4), int(2), int(4), int(2), int(4), int(2)]).toEqual([2, 3, 2, 4, 2, 5, 2, 6]);
  const text = Buffer.from(row.data, 'utf8');
  expect(int(4)).toBe(text.length);
  expect(out.subarray(at, (at += text.length))).toEqual(text);
  expect(int(2)).toBe(-1);
  expect(at).toBe(out.length);
});
