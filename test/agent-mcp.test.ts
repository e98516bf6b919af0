// The MCP door as agents meet it: compact vs full surfaces per connection, token-thrifty results
// that are cut (never silently), resources, prompts, progress notifications and cancellation.
// Driven by the SDK's own client over Streamable HTTP, SSE and stdio.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findOp, ops } from '../core/registry.ts';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { estimateTokens } from '../mcp/results.ts';
import { ROOT } from './helpers/paths.ts';
import { TYPED_CSV_KEY } from '../mcp/render.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
const clients: Client[] = [];

async function httpClient(query = '', path = '/mcp'): Promise<Client> {
  const client = new Client({ name: 'agent-tests', version: '1.0.0' });
  const url = new URL(`${server.url}${path}${query}`);
  const auth = { authorization: `Bearer ${server.token}` };
  const transport = path === '/sse'
    ? new SSEClientTransport(url, { fetch: (u, init) => fetch(u, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), ...auth } }) })
    : new StreamableHTTPClientTransport(url, { requestInit: { headers: auth } });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const text = (r: any) => (r.content as { type: string; text?: string }[]).filter((c) => c.type === 'text').map((c) => c.text).join('\n');

beforeAll(async () => {
  // Output schemas advertised (opt-in), so the SDK client validates every structuredContent here, cut ones too.
  server = await startServer({ SHEETS_MCP_MAX_CELLS: '12', SHEETS_MCP_OUTPUT_SCHEMAS: 'fields' });
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await server?.close();
});

describe('tool surfaces', () => {
  it('full by default, compact per connection on /mcp and /sse', async () => {
    const full = await (await httpClient()).listTools();
    expect(full.tools.map((t) => t.name)).toContain('write_cells');
    for (const [query, path] of [['?tools=compact', '/mcp'], ['?tools=compact', '/sse']] as const) {
      const compact = await (await httpClient(query, path)).listTools();
      expect(compact.tools.length).toBeLessThanOrEqual(8);
      expect(compact.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['files', 'cells', 'sheets']));
    }
  });

  // Trial friction (2026-11-29): the listing cut signatures after four fields ("…") and showed no
  // choices, so agents spent a help call to learn an action's arguments before calling it.
  it('the compact listing names every field of every action, which are required, and their choices, cutting none', async () => {
    for (const [query, path] of [['?tools=compact', '/mcp'], ['?tools=compact', '/sse']] as const) {
      const { tools } = await (await httpClient(query, path)).listTools();
      const listed = new Map(tools.flatMap((t) => (t.description ?? '').split('\n').slice(1).map((line) => [/^\*?(\w+)\(/.exec(line)?.[1], { line, tool: t.name }] as const)));
      for (const t of tools.filter((x) => x.name !== 'show_sheet')) expect(t.description, t.name).not.toContain('…');
      for (const op of ops) {
        const entry = listed.get(op.name);
        expect(entry, `${op.name} is listed`).toBeDefined();
        const args = /\((.*?)\):/.exec(entry!.line)![1]!.split(',').filter(Boolean);
        const schema = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, any>; required?: string[] };
        const required = new Set(schema.required ?? []);
        expect(entry!.line.startsWith('*'), `${op.name}: * marks file_uuid`).toBe(required.has('file_uuid'));
        const folded = args.find((a) => a.endsWith("'s fields?"))?.replace("'s fields?", '');
        const foldedFrom = folded ? Object.keys((z.toJSONSchema(findOp(folded)!.input, { io: 'input', unrepresentable: 'any' }) as { properties: object }).properties) : [];
        for (const [name, prop] of Object.entries(schema.properties)) {
          if (['file_uuid', 'expected_version', 'dry_run', 'space_uuid'].includes(name) || (name === 'sheet' && !required.has(name))) continue;
          const shown = args.find((a) => a === name || a.startsWith(`${name}?`) || a.startsWith(`${name}:`));
          if (!shown && !required.has(name) && foldedFrom.includes(name)) continue;
          expect(shown, `${op.name}.${name} in ${entry!.line}`).toBeDefined();
          expect(shown!.startsWith(`${name}?`), `${op.name}.${name}: optional marked ?`).toBe(!required.has(name));
          const choices = [prop.enum, prop.items?.enum, ...(prop.anyOf ?? []).map((b: any) => b.enum)].find(Array.isArray) as unknown[] | undefined;
          for (const c of (choices ?? []).filter((v) => v !== null && v !== '')) expect(shown!.split(':')[1]?.split('|'), `${op.name}.${name} choices`).toContain(String(c));
        }
      }
    }
  });

  it('rejects an unknown surface', async () => {
    const res = await fetch(`${server.url}/mcp?tools=huge`, { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }) });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/tools: must be full or compact/);
  });

  it('compact actions run the op with its own validation, and help shows an action', async () => {
    const c = await httpClient('?tools=compact');
    const made = await c.callTool({ name: 'files', arguments: { action: 'create_file', args: { name: 'compact' } } });
    const file = (made.structuredContent as any).uuid;
    const wrote = await c.callTool({ name: 'cells', arguments: { action: 'write_cells', args: { file_uuid: file, cell: 'A1', values: [['7']] } } });
    expect(wrote.isError).toBeFalsy();
    const bad = await c.callTool({ name: 'cells', arguments: { action: 'write_cells', args: { file_uuid: file, cell: 'A1' } } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/values: is required.*action "help"/s);
    const wrongGroup = await c.callTool({ name: 'cells', arguments: { action: 'create_file', args: {} } });
    expect(text(wrongGroup)).toMatch(/action: 'create_file' is an action of the 'files' tool; call files with it\. This tool's actions: read_cells/);
    const typo = await c.callTool({ name: 'cells', arguments: { action: 'write_cell', args: {} } });
    expect(text(typo)).toMatch(/action: 'write_cell' is not an action of this tool; did you mean "write_cells"\?/);
    const fullName = await c.callTool({ name: 'write_cells', arguments: { file_uuid: file, cell: 'A1', values: [['8']] } });
    expect(text(fullName)).toMatch(/'write_cells' is an action of the 'cells' tool here: call cells with \{"action": "write_cells", "args": \{\.\.\.\}\}/);
    const help = await c.callTool({ name: 'cells', arguments: { action: 'help', args: { action: 'set_formula' } } });
    expect((help.structuredContent as any).input_schema.required).toEqual(expect.arrayContaining(['file_uuid', 'cell', 'formula']));
    expect(text(help)).toMatch(/Example: \{"cell":"C2","formula":"=A2\*B2"\}/);
  });

  it('compact help without an action gives every action of the group at once, under the result ceiling', async () => {
    const c = await httpClient('?tools=compact');
    const help = await c.callTool({ name: 'cells', arguments: { action: 'help' } });
    expect(help.isError).toBeFalsy();
    const actions = (help.structuredContent as any).actions as { action: string; input_schema: any }[];
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['read_cells', 'write_cells', 'find_replace', 'fill']));
    expect(actions.find((a) => a.action === 'fill')!.input_schema.required).toEqual(expect.arrayContaining(['source', 'to']));
    expect(text(help)).toMatch(/^read_cells: /);
    expect(text(help)).toMatch(/\n\nwrite_cells: .*\nargs schema: /s);
    expect(estimateTokens(text(help))).toBeLessThan(server.config.mcp.maxResultTokens);
    const same = await c.callTool({ name: 'cells', arguments: { action: 'help', args: {} } });
    expect(text(same)).toBe(text(help));
  });

});

