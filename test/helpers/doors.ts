// The doors a table of cases runs through: REST (a generic client built from the registry) and
// MCP: the 1.x SDK's Client as a 2025 client (announcing 2025-11-25 over Streamable HTTP and SSE,
// 2025-06-18 over stdio), and the v2 SDK's Client pinned to 2026-07-28 over Streamable HTTP and
// stdio (child `sheets mcp` processes).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttpTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio';
import { findOp } from '../../core/registry.ts';
import { STRUCTURED_META } from '../../mcp/results.ts';
import { ROOT } from './paths.ts';
import type { TestServer } from './server.ts';

/** `text`: over MCP, the text a model reads beside the JSON (REST has none). */
export type Outcome = { ok: true; data: any; text?: string } | { ok: false; status?: number; code: string; message: string; details: any };

export interface Door {
  name: string;
  call(op: string, args: Record<string, unknown>): Promise<Outcome>;
  close(): Promise<void>;
}

/** REST: path params from args, GET args as the query string, others as a JSON body. */
export function restDoor(server: TestServer, token: string = server.token): Door {
  return {
    name: 'rest',
    async call(name, args) {
      const op = findOp(name);
      if (!op) throw new Error(`unknown op ${name}`);
      const rest: Record<string, unknown> = { ...args };
      const path = op.http.path.replace(/:(\w+)/g, (_, p: string) => {
        const v = rest[p];
        delete rest[p];
        return encodeURIComponent(String(v));
      });
      let url = path;
      let body: unknown;
      if (op.http.method === 'GET') {
        const qs = new URLSearchParams();
        for (const [k, v] of Object.entries(rest)) {
          if (v === undefined) continue;
          if (Array.isArray(v)) v.forEach((x) => qs.append(k, String(x)));
          else qs.append(k, String(v));
        }
        if ([...qs].length) url += `?${qs}`;
      } else body = rest;
      const res = await server.request(op.http.method, url, { body, token });
      if (res.status === 200) return { ok: true, data: res.body };
      return { ok: false, status: res.status, code: res.body?.error?.code, message: res.body?.error?.message, details: res.body?.error?.details };
    },
    close: async () => undefined,
  };
}

function mcpOutcome(result: any): Outcome {
  const text = (result.content ?? []).filter((c: any) => c.type === 'text').map((c: any) => c.text).join('\n');
  if (!result.isError) return { ok: true, data: result.structuredContent ?? result.content, text };
  // The same structured error as REST's body; the text beside it is for the model.
  const error = result.structuredContent?.error;
  if (!error) throw new Error(`an MCP error result without structuredContent.error: ${JSON.stringify(result)}`);
  return { ok: false, code: error.code, message: error.message, details: error.details };
}

/**
 * Makes the 1.x Client announce `version` in its initialize request (it always offers its latest,
 * 2025-11-25) and records the version the server answered with.
 */
function announcing(transport: any, version: string | undefined): { transport: any; answered: () => string | undefined } {
  let answered: string | undefined;
  const send = transport.send.bind(transport);
  transport.send = (msg: any, opts: unknown) => send(version && msg.method === 'initialize' ? { ...msg, params: { ...msg.params, protocolVersion: version } } : msg, opts);
  let handler: ((msg: any, extra?: unknown) => void) | undefined;
  const wrapped = (msg: any, extra?: unknown) => {
    if (typeof msg?.result?.protocolVersion === 'string') answered = msg.result.protocolVersion;
    handler?.(msg, extra);
  };
  Object.defineProperty(transport, 'onmessage', { configurable: true, get: () => (handler ? wrapped : undefined), set: (h) => (handler = h) });
  return { transport, answered: () => answered };
}

/** A door's protocol version: the one a 2025 server answered initialize with, or 2026-07-28. */
export type ClientDoor<C> = Door & { client: C; protocolVersion: string; transport?: any };

async function clientDoor(name: string, raw: any, cleanup: () => Promise<void> = async () => undefined, version?: string): Promise<ClientDoor<Client>> {
  const client = new Client({ name: 'sheets-tests', version: '1.0.0' });
  const { transport, answered } = announcing(raw, version);
  await client.connect(transport);
  const protocolVersion = answered();
  if (!protocolVersion || (version && protocolVersion !== version)) throw new Error(`${name}: the server answered initialize with protocol ${protocolVersion}, not ${version}`);
  return {
    name,
    client,
    protocolVersion,
    async call(op, args) {
      // The case tables compare every door's JSON: ask for structuredContent on grids too (by
      // default a grid result carries only its text, the one copy a model reads).
      return mcpOutcome(await client.callTool({ name: op, arguments: args, _meta: { [STRUCTURED_META]: true } }));
    },
    async close() {
      await client.close();
      await cleanup();
    },
  };
}

