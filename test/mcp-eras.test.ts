// One MCP service, three protocol revisions: a 2025-06-18, a 2025-11-25 and a 2026-07-28 client,
// each over Streamable HTTP and stdio, see the same tools (identical schemas), resources,
// prompts and completions, and get the same results and errors. 2026-07-28 requests carry their
// own log level; a 2025 session sets its own. The door tables run whole through some of these
// clients (test/helpers/run-cases.ts); this file crosses every revision with every transport.
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ops } from '../core/registry.ts';
import { showSheetTool } from '../mcp/app.ts';
import { toolOf } from '../mcp/tools.ts';
import { MODERN, mcpHttpDoor, mcpModernHttpDoor, mcpModernStdioDoor, mcpStdioDoor, type ClientDoor } from './helpers/doors.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => s?.close());

const BAD_CSV = Buffer.from('name,qty\nfig,3\npear,"4\n').toString('base64');
const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';

type AnyDoor = ClientDoor<any>;
// Each client makes its own file, named so that completing its name finds it alone.
const CLIENTS: [string, () => Promise<AnyDoor>][] = [
  ['2025-06-18 over Streamable HTTP', () => mcpHttpDoor(s, s.token, '2025-06-18')],
  ['2025-11-25 over Streamable HTTP', () => mcpHttpDoor(s, s.token, '2025-11-25')],
  ['2026-07-28 over Streamable HTTP', () => mcpModernHttpDoor(s)],
  ['2025-06-18 over stdio', () => mcpStdioDoor(s, {}, '2025-06-18')],
  ['2025-11-25 over stdio', () => mcpStdioDoor(s, {}, '2025-11-25')],
  ['2026-07-28 over stdio', () => mcpModernStdioDoor(s)],
];

