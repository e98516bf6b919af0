// MCP logging: logging/setLevel (2025 clients) and log notifications for what a call caused beyond
// its result (import warnings, recalculated formulas, code-cell output and errors), sent to the
// session that caused them only, filtered by that session's level.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticesOf, splitQualified } from '../mcp/logging.ts';
import { mcpSseDoor, mcpStdioDoor } from './helpers/doors.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
const clients: Client[] = [];

async function session(): Promise<{ client: Client; logs: LoggingMessageNotification['params'][] }> {
  const client = new Client({ name: 'log-test', version: '1' });
  const logs: LoggingMessageNotification['params'][] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
  await client.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${s.token}` } } }));
  clients.push(client);
  return { client, logs };
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const res = await client.callTool({ name, arguments: args });
  expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
  return res.structuredContent;
}

const until = async (cond: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
};

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await s?.close();
});

const BAD_CSV = Buffer.from('name,qty\nfig,3\npear,"4\n').toString('base64');

describe('MCP logging', () => {
  it('declares the logging capability and accepts logging/setLevel', async () => {
    const { client } = await session();
    expect(client.getServerCapabilities()?.logging).toEqual({});
    await expect(client.setLoggingLevel('warning')).resolves.toBeDefined();
  });

  it("an import's warnings reach the session that imported, before the result; others hear nothing", async () => {
    const a = await session();
    const b = await session();
    const out = await call(a.client, 'import_file', { file_name: 'bad.csv', file_data: BAD_CSV });
    expect(out.warnings.length).toBeGreaterThan(0);
    const warned = a.logs.filter((l) => l.level === 'warning' && l.logger === 'import_file');
    expect(warned.map((l) => l.data)).toEqual(out.warnings);
    expect(b.logs).toEqual([]);
  });

  it('the level set filters: at error, warnings are not sent', async () => {
    const a = await session();
    await a.client.setLoggingLevel('error');
    const out = await call(a.client, 'import_file', { file_name: 'bad.csv', file_data: BAD_CSV });
    expect(out.warnings.length).toBeGreaterThan(0);
    expect(a.logs).toEqual([]);
  });

  it('a write that changes formulas elsewhere logs a recalculation notice', async () => {
    const a = await session();
    const file = (await call(a.client, 'create_file', { name: 'Recalc' })).uuid;
    await call(a.client, 'write_cells', { file_uuid: file, cell: 'A1', values: [[2, '=A1*10']], input: 'user_entered' });
    a.logs.length = 0;
    await call(a.client, 'write_cells', { file_uuid: file, cell: 'A1', values: [[5]] });
    const notice = a.logs.find((l) => l.logger === 'recalculation');
    expect(notice?.level).toBe('info');
    expect(String(notice?.data)).toMatch(/1 formula cell changed value: .*B1 = 50/);
  });

  it("a code cell's output and error reach the session that set it when the run finishes", async () => {
    const a = await session();
    const b = await session();
    const file = (await call(a.client, 'create_file', { name: 'Code' })).uuid;
    await call(a.client, 'set_code_cell', { file_uuid: file, cell: 'A1', language: 'javascript', code: 'console.log("hello from A1");\n42' });
    await call(a.client, 'set_code_cell', { file_uuid: file, cell: 'B1', language: 'javascript', code: 'throw new Error("no luck")' });
    await until(() => a.logs.some((l) => String(l.data).includes('hello from A1')) && a.logs.some((l) => l.level === 'error'));
    expect(a.logs.find((l) => String(l.data).includes('hello from A1'))).toMatchObject({ level: 'info', logger: 'code' });
    expect(a.logs.find((l) => l.level === 'error')).toMatchObject({ logger: 'code', data: expect.stringMatching(/B1 failed: .*no luck/) });
    expect(b.logs).toEqual([]);
  });
});

describe.each([['SSE', mcpSseDoor], ['stdio', mcpStdioDoor]] as const)('MCP logging over %s', (_name, open) => {
  it('setLevel is answered and an import\'s warnings arrive before its result', async () => {
    const door = await open(s);
    try {
      const logs: LoggingMessageNotification['params'][] = [];
      door.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
      await door.client.setLoggingLevel('info');
      const res = await door.client.callTool({ name: 'import_file', arguments: { file_name: 'bad.csv', file_data: BAD_CSV } });
      const warnings = (res.structuredContent as { warnings: string[] }).warnings;
      expect(warnings.length).toBeGreaterThan(0);
      expect(logs.filter((l) => l.level === 'warning').map((l) => l.data)).toEqual(warnings);
    } finally {
      await door.close();
    }
  });
});

describe('notices from results', () => {
  it('reads warnings, unsupported functions, blocked spills and requeued code generically', () => {
    const n = noticesOf('import_into_file', { warnings: ['w1'], unsupported_functions: [{ name: 'CUBEVALUE' }], effects: { spills: [{ cell: 'Sheet1!A1', blocked: true }], code_requeued: [{ cell: 'Sheet1!C1', task_id: 't' }] } });
    expect(n.map((x) => [x.level, x.logger])).toEqual([
      ['warning', 'import_into_file'],
      ['warning', 'import_into_file'],
      ['warning', 'recalculation'],
      ['info', 'code'],
    ]);
    expect(noticesOf('read_cells', { values: [[1]] })).toEqual([]);
  });

  it('splits sheet-qualified cells', () => {
    expect(splitQualified("'It''s here'!B2")).toEqual({ sheet: "It's here", cell: 'B2' });
    expect(splitQualified('Data!C3')).toEqual({ sheet: 'Data', cell: 'C3' });
    expect(splitQualified('C3')).toEqual({ cell: 'C3' });
  });
});