/** The 2025 versions the 1.x doors announce: 2025-11-25 over HTTP and SSE, 2025-06-18 over stdio. */
export const DOOR_VERSIONS = { 'mcp-http': '2025-11-25', 'mcp-sse': '2025-11-25', 'mcp-stdio': '2025-06-18' } as const;

export function mcpHttpDoor(server: TestServer, token: string = server.token, version: string = DOOR_VERSIONS['mcp-http']) {
  return clientDoor('mcp-http', new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }), undefined, version);
}

export function mcpSseDoor(server: TestServer, token: string = server.token) {
  const authed: typeof fetch = (url, init) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${token}`);
    return fetch(url, { ...init, headers });
  };
  return clientDoor('mcp-sse', new SSEClientTransport(new URL(`${server.url}/sse`), { fetch: authed }), undefined, DOOR_VERSIONS['mcp-sse']);
}

/**
 * MCP over stdio: a child `sheets mcp` process. On PGlite it gets its own data directory (one
 * process per PGlite store); on PostgreSQL it shares the test server's database.
 */
function stdioServer(server: TestServer, env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'sheets-stdio-'));
  const storeEnv: Record<string, string> = server.store.databaseUrl ? { DATABASE_URL: server.store.databaseUrl } : { DATA_DIR: dir };
  const params = {
    command: process.execPath,
    args: ['--no-node-snapshot', '--import', 'tsx', join(ROOT, 'bin/sheets.ts'), 'mcp'],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SHEETS_TOKEN: server.token, SHEETS_RATE_PER_SEC: '100000', SHEETS_RATE_BURST: '100000', SHEETS_MAX_INFLIGHT: '1000', SHEETS_CHECK_OUTPUT: '1', ...storeEnv, ...env },
    stderr: 'pipe' as const,
  };
  return { params, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

export async function mcpStdioDoor(server: TestServer, env: Record<string, string> = {}, version: string = DOOR_VERSIONS['mcp-stdio']) {
  const { params, cleanup } = stdioServer(server, env);
  return clientDoor('mcp-stdio', new StdioClientTransport(params), cleanup, version);
}

export const MODERN = '2026-07-28';

/** A 2026-07-28 client (the v2 SDK's, pinned: no fallback to initialize), announcing `capabilities` with each request. */
async function modernDoor(name: string, transport: any, cleanup: () => Promise<void> = async () => undefined, capabilities?: Record<string, unknown>): Promise<ClientDoor<ModernClient>> {
  // The connect-time server/discover probe gets the time a stdio child needs to start on a loaded
  // machine (the SDK probes stdio on a sibling process of its own; a silent probe is a failure).
  const client = new ModernClient({ name: 'sheets-tests', version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN }, probe: { timeoutMs: 180_000 } }, ...(capabilities ? { capabilities } : {}) });
  await client.connect(transport);
  const protocolVersion = client.getNegotiatedProtocolVersion();
  if (protocolVersion !== MODERN) throw new Error(`${name}: negotiated ${protocolVersion}, not ${MODERN}`);
  return {
    name,
    client,
    protocolVersion,
    transport,
    async call(op, args) {
      // A stdio server opens its store with a 2026-07-28 client's first call (there is no
      // handshake to start it earlier): on a loaded machine that call can outlast the SDK's 60 s.
      return mcpOutcome(await client.callTool({ name: op, arguments: args, _meta: { [STRUCTURED_META]: true } }, { timeout: 180_000 }));
    },
    async close() {
      await client.close();
      await cleanup();
    },
  };
}

export function mcpModernHttpDoor(server: TestServer, token: string = server.token, capabilities?: Record<string, unknown>) {
  return modernDoor('mcp-2026-http', new ModernHttpTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }), undefined, capabilities);
}

export async function mcpModernStdioDoor(server: TestServer, env: Record<string, string> = {}, capabilities?: Record<string, unknown>) {
  const { params, cleanup } = stdioServer(server, env);
  const door = await modernDoor('mcp-2026-stdio', new ModernStdioTransport(params), cleanup, capabilities);
  // The store opens with the first call (a 2026-07-28 client has no handshake to open it earlier):
  // make that call here, within the door's opening time, so a table's first case does not pay it.
  await door.call('get_me', {});
  return door;
}
