// A long CSV import over MCP reports progress (bytes read of the file) and, when the client
// cancels, stops and keeps nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from './cases/types.ts';
import { mcpHttpDoor, restDoor, type Door } from './helpers/doors.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
let rest: Door;
let mcp: Awaited<ReturnType<typeof mcpHttpDoor>>;
/** ~13 MB: several 2 MB parse chunks, so a cancel sent at the first progress lands mid-way. */
const csv = Buffer.from(Array.from({ length: 500_000 }, (_, i) => `${i},${i * 3},item ${i % 100},2024-01-${String(1 + (i % 28)).padStart(2, '0')}`).join('\n'));

beforeAll(async () => {
  server = await startServer();
  rest = restDoor(server);
  mcp = await mcpHttpDoor(server);
});
afterAll(async () => {
  await mcp?.close();
  await server?.close();
});

async function fileWithCanary(): Promise<{ file: string; version: number }> {
  const file = (await must(rest, 'create_file', { name: 'progress' })).uuid;
  const w = await must(rest, 'write_cells', { file_uuid: file, cell: 'A1', values: [['canary']] });
  return { file, version: w.version };
}

describe('import progress and cancellation', () => {
  it('reports progress, monotonic, ending at the file size', async () => {
    const { file } = await fileWithCanary();
    const seen: { progress: number; total?: number }[] = [];
    const r: any = await mcp.client.callTool({ name: 'import_into_file', arguments: { file_uuid: file, file_name: 'big.csv', file_data: csv.toString('base64'), sheet: 'Big' } }, undefined, { onprogress: (p: any) => seen.push(p), timeout: 300_000 });
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    expect(r.structuredContent.sheets).toEqual([{ sheet: 'Big', range: 'A1:D500000', rows: 500_000, cols: 4 }]);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toMatchObject({ progress: csv.length, total: csv.length });
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.progress).toBeGreaterThan(seen[i - 1]!.progress);
  });

  it('a cancelled import keeps nothing', async () => {
    const { file, version } = await fileWithCanary();
    const abort = new AbortController();
    const call = mcp.client.callTool({ name: 'import_into_file', arguments: { file_uuid: file, file_name: 'big.csv', file_data: csv.toString('base64') } }, undefined, { signal: abort.signal, onprogress: () => abort.abort('enough'), timeout: 300_000 });
    await expect(call).rejects.toThrow();
    // The server stops at its next chunk. The read waits behind the file's lock, which the
    // cancelled import holds until it has ended; then the file is as it was.
    expect((await must(rest, 'read_cells', { file_uuid: file, range: 'A1:B2' })).values).toEqual([['canary', ''], ['', '']]);
    expect((await must(rest, 'get_file', { file_uuid: file })).version).toBe(version);
    const ops = (await must(rest, 'get_history', { file_uuid: file })).entries.map((e: any) => e.op);
    expect(ops).not.toContain('import_into_file');
  });
});
