// DNS-rebinding protection at every HTTP door (REST, MCP Streamable HTTP, MCP SSE, viewer): a
// server bound to loopback serves loopback Host and Origin values only, unless a deployment lists
// more (SHEETS_ALLOWED_HOSTS / SHEETS_ALLOWED_ORIGINS). Real HTTP, because fetch cannot set Host.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHostOrigin, hostPolicy } from '../rest/host-check.ts';
import { startServer, type TestServer } from './helpers/server.ts';

interface Door {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  /** JSON-RPC error body on refusal (the MCP doors) rather than the REST error body. */
  rpc: boolean;
  headers?: Record<string, string>;
}

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
/** A 2026-07-28 request: no handshake, the envelope in _meta (served by the v2 SDK's handler). */
const DISCOVER = { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} } } };
const DOORS: Door[] = [
  { name: 'REST', method: 'GET', path: '/v1/auth/me', rpc: false },
  { name: 'MCP Streamable HTTP', method: 'POST', path: '/mcp', body: INIT, rpc: true },
  { name: 'MCP Streamable HTTP, 2026-07-28', method: 'POST', path: '/mcp', body: DISCOVER, rpc: true, headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' } },
  { name: 'MCP SSE stream', method: 'GET', path: '/sse', rpc: true },
  { name: 'MCP SSE messages', method: 'POST', path: '/messages?sessionId=nope', body: { jsonrpc: '2.0', id: 1, method: 'ping' }, rpc: true },
  { name: 'viewer', method: 'GET', path: '/view/00000000-0000-4000-8000-000000000000', rpc: false },
];

/** One request with exactly these headers; resolves on the response head (SSE streams stay open otherwise). */
function send(s: TestServer, door: Door, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  const url = new URL(s.url);
  return new Promise((resolve, reject) => {
    const body = door.body === undefined ? undefined : JSON.stringify(door.body);
    const req = httpRequest({ host: url.hostname, port: url.port, method: door.method, path: door.path, headers: { authorization: `Bearer ${s.token}`, accept: 'application/json, text/event-stream', ...(body ? { 'content-type': 'application/json' } : {}), ...door.headers, ...headers } }, (res) => {
      if ((res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        resolve({ status: res.statusCode!, body: null });
        req.destroy();
        return;
      }
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          /* HTML or SSE */
        }
        resolve({ status: res.statusCode!, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

function expectRefused(res: { status: number; body: any }, door: Door, header: 'Host' | 'Origin') {
  expect(res.status, door.name).toBe(403);
  const message: string = door.rpc ? res.body.error.message : res.body.error.message;
  if (door.rpc) expect(res.body.jsonrpc).toBe('2.0');
  else expect(res.body.error.code).toBe('forbidden');
  expect(message.startsWith(`${header}:`), message).toBe(true);
}

describe('bound to loopback, nothing configured', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => s?.close());

  it.each(DOORS.map((d) => [d.name, d] as const))('%s: a foreign Host is refused with 403 before the token is looked at', async (_n, door) => {
    expectRefused(await send(s, door, { host: 'evil.example.com' }), door, 'Host');
    expectRefused(await send(s, door, { host: `evil.example.com:${new URL(s.url).port}` }), door, 'Host');
  });

  it.each(DOORS.map((d) => [d.name, d] as const))('%s: a foreign browser Origin is refused with 403', async (_n, door) => {
    expectRefused(await send(s, door, { origin: 'https://evil.example.com' }), door, 'Origin');
    expectRefused(await send(s, door, { origin: 'null' }), door, 'Origin');
  });

  it.each(DOORS.map((d) => [d.name, d] as const))('%s: loopback Hosts and Origins, and no Origin, are served', async (_n, door) => {
    const port = new URL(s.url).port;
    const cases: Record<string, string>[] = [{}, { host: `localhost:${port}` }, { host: 'localhost' }, { host: `[::1]:${port}` }, { host: `127.0.0.1:${port}`, origin: 'http://localhost:5173' }, { origin: `http://[::1]:${port}` }];
    for (const headers of cases) {
      const res = await send(s, door, headers);
      expect(res.status, `${door.name} ${JSON.stringify(headers)}`).not.toBe(403);
    }
  });

  it('probes answer whatever the Host', async () => {
    expect((await send(s, { name: 'healthz', method: 'GET', path: '/healthz', rpc: false }, { host: 'pod.internal' })).status).toBe(200);
  });
});

describe('behind a proxy: SHEETS_ALLOWED_HOSTS and SHEETS_ALLOWED_ORIGINS', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ SHEETS_ALLOWED_HOSTS: 'sheets.example.com, other.example.com:8443', SHEETS_ALLOWED_ORIGINS: 'https://app.example.com' });
  });
  afterAll(async () => s?.close());

  it.each(DOORS.map((d) => [d.name, d] as const))('%s: listed names and origins are served, others still refused', async (_n, door) => {
    const cases: Record<string, string>[] = [{ host: 'sheets.example.com' }, { host: 'Sheets.Example.com:443', origin: 'https://app.example.com' }, { host: 'other.example.com:8443' }, { host: 'sheets.example.com', origin: 'https://sheets.example.com' }];
    for (const headers of cases) {
      expect((await send(s, door, headers)).status, `${door.name} ${JSON.stringify(headers)}`).not.toBe(403);
    }
    expectRefused(await send(s, door, { host: 'evil.example.com' }), door, 'Host');
    expectRefused(await send(s, door, { host: 'sheets.example.com', origin: 'https://evil.example.com' }), door, 'Origin');
  });
});

describe('the policy', () => {
  it('bound to a non-loopback address with no list: any Host, but foreign browser Origins are refused', () => {
    const p = hostPolicy({ host: '0.0.0.0', allowedHosts: [], allowedOrigins: [] });
    expect(checkHostOrigin(p, 'sheets.internal:8080', undefined)).toBeNull();
    expect(checkHostOrigin(p, 'sheets.internal:8080', 'http://sheets.internal:8080')).toBeNull();
    expect(checkHostOrigin(p, 'sheets.internal:8080', 'https://evil.example.com')).toMatch(/^Origin:/);
  });

  it('bound to a non-loopback address with a list: the list holds', () => {
    const p = hostPolicy({ host: '0.0.0.0', allowedHosts: ['sheets.example.com'], allowedOrigins: [] });
    expect(checkHostOrigin(p, 'sheets.example.com', undefined)).toBeNull();
    expect(checkHostOrigin(p, '10.0.0.5:8080', undefined)).toMatch(/^Host:.*SHEETS_ALLOWED_HOSTS/);
  });

  it('SHEETS_PUBLIC_URL counts as an allowed host and origin', () => {
    const p = hostPolicy({ host: '127.0.0.1', allowedHosts: [], allowedOrigins: [], publicUrl: 'https://sheets.example.com' });
    expect(checkHostOrigin(p, 'sheets.example.com', 'https://sheets.example.com')).toBeNull();
    expect(checkHostOrigin(p, 'evil.example.com', undefined)).toMatch(/^Host:/);
  });

  it('malformed Host values are refused', () => {
    const p = hostPolicy({ host: 'localhost', allowedHosts: [], allowedOrigins: [] });
    for (const h of [undefined, '', 'a b', 'localhost@evil.example.com', 'localhost:port']) expect(checkHostOrigin(p, h, undefined), String(h)).toMatch(/^Host:/);
  });
});
