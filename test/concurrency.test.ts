// Optimistic concurrency across processes: two independent caches (as two server processes
// would hold) write the same file; the version guard makes the loser reload and retry, so no
// write is lost and each commit raises the version by exactly one.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config.ts';
import type { OpContext } from '../core/context.ts';
import { runOp } from '../core/dispatch.ts';
import { findOp } from '../core/registry.ts';
import { createServices } from '../core/services.ts';
import { storeForTests } from './helpers/store.ts';

const opened = storeForTests();

describe('two processes on one store', () => {
  it('keeps every write when both write the same file', async () => {
    const config = loadConfig({});
    const a = createServices(config, opened());
    const b = createServices(config, opened());
    const space = await opened().createSpace('s', new Date());
    const tok = await opened().createToken({ spaceId: space.id, userName: 'u', role: 'owner', hash: 'h', expiresAt: null, at: new Date() });
    const caller = { tokenId: tok.tokenId, userId: tok.userId, userName: 'u', spaceId: space.id, spaceName: 's', role: 'owner' as const };
    const ctx = (services: typeof a): OpContext => ({ caller, services, op: { name: '', args: undefined } });
    const file = (await runOp(findOp('create_file')!, ctx(a), { name: 'shared' })) as { uuid: string };
    const write = (services: typeof a, i: number) => runOp(findOp('write_cells')!, ctx(services), { file_uuid: file.uuid, cell: `A${i + 1}`, values: [[String(i)]] });
    // Warm both caches, then interleave writes so each cache is stale half the time.
    await write(a, 0);
    await write(b, 1);
    const results = (await Promise.all(Array.from({ length: 20 }, (_, i) => write(i % 2 ? a : b, i)))) as { version: number }[];
    expect(new Set(results.map((r) => r.version)).size).toBe(20);
    const read = (await runOp(findOp('read_cells')!, ctx(a), { file_uuid: file.uuid, range: 'A1:A20' })) as { values: string[][] };
    expect(read.values.flat()).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    const rec = await opened().getFile(file.uuid);
    expect(rec!.version).toBe(23);
  });
});