describe('results', () => {
  let c: Client;
  let file: string;
  beforeAll(async () => {
    c = await httpClient();
    const { tools } = await c.listTools(); // the client validates structuredContent against outputSchema from here on
    expect(tools.find((t) => t.name === 'read_cells')?.outputSchema?.properties).toHaveProperty('values');
    file = ((await c.callTool({ name: 'create_file', arguments: { name: 'results' } })).structuredContent as any).uuid;
    const rows = Array.from({ length: 10 }, (_, i) => [`r${i + 1}`, String(i + 1), i === 2 ? 'a|b' : 'x']);
    await c.callTool({ name: 'write_cells', arguments: { file_uuid: file, cell: 'A1', values: rows } });
  });

  it('reads render as typed CSV for the model and JSON for programs', async () => {
    const r = await c.callTool({ name: 'read_cells', arguments: { file_uuid: file, range: 'A1:C3' } });
    expect(r.structuredContent).toMatchObject({ sheet: 'Sheet1', range: 'A1:C3', values: [['r1', '1', 'x'], ['r2', '2', 'x'], ['r3', '3', 'a|b']] });
    expect(text(r)).toBe(`Sheet1!A1:C3, rows 1..3, columns A..C (${TYPED_CSV_KEY}):\n"r1",1,"x"\n"r2",2,"x"\n"r3",3,"a|b"`);
  });

  it('cuts a read past SHEETS_MCP_MAX_CELLS and names the next range, in text and structure', async () => {
    const r = await c.callTool({ name: 'read_cells', arguments: { file_uuid: file, range: 'A1:C10' } });
    const s = r.structuredContent as any;
    expect(s.values).toHaveLength(4);
    expect(s).toMatchObject({ truncated: true, next_range: 'A5:C10' });
    expect(text(r)).toMatch(/"truncated":true,"next_range":"A5:C10"/);
    const next = await c.callTool({ name: 'read_cells', arguments: { file_uuid: file, range: s.next_range } });
    expect((next.structuredContent as any).values[0]).toEqual(['r5', '5', 'x']);
  });

  it('cuts multi-range reads and lists the ranges still to read', async () => {
    const r = await c.callTool({ name: 'read_cells', arguments: { file_uuid: file, ranges: ['A1:B4', 'A5:C8', 'C1:C2'] } });
    const s = r.structuredContent as any;
    expect(s.ranges.map((b: any) => b.values.length)).toEqual([4, 1, 0]);
    expect(s).toMatchObject({ truncated: true, next_ranges: ['A6:C8', 'C1:C2'] });
  });

  it('holds every result under the token ceiling', async () => {
    const small = await startServer({ SHEETS_MCP_MAX_RESULT_TOKENS: '300' });
    try {
      const client = new Client({ name: 't', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${small.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${small.token}` } } }));
      const f = ((await client.callTool({ name: 'create_file', arguments: { name: 'x'.repeat(200), sheets: Array.from({ length: 30 }, (_, i) => `Sheet number ${i}`) } })).structuredContent as any).uuid;
      const r = await client.callTool({ name: 'get_context', arguments: { file_uuid: f } });
      // Each copy alone (the text, or structuredContent as JSON) fits: a client forwards one of them.
      expect(estimateTokens(text(r))).toBeLessThanOrEqual(300);
      expect(estimateTokens(JSON.stringify(r.structuredContent))).toBeLessThanOrEqual(300);
      expect((r.structuredContent as any).truncated).toBe(true);
      expect(text(r)).toMatch(/cut to stay under 300 tokens/);
      await client.close();
    } finally {
      await small.close();
    }
  });
});

describe('resources and prompts', () => {
  let c: Client;
  let file: string;
  beforeAll(async () => {
    c = await httpClient();
    file = ((await c.callTool({ name: 'create_file', arguments: { name: 'Res', sheets: ['Data', 'My Sheet'] } })).structuredContent as any).uuid;
    await c.callTool({ name: 'write_cells', arguments: { file_uuid: file, cell: 'A1', values: [['Name', 'Note'], ['Ann', 'says "hi", twice']] } });
  });

  it('lists templates and each file\'s context and sheet CSVs', async () => {
    const t = await c.listResourceTemplates();
    expect(t.resourceTemplates.map((x) => x.uriTemplate)).toEqual(['sheets://files/{file_uuid}/context', 'sheets://files/{file_uuid}/sheets/{sheet}.csv', 'sheets://files/{file_uuid}/ranges/{range}.csv']);
    const list = await c.listResources();
    const uris = list.resources.map((r) => r.uri);
    expect(uris).toEqual(expect.arrayContaining([`sheets://files/${file}/context`, `sheets://files/${file}/sheets/Data.csv`, `sheets://files/${file}/sheets/My%20Sheet.csv`]));
  });

  it('reads the context as JSON and a sheet as CSV', async () => {
    const ctx = await c.readResource({ uri: `sheets://files/${file}/context` });
    expect(JSON.parse((ctx.contents[0] as any).text)).toMatchObject({ uuid: file, sheets: [{ name: 'Data', header_row: 1 }, { name: 'My Sheet' }] });
    const csv = await c.readResource({ uri: `sheets://files/${file}/sheets/Data.csv` });
    expect((csv.contents[0] as any).text).toBe('Name,Note\r\nAnn,"says ""hi"", twice"');
    expect(csv.contents[0]!.mimeType).toBe('text/csv');
  });

  it('cuts a big sheet CSV and says where to go on', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => [String(i)]);
    await c.callTool({ name: 'write_cells', arguments: { file_uuid: file, sheet: 'My Sheet', cell: 'A1', values: rows } });
    const csv = await c.readResource({ uri: `sheets://files/${file}/sheets/My%20Sheet.csv` });
    expect((csv.contents[0] as any).text.split('\r\n')).toHaveLength(60); // 5 x SHEETS_MCP_MAX_CELLS
    expect(csv.contents[0]!._meta).toMatchObject({ truncated: true, rows: 100, next_range: 'A61:A100' });
  });

  it('answers unknown resources and files with errors', async () => {
    await expect(c.readResource({ uri: 'sheets://nothing' })).rejects.toThrow(/No resource/);
    await expect(c.readResource({ uri: 'sheets://files/00000000-0000-4000-8000-000000000000/context' })).rejects.toThrow(/not_found/);
    await expect(c.readResource({ uri: `sheets://files/${file}/sheets/Nope.csv` })).rejects.toThrow(/sheets are: 'Data', 'My Sheet'/);
  });

  it('offers prompts that name the tools of the surface and attach the context', async () => {
    const list = await c.listPrompts();
    expect(list.prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['analyse_sheet', 'build_report_with_chart']));
    const p = await c.getPrompt({ name: 'analyse_sheet', arguments: { file_uuid: file, question: 'Who says hi?' } });
    expect((p.messages[0]!.content as any).text).toMatch(/Answer: Who says hi\?.*set_formula/s);
    expect((p.messages[1]!.content as any).resource.uri).toBe(`sheets://files/${file}/context`);
    const compact = await (await httpClient('?tools=compact')).getPrompt({ name: 'analyse_sheet', arguments: { file_uuid: file } });
    expect((compact.messages[0]!.content as any).text).toMatch(/cells\(action "read_cells"\)/);
    await expect(c.getPrompt({ name: 'analyse_sheet', arguments: {} })).rejects.toThrow(/file_uuid: is required/);
  });
});

describe('progress and cancellation', () => {
  const actions = (n: number) => Array.from({ length: n }, (_, i) => ({ op: 'write_cells', args: { cell: `A${i + 1}`, values: [[String(i)]] } }));
  // Heavy enough (1000 blocks of 200 cells) that a cancellation always arrives mid-batch.
  const heavy = Array.from({ length: 1000 }, (_, i) => ({ op: 'write_cells', args: { cell: `A${i * 20 + 1}`, values: Array.from({ length: 20 }, (_, r) => Array.from({ length: 10 }, (_, c) => String(i + r + c))) } }));
  // One stdio child on the compact surface (a child's fresh store is slow to create on a busy machine).
  let stdio: Client;
  beforeAll(async () => {
    const storeEnv: Record<string, string> = server.store.databaseUrl ? { DATABASE_URL: server.store.databaseUrl } : { DATA_DIR: mkdtempSync(join(tmpdir(), 'sheets-stdio-')) };
    stdio = new Client({ name: 'agent-tests', version: '1.0.0' });
    await stdio.connect(new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', join(ROOT, 'bin/sheets.ts'), 'mcp', '--tools', 'compact'], cwd: ROOT, env: { PATH: process.env.PATH ?? '', SHEETS_TOKEN: server.token, SHEETS_CHECK_OUTPUT: '1', ...storeEnv }, stderr: 'pipe' }));
    clients.push(stdio);
  }, 180_000);

  /** The same calls on either surface: full tools by name, compact tools by group + action. */
  const surfaces = {
    http: { client: () => httpClient(), call: (c: Client, op: string, group: string, args: Record<string, unknown>, opts?: any) => c.callTool({ name: op, arguments: args }, undefined, opts) },
    stdio: { client: async () => stdio, call: (c: Client, op: string, group: string, args: Record<string, unknown>, opts?: any) => c.callTool({ name: group, arguments: { action: op, args } }, undefined, opts) },
  };

  it('stdio takes --tools compact', async () => {
    const names = (await stdio.listTools()).tools.map((t) => t.name);
    expect(names).toContain('cells');
    expect(names).not.toContain('write_cells');
  });

  for (const [via, s] of Object.entries(surfaces)) {
    it(`run_batch reports progress per action (${via})`, async () => {
      const c = await s.client();
      const file = ((await s.call(c, 'create_file', 'files', { name: 'progress' })).structuredContent as any).uuid;
      const seen: { progress: number; total?: number }[] = [];
      const r = await s.call(c, 'run_batch', 'files', { file_uuid: file, actions: actions(300) }, { onprogress: (p: any) => seen.push(p) });
      expect(r.isError).toBeFalsy();
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.at(-1)).toMatchObject({ progress: 300, total: 300 });
      for (let i = 1; i < seen.length; i++) expect(seen[i]!.progress).toBeGreaterThan(seen[i - 1]!.progress);
    });

    it(`a cancelled run_batch keeps nothing (${via})`, async () => {
      const c = await s.client();
      const file = ((await s.call(c, 'create_file', 'files', { name: 'cancel' })).structuredContent as any).uuid;
      const abort = new AbortController();
      const call = s.call(c, 'run_batch', 'files', { file_uuid: file, actions: heavy }, { signal: abort.signal, onprogress: () => abort.abort('enough') });
      await expect(call).rejects.toThrow();
      // The server stops at the next action boundary. A read of the file waits behind the file's
      // lock, which the cancelled batch holds until it has ended: after it, nothing may be kept.
      await s.call(c, 'read_cells', 'cells', { file_uuid: file, range: 'A1' });
      const f = await s.call(c, 'get_file', 'files', { file_uuid: file });
      expect((f.structuredContent as any).version).toBe(1);
      const h = await s.call(c, 'get_history', 'files', { file_uuid: file });
      expect((h.structuredContent as any).entries.map((e: any) => e.op)).toEqual(['create_file']);
    });
  }
});
