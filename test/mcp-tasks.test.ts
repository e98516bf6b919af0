// MCP tasks: a client may run the long ops (imports, exports, waiting for code) as tasks over
// Streamable HTTP and stdio. 2025-11-25: tools/call answers with a task at once, tasks/get follows
// it, tasks/result gives what the plain call gives, and tasks/cancel stops the work, keeping
// nothing. 2026-07-28: the tasks extension, for requests that announce it (tasks/get carries the
// result). A client that asks for no task, or does not announce the extension, sees no change.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema, type Task } from '@modelcontextprotocol/sdk/types.js';
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY, type Client as ModernClient } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRUCTURED_META } from '../mcp/results.ts';
import { TASKS_EXTENSION } from '../mcp/tasks-ext.ts';
import { MODERN, mcpHttpDoor, mcpModernHttpDoor, mcpModernStdioDoor, mcpStdioDoor, type ClientDoor } from './helpers/doors.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
const doors: Record<string, ClientDoor<Client>> = {};
const LONG_OPS = ['export_csv', 'export_files', 'export_pdf', 'export_xlsx', 'import_file', 'import_into_file', 'wait_task'];
const csv = (rows: number) => Buffer.from(Array.from({ length: rows }, (_, i) => `${i},${i * 3},item ${i % 100}`).join('\n')).toString('base64');
/** ~13 MB: several parse chunks, so a cancel sent at the first progress lands mid-way. */
const bigCsv = Buffer.from(Array.from({ length: 500_000 }, (_, i) => `${i},${i * 3},item ${i % 100},2024-01-${String(1 + (i % 28)).padStart(2, '0')}`).join('\n'));
/** stdio takes messages up to 10 MB: there the big file is read from a directory the server may import from. */
const importDir = mkdtempSync(join(tmpdir(), 'sheets-tasks-'));
writeFileSync(join(importDir, 'big.csv'), bigCsv);
const bigImport = (door: string) => (door === 'stdio' ? { path: join(importDir, 'big.csv') } : { file_name: 'big.csv', file_data: bigCsv.toString('base64') });

beforeAll(async () => {
  server = await startServer();
  doors.http = await mcpHttpDoor(server);
  doors.stdio = await mcpStdioDoor(server, { SHEETS_IMPORT_DIRS: importDir }, '2025-11-25');
}, 120_000);
afterAll(async () => {
  await Promise.allSettled(Object.values(doors).map((d) => d.close()));
  await server?.close();
  rmSync(importDir, { recursive: true, force: true });
});

async function plain(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const r = await client.callTool({ name, arguments: args, _meta: { [STRUCTURED_META]: true } });
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return r;
}

/** Starts a task-augmented call; the answer is the task, not the result. */
async function startTask(client: Client, name: string, args: Record<string, unknown>, onprogress?: (p: { progress: number; total?: number }) => void): Promise<Task> {
  const created = await client.request({ method: 'tools/call', params: { name, arguments: args, task: { ttl: 60_000 } } }, CreateTaskResultSchema, { ...(onprogress ? { onprogress } : {}), timeout: 120_000 });
  expect(['working', 'completed']).toContain(created.task.status);
  return created.task;
}

async function settle(client: Client, taskId: string): Promise<Task> {
  for (;;) {
    const task = await client.experimental.tasks.getTask(taskId);
    if (['completed', 'failed', 'cancelled'].includes(task.status)) return task;
    await new Promise((r) => setTimeout(r, task.pollInterval ?? 200));
  }
}

