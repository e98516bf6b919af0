// completion/complete for prompt arguments and resource-template variables: file uuids (by uuid or
// name), sheet names, column headers, tables and named ranges; a token is offered only what it
// may read. Also reads the range template it completes.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../core/auth.ts';
import { rank } from '../mcp/completions.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let client: Client;
let stranger: Client;
let file: string;

async function connect(token: string): Promise<Client> {
  const c = new Client({ name: 'complete-test', version: '1' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return c;
}

async function call(name: string, args: Record<string, unknown>): Promise<any> {
  const res = await client.callTool({ name, arguments: args });
  expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
  return res.structuredContent;
}

beforeAll(async () => {
  s = await startServer();
  client = await connect(s.token);
  const other = await s.server.store.createSpace('Other team', new Date());
  await s.server.store.createToken({ spaceId: other.id, userName: 'stranger', role: 'owner', hash: hashToken('sht_stranger_token_0123456789'), expiresAt: null, at: new Date() });
  stranger = await connect('sht_stranger_token_0123456789');
  file = (await call('create_file', { name: 'Quarterly sales' })).uuid;
  await call('create_file', { name: 'Staff list' });
  await call('add_sheet', { file_uuid: file, name: 'Summary' });
  await call('write_cells', { file_uuid: file, cell: 'A1', values: [['Region', 'Revenue', 'Returns'], ['North', 10, 1], ['South', 20, 2]] });
  await call('create_table', { file_uuid: file, range: 'A1:C3', name: 'Sales' });
  await call('define_name', { file_uuid: file, name: 'RevenueCol', refers_to: 'B2:B3' });
});
afterAll(async () => {
  await Promise.allSettled([client?.close(), stranger?.close()]);
  await s?.close();
});

const prompt = (name: string) => ({ type: 'ref/prompt' as const, name });
const template = (uri: string) => ({ type: 'ref/resource' as const, uri });

describe('completion/complete', () => {
  it('declares the completions capability', () => {
    expect(client.getServerCapabilities()?.completions).toEqual({});
  });

  it('file_uuid: by name or uuid prefix, only the caller\'s files', async () => {
    const byName = await client.complete({ ref: prompt('analyse_sheet'), argument: { name: 'file_uuid', value: 'quart' } });
    expect(byName.completion.values).toEqual([file]);
    const byId = await client.complete({ ref: template('sheets://files/{file_uuid}/context'), argument: { name: 'file_uuid', value: file.slice(0, 8) } });
    expect(byId.completion.values).toEqual([file]);
    expect((await client.complete({ ref: prompt('analyse_sheet'), argument: { name: 'file_uuid', value: '' } })).completion.values).toHaveLength(2);
    expect((await stranger.complete({ ref: prompt('analyse_sheet'), argument: { name: 'file_uuid', value: '' } })).completion.values).toEqual([]);
  });

  it('sheet: the file named in context, prefix first', async () => {
    const res = await client.complete({ ref: prompt('clean_up_data'), argument: { name: 'sheet', value: 's' }, context: { arguments: { file_uuid: file } } });
    expect(res.completion.values).toEqual(['Sheet1', 'Summary']);
    const tpl = await client.complete({ ref: template('sheets://files/{file_uuid}/sheets/{sheet}.csv'), argument: { name: 'sheet', value: 'sum' }, context: { arguments: { file_uuid: file } } });
    expect(tpl.completion.values).toEqual(['Summary']);
    // Another space's token learns nothing about the file.
    expect((await stranger.complete({ ref: prompt('clean_up_data'), argument: { name: 'sheet', value: '' }, context: { arguments: { file_uuid: file } } })).completion.values).toEqual([]);
  });

  it('group_by and measure: column headers of the sheet', async () => {
    const res = await client.complete({ ref: prompt('build_report_with_chart'), argument: { name: 'measure', value: 'ret' }, context: { arguments: { file_uuid: file, sheet: 'Sheet1' } } });
    expect(res.completion.values).toEqual(['Returns']);
  });

  it('range: tables and named ranges; the template reads them as CSV', async () => {
    const res = await client.complete({ ref: template('sheets://files/{file_uuid}/ranges/{range}.csv'), argument: { name: 'range', value: '' }, context: { arguments: { file_uuid: file } } });
    expect(res.completion.values).toEqual(['Sales', 'RevenueCol']);
    const table = await client.readResource({ uri: `sheets://files/${file}/ranges/Sales.csv` });
    expect(table.contents[0]).toMatchObject({ mimeType: 'text/csv', text: 'Region,Revenue,Returns\r\nNorth,10,1\r\nSouth,20,2' });
    const named = await client.readResource({ uri: `sheets://files/${file}/ranges/RevenueCol.csv` });
    expect((named.contents[0] as { text: string }).text).toBe('10\r\n20');
  });

  it('an argument the prompt lacks, or an unknown prompt or template, gets an empty list', async () => {
    for (const ref of [prompt('fix_formula_errors'), prompt('nope'), template('sheets://nope/{sheet}')]) expect((await client.complete({ ref, argument: { name: 'sheet', value: '' }, context: { arguments: { file_uuid: file } } })).completion.values, JSON.stringify(ref)).toEqual([]);
  });

  it('free-text arguments get no suggestions', async () => {
    expect((await client.complete({ ref: prompt('analyse_sheet'), argument: { name: 'question', value: 'wh' } })).completion.values).toEqual([]);
  });
});

describe('protocol versions', () => {
  it.each(['2025-06-18', '2025-11-25'])('a %s client is answered in its version, with logging and completions', async (version) => {
    const res = await fetch(`${s.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'v', version: '1' } } }),
    });
    const text = await res.text();
    const body = JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? text);
    expect(body.result.protocolVersion).toBe(version);
    expect(body.result.capabilities).toMatchObject({ logging: {}, completions: {}, tools: {}, resources: {}, prompts: {} });
    await fetch(`${s.url}/mcp`, { method: 'DELETE', headers: { authorization: `Bearer ${s.token}`, 'mcp-session-id': res.headers.get('mcp-session-id') ?? '' } });
  });
});

describe('rank', () => {
  it('puts prefix matches first, case-insensitively, and drops the rest', () => {
    expect(rank('sa', ['Sales', 'Resale', 'Other', 'SALT'])).toEqual(['Sales', 'SALT', 'Resale']);
  });
});