describe.each(CLIENTS)('a %s client', { timeout: 120_000 }, (label, open) => {
  let door: AnyDoor;
  let file: string;
  const version = label.slice(0, 10);
  beforeAll(async () => {
    door = await open();
  }, 120_000);
  afterAll(async () => door?.close());

  it('speaks its revision', () => {
    expect(door.protocolVersion).toBe(version);
  });

  it('lists every tool with the schemas the registry gives it', async () => {
    const { tools } = await door.client.listTools();
    const expected = [...ops.map((op) => toolOf(op)), showSheetTool];
    expect(tools.map((t: { name: string }) => t.name)).toEqual(expected.map((t) => t.name));
    for (const [i, t] of tools.entries()) {
      expect(t.inputSchema, t.name).toEqual(expected[i]!.inputSchema);
      expect(t.annotations, t.name).toEqual(expected[i]!.annotations);
    }
  });

  it('calls tools, with results and errors as every door has them', async () => {
    const created = await door.call('create_file', { name: `Eras ${label}` });
    expect(created.ok).toBe(true);
    file = (created as { data: { uuid: string } }).data.uuid;
    expect((await door.call('write_cells', { file_uuid: file, cell: 'A1', values: [['Region', 'Revenue'], ['North', 10], ['South', 20]] })).ok).toBe(true);
    expect((await door.call('set_formula', { file_uuid: file, cell: 'B4', formula: '=SUM(B2:B3)' })).ok).toBe(true);
    const read = await door.call('read_cells', { file_uuid: file, range: 'B4' });
    expect(read.ok && read.text).toContain('30');
    const missing = await door.call('read_cells', { file_uuid: '00000000-0000-4000-8000-000000000000', range: 'A1' });
    expect(missing).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('reads resources, renders prompts and completes their arguments', async () => {
    const { resourceTemplates } = await door.client.listResourceTemplates();
    expect(resourceTemplates.map((t: { name: string }) => t.name)).toEqual(['file-context', 'sheet-csv', 'range-csv']);
    const csv = await door.client.readResource({ uri: `sheets://files/${file}/sheets/Sheet1.csv` });
    expect(csv.contents[0].text).toContain('North,10');
    const { prompts } = await door.client.listPrompts();
    expect(prompts.map((p: { name: string }) => p.name)).toContain('analyse_sheet');
    const prompt = await door.client.getPrompt({ name: 'analyse_sheet', arguments: { file_uuid: file } });
    expect(prompt.messages.length).toBe(2);
    const done = await door.client.complete({ ref: { type: 'ref/prompt', name: 'analyse_sheet' }, argument: { name: 'file_uuid', value: `eras ${label.toLowerCase()}` } });
    expect(done.completion.values).toEqual([file]);
  });

  it("hears an import's warnings at the level it asked for, on the call's own stream", async () => {
    const logs: { level: string; data: unknown }[] = [];
    const onLog = (n: { params: { level: string; data: unknown } }) => void logs.push(n.params);
    const modern = version === MODERN;
    if (modern) door.client.setNotificationHandler('notifications/message', onLog);
    else door.client.setNotificationHandler(LoggingMessageNotificationSchema, onLog);
    const importBad = (meta: Record<string, unknown>) => door.client.callTool({ name: 'import_file', arguments: { file_name: 'bad.csv', file_data: BAD_CSV }, _meta: meta });
    if (modern) {
      // No level in the request: no log notifications (2026-07-28 has no logging/setLevel).
      await importBad({});
      expect(logs).toEqual([]);
      await expect(door.client.setLoggingLevel('info')).rejects.toThrow();
      const res = await importBad({ [LOG_LEVEL]: 'warning' });
      expect(res.structuredContent.warnings.length).toBeGreaterThan(0);
      expect(logs.map((l) => l.data)).toEqual(res.structuredContent.warnings);
      logs.length = 0;
      await importBad({ [LOG_LEVEL]: 'error' });
      expect(logs).toEqual([]);
    } else {
      await door.client.setLoggingLevel('error');
      await importBad({});
      expect(logs).toEqual([]);
      await door.client.setLoggingLevel('warning');
      const res = await importBad({});
      expect(res.structuredContent.warnings.length).toBeGreaterThan(0);
      expect(logs.map((l) => l.data)).toEqual(res.structuredContent.warnings);
    }
  });
});

describe('2026-07-28 over HTTP, as a gateway sees it', () => {
  const envelope = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  const post = (body: unknown, headers: Record<string, string>, token?: string | null) => s.request('POST', '/mcp', { body, token, headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN, ...headers } });

  it('server/discover names the revisions and capabilities, with no session', async () => {
    const res = await post({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope } }, { 'mcp-method': 'server/discover' });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.body.result.supportedVersions).toContain(MODERN);
    expect(Object.keys(res.body.result.capabilities)).toEqual(expect.arrayContaining(['tools', 'resources', 'prompts', 'completions']));
  });

  it('a request whose Mcp-Method or Mcp-Name header disagrees with its body is refused', async () => {
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_files', arguments: {}, _meta: envelope } };
    const ok = await post(call, { 'mcp-method': 'tools/call', 'mcp-name': 'list_files' });
    expect(ok.status).toBe(200);
    expect(JSON.stringify(ok.body)).toContain('files');
    const method = await post(call, { 'mcp-method': 'tools/list', 'mcp-name': 'list_files' });
    expect(method.status).toBe(400);
    expect(method.body.error.message).toMatch(/Mcp-Method/i);
    const name = await post(call, { 'mcp-method': 'tools/call', 'mcp-name': 'delete_file' });
    expect(name.status).toBe(400);
    expect(name.body.error.message).toMatch(/Mcp-Name/i);
  });

  it('needs the bearer token exactly as a 2025 session does', async () => {
    const res = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: envelope } }, { 'mcp-method': 'tools/list' }, null);
    expect(res.status).toBe(401);
    const bad = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: envelope } }, { 'mcp-method': 'tools/list' }, 'sht_nope');
    expect(bad.status).toBe(401);
  });

  it('a revision this server does not speak is answered with the ones it does', async () => {
    const res = await post({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { _meta: { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } } }, { 'mcp-method': 'tools/list', 'mcp-protocol-version': '2099-01-01' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain(MODERN);
  });
});