/** The result without what differs between two calls by design: new files' ids, a download link's signature and expiry. */
function comparable(result: any, ids: string[]): unknown {
  let text = JSON.stringify({ content: result.content, structuredContent: result.structuredContent, isError: result.isError });
  for (const id of ids) text = text.replaceAll(id, 'FILE');
  return JSON.parse(text.replace(/\/v1\/exports\/[^"\s)]+/g, '/v1/exports/LINK').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME'));
}

describe('tools/list and capabilities', () => {
  it.each(['http', 'stdio'])('%s: tasks are offered for tool calls, on exactly the long ops', async (door) => {
    const { client } = doors[door]!;
    expect(client.getServerCapabilities()?.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const { tools } = await client.listTools();
    expect(tools.filter((t) => t.execution?.taskSupport).map((t) => t.name).sort()).toEqual(LONG_OPS);
    expect(new Set(tools.filter((t) => t.execution).map((t) => t.execution!.taskSupport))).toEqual(new Set(['optional']));
  });

  it('a 2026-07-28 client is offered the tasks extension, not core tasks; not announcing it, it calls the long ops as before', async () => {
    const modern = await mcpModernHttpDoor(server);
    try {
      expect((modern.client.getServerCapabilities() as Record<string, unknown>).tasks).toBeUndefined();
      expect(modern.client.getServerCapabilities()?.extensions).toHaveProperty([TASKS_EXTENSION], {});
      const { tools } = await modern.client.listTools();
      expect(tools.filter((t) => 'execution' in t)).toEqual([]);
      const made = await modern.call('import_file', { file_name: 'modern.csv', file_data: csv(5) });
      expect(made.ok && made.data.sheets).toEqual([{ sheet: 'Sheet1', range: 'A1:C5', rows: 5, cols: 3 }]);
    } finally {
      await modern.close();
    }
  });
});

describe('the compact surface', () => {
  it('the groups holding a long op may run as tasks; an import through transfer gives what the plain call gives', async () => {
    const client = new Client({ name: 'tasks-compact', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp?tools=compact`), { requestInit: { headers: { authorization: `Bearer ${server.token}` } } }));
    try {
      const { tools } = await client.listTools();
      expect(tools.filter((t) => t.execution?.taskSupport === 'optional').map((t) => t.name).sort()).toEqual(['code', 'transfer']);
      const args = { action: 'import_file', args: { file_name: 'compact.csv', file_data: csv(20) } };
      const direct = await plain(client, 'transfer', args);
      const task = await startTask(client, 'transfer', args);
      const result: any = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      expect(comparable(result, [result.structuredContent.uuid])).toEqual(comparable(direct, [direct.structuredContent.uuid]));
      await expect(client.request({ method: 'tools/call', params: { name: 'cells', arguments: { action: 'help' }, task: {} } }, CreateTaskResultSchema)).rejects.toThrow(/does not run as a task/);
    } finally {
      await client.close();
    }
  });
});

describe.each(['http', 'stdio'])('%s: long ops as tasks', (door) => {
  it('a task-augmented import and export poll to completion and give what the plain calls give', async () => {
    const { client } = doors[door]!;
    const args = { file_name: 'orders.csv', file_data: csv(2_000) };
    const direct = await plain(client, 'import_file', args);
    const task = await startTask(client, 'import_file', args);
    expect((await settle(client, task.taskId)).status).toBe('completed');
    const viaTask = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    const directId = direct.structuredContent.uuid as string;
    const taskId = (viaTask.structuredContent as { uuid: string }).uuid;
    expect(taskId).not.toBe(directId);
    expect(comparable(viaTask, [taskId])).toEqual(comparable(direct, [directId]));
    // The task's file is really there, with the data.
    expect((await plain(client, 'read_cells', { file_uuid: taskId, range: 'A2000:C2000' })).structuredContent.values).toEqual([['1999', '5997', 'item 99']]);

    const exportArgs = { file_uuid: taskId };
    const directCsv = await plain(client, 'export_csv', exportArgs);
    const csvTask = await startTask(client, 'export_csv', exportArgs);
    expect((await settle(client, csvTask.taskId)).status).toBe('completed');
    const csvResult = await client.experimental.tasks.getTaskResult(csvTask.taskId, CallToolResultSchema);
    expect(comparable(csvResult, [])).toEqual(comparable(directCsv, []));
    expect(await bytesOf(csvResult)).toEqual(await bytesOf(directCsv));

    // The task is listed on this connection with its final status.
    const { tasks } = await client.experimental.tasks.listTasks();
    expect(tasks.find((t) => t.taskId === csvTask.taskId)?.status).toBe('completed');
  }, 120_000);

  it('a PDF export and a wait for code run as tasks too', async () => {
    const { client } = doors[door]!;
    const file = (await plain(client, 'import_file', { file_name: 'pdf.csv', file_data: csv(50) })).structuredContent.uuid;
    const pdf = await startTask(client, 'export_pdf', { file_uuid: file });
    expect((await settle(client, pdf.taskId)).status).toBe('completed');
    const result = await client.experimental.tasks.getTaskResult(pdf.taskId, CallToolResultSchema);
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('application/pdf') });
    // tasks/result waits for the end itself: no polling needed.
    const code = await plain(client, 'set_code_cell', { file_uuid: file, cell: 'E1', language: 'javascript', code: '6 * 7' });
    const wait = await startTask(client, 'wait_task', { task_id: code.structuredContent.task_id });
    const waited = await client.experimental.tasks.getTaskResult(wait.taskId, CallToolResultSchema);
    expect(waited.structuredContent).toMatchObject({ status: 'done', timed_out: false });
    expect((await plain(client, 'read_cells', { file_uuid: file, range: 'E1' })).structuredContent.values).toEqual([['42']]);
  }, 120_000);

  // Progress reaches the client while the task runs (on HTTP over the session's GET stream, the
  // tools/call request having answered): the cancel is sent at the first one.
  it('cancelling a running import stops it and leaves the file as it was', async () => {
    const { client } = doors[door]!;
    const file = (await plain(client, 'create_file', { name: 'cancel me' })).structuredContent.uuid;
    const written = await plain(client, 'write_cells', { file_uuid: file, cell: 'A1', values: [['canary']] });
    const version = written.structuredContent.version;
    let cancelled: Promise<Task> | undefined;
    let taskId = '';
    const started = new Promise<void>((resolve) => {
      void startTask(client, 'import_into_file', { file_uuid: file, ...bigImport(door), sheet: 'Big' }, () => {
        // Cancel at the first progress: the import is under way.
        if (!cancelled && taskId) cancelled = client.experimental.tasks.cancelTask(taskId);
        resolve();
      }).then((t) => (taskId = t.taskId));
    });
    await started;
    // The first progress may come before the task's id reached us: cancel as soon as it has.
    while (!taskId) await new Promise((r) => setTimeout(r, 10));
    cancelled ??= client.experimental.tasks.cancelTask(taskId);
    expect((await cancelled).status).toBe('cancelled');
    expect((await client.experimental.tasks.getTask(taskId)).status).toBe('cancelled');
    await expect(client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema)).rejects.toThrow(/cancelled/);
    expect((await plain(client, 'read_cells', { file_uuid: file, range: 'A1:B2' })).structuredContent.values).toEqual([['canary', ''], ['', '']]);
    expect((await plain(client, 'get_file', { file_uuid: file })).structuredContent.version).toBe(version);
    const history = (await plain(client, 'get_history', { file_uuid: file })).structuredContent.entries.map((e: { op: string }) => e.op);
    expect(history).not.toContain('import_into_file');
    // A finished task cannot be cancelled.
    await expect(client.experimental.tasks.cancelTask(taskId)).rejects.toThrow(/already ended/);
  }, 180_000);

  it('a failing op ends its task failed, with the plain call\'s error as its result', async () => {
    const { client } = doors[door]!;
    const args = { file_uuid: '00000000-0000-4000-8000-000000000000' };
    const direct = await client.callTool({ name: 'export_csv', arguments: args });
    expect(direct.isError).toBe(true);
    const task = await startTask(client, 'export_csv', args);
    expect((await settle(client, task.taskId)).status).toBe('failed');
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(comparable(result, [])).toEqual(comparable(direct, []));
  });

  it('a task asked of a tool that does not run long is refused; the same call without task works', async () => {
    const { client } = doors[door]!;
    await expect(client.request({ method: 'tools/call', params: { name: 'list_files', arguments: {}, task: { ttl: 60_000 } } }, CreateTaskResultSchema)).rejects.toThrow(/does not run as a task/);
    await plain(client, 'list_files', {});
  });
});

// Tasks for 2026-07-28 clients: the tasks extension. The v2 SDK's client refuses a
// `resultType: "task"` answer, so (as the extension's own requester does, through a raw dispatch)
// the task requests go out through the same client's transport, framed as the SDK frames its own.
describe.each(['http', 'stdio'])('%s: 2026-07-28 tasks extension', (door) => {
  const capabilities = { extensions: { [TASKS_EXTENSION]: {} } };
  let modern: ClientDoor<ModernClient>;
  let raw: (method: string, params: Record<string, unknown>, caps?: Record<string, unknown>) => Promise<any>;
  beforeAll(async () => {
    modern = door === 'http' ? await mcpModernHttpDoor(server, server.token, capabilities) : await mcpModernStdioDoor(server, { SHEETS_IMPORT_DIRS: importDir }, capabilities);
    raw = rawDispatch(modern.transport, capabilities);
  }, 120_000);
  afterAll(() => modern?.close());

  const settle26 = async (taskId: string) => {
    for (;;) {
      const task = await raw('tasks/get', { taskId });
      if (task.status !== 'working') return task;
      await new Promise((r) => setTimeout(r, task.pollIntervalMs ?? 200));
    }
  };
  const plain26 = async (name: string, args: Record<string, unknown>, caps?: Record<string, unknown>) => {
    const r: any = await raw('tools/call', { name, arguments: args, _meta: { [STRUCTURED_META]: true } }, caps);
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    return r;
  };

  it('server/discover names the extension; a long op answers with a task whose tasks/get carries the plain call\'s result', async () => {
    expect(modern.client.getServerCapabilities()?.extensions).toHaveProperty([TASKS_EXTENSION], {});
    const args = { file_name: 'orders26.csv', file_data: csv(2_000) };
    const created = await raw('tools/call', { name: 'import_file', arguments: args, _meta: { [STRUCTURED_META]: true } });
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: expect.any(Number), pollIntervalMs: expect.any(Number) });
    const done = await settle26(created.taskId);
    expect(done).toMatchObject({ status: 'completed', resultType: 'complete' });
    const taskFile = done.result.structuredContent.uuid;
    // The same request without the extension in its capabilities is the plain call.
    const reference = await plain26('import_file', args, {});
    expect(reference.resultType).toBe('complete');
    expect(comparable(done.result, [taskFile])).toEqual(comparable(reference, [reference.structuredContent.uuid]));
    expect((await plain26('read_cells', { file_uuid: taskFile, range: 'A2000:C2000' })).structuredContent.values).toEqual([['1999', '5997', 'item 99']]);

    const exported = await raw('tools/call', { name: 'export_csv', arguments: { file_uuid: taskFile }, _meta: { [STRUCTURED_META]: true } });
    expect(exported.resultType).toBe('task');
    const exportDone = await settle26(exported.taskId);
    expect(exportDone.status).toBe('completed');
    const directCsv = await plain26('export_csv', { file_uuid: taskFile }, {});
    expect(comparable(exportDone.result, [])).toEqual(comparable(directCsv, []));
    expect(await bytesOf(exportDone.result)).toEqual(await bytesOf(directCsv));
    // tasks/update is acknowledged (no task here waits for input); a finished task cannot be cancelled.
    expect(await raw('tasks/update', { taskId: exported.taskId, inputResponses: {} })).toMatchObject({ resultType: 'complete' });
    await expect(raw('tasks/cancel', { taskId: exported.taskId })).rejects.toThrow(/already ended/);
  }, 180_000);

  it('cancelling a running import stops it and leaves the file as it was', async () => {
    const file = (await plain26('create_file', { name: 'cancel me 26' })).structuredContent.uuid;
    const version = (await plain26('write_cells', { file_uuid: file, cell: 'A1', values: [['canary']] })).structuredContent.version;
    const created = await raw('tools/call', { name: 'import_into_file', arguments: { file_uuid: file, ...bigImport(door), sheet: 'Big' } });
    expect(created.resultType).toBe('task');
    expect(await raw('tasks/cancel', { taskId: created.taskId })).toMatchObject({ resultType: 'complete' });
    expect(await raw('tasks/get', { taskId: created.taskId })).toMatchObject({ status: 'cancelled' });
    expect((await plain26('read_cells', { file_uuid: file, range: 'A1:B2' })).structuredContent.values).toEqual([['canary', ''], ['', '']]);
    expect((await plain26('get_file', { file_uuid: file })).structuredContent.version).toBe(version);
    expect((await plain26('get_history', { file_uuid: file })).structuredContent.entries.map((e: { op: string }) => e.op)).not.toContain('import_into_file');
  }, 180_000);

  it('a tool that does not run long answers plainly; a task of another token, or none, is unknown', async () => {
    expect(await plain26('list_files', {})).toMatchObject({ resultType: 'complete' });
    await expect(raw('tasks/get', { taskId: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(/No task/);
    if (door !== 'http') return;
    const mine = await raw('tools/call', { name: 'export_csv', arguments: { file_uuid: '00000000-0000-4000-8000-000000000000' } });
    // A tool's error result completes the task with that result, as the plain call answers it.
    expect(await settle26(mine.taskId)).toMatchObject({ status: 'completed', result: { isError: true } });
    const other = (await server.request('POST', '/v1/tokens', { body: { user_name: 'tasks-other', role: 'owner' } })).body.token;
    const stranger = await mcpModernHttpDoor(server, other, capabilities);
    try {
      await expect(rawDispatch(stranger.transport, capabilities)('tasks/get', { taskId: mine.taskId })).rejects.toThrow(/No task/);
    } finally {
      await stranger.close();
    }
  });
});

/** A JSON-RPC request through a connected v2 client's transport, with the 2026-07-28 envelope; the client's own traffic is untouched. */
function rawDispatch(transport: any, capabilities: Record<string, unknown>) {
  const pending = new Map<string, (m: any) => void>();
  const passOn = transport.onmessage;
  transport.onmessage = (message: any, extra: unknown) => {
    const waiting = typeof message.id === 'string' ? pending.get(message.id) : undefined;
    if (waiting && ('result' in message || 'error' in message)) {
      pending.delete(message.id);
      return waiting(message);
    }
    return passOn?.call(transport, message, extra);
  };
  let n = 0;
  return async (method: string, params: Record<string, unknown>, caps = capabilities) => {
    const id = `raw-${++n}`;
    const answer = new Promise<any>((resolve) => pending.set(id, resolve));
    const _meta = { ...(params._meta as object), [PROTOCOL_VERSION_META_KEY]: MODERN, [CLIENT_INFO_META_KEY]: { name: 'sheets-tests', version: '1.0.0' }, [CLIENT_CAPABILITIES_META_KEY]: caps };
    await transport.send({ jsonrpc: '2.0', id, method, params: { ...params, _meta } });
    const message = await answer;
    if (message.error) throw new Error(message.error.message);
    return message.result;
  };
}

/** The bytes an export result carries: inline (stdio) or behind its download link (HTTP). */
async function bytesOf(result: any): Promise<string> {
  const inline = result.content.find((c: any) => c.type === 'resource');
  if (inline) return Buffer.from(inline.resource.blob, 'base64').toString();
  const link = result.content.find((c: any) => c.type === 'resource_link');
  const res = await fetch(link.uri);
  expect(res.status).toBe(200);
  return res.text();
}
