// A long PDF export over MCP reports progress per page (total = pages) and stops when the client
// cancels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from './cases/types.ts';
import { mcpHttpDoor, restDoor } from './helpers/doors.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
let file: string;
let mcp: Awaited<ReturnType<typeof mcpHttpDoor>>;

beforeAll(async () => {
  server = await startServer();
  const door = restDoor(server);
  file = (await must(door, 'create_file', { name: 'long' })).uuid;
  const rows = Array.from({ length: 3000 }, (_, r) => [`row ${r + 1}`, String(r * 3.5), String(r % 17), 'text']);
  await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: rows });
  mcp = await mcpHttpDoor(server);
});
afterAll(async () => {
  await mcp?.close();
  await server?.close();
});

describe('PDF export progress', () => {
  it('reports progress per page, monotonic, ending at the page count', async () => {
    const seen: { progress: number; total?: number }[] = [];
    const r: any = await mcp.client.callTool({ name: 'export_pdf', arguments: { file_uuid: file } }, undefined, { onprogress: (p: any) => seen.push(p) });
    expect(r.isError).toBeFalsy();
    expect(seen.length).toBeGreaterThan(1);
    const total = seen.at(-1)!.total!;
    expect(total).toBeGreaterThan(50);
    expect(seen.at(-1)!.progress).toBe(total);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.progress).toBeGreaterThan(seen[i - 1]!.progress);
  });

  it('stops when the client cancels, and the server goes on serving', async () => {
    const abort = new AbortController();
    const call = mcp.client.callTool({ name: 'export_pdf', arguments: { file_uuid: file } }, undefined, { signal: abort.signal, onprogress: () => abort.abort('enough') });
    await expect(call).rejects.toThrow();
    const again: any = await mcp.client.callTool({ name: 'export_pdf', arguments: { file_uuid: file, sheetOptions: { Sheet1: { printArea: 'A1:B2' } } } });
    expect(again.isError).toBeFalsy();
  });
});
