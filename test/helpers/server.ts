// Starts the real server (REST + MCP over HTTP) on a free port against a fresh store, with a
// known owner token, and gives tests small clients for it.
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../core/config.ts';
import { createServer, type Server } from '../../bin/server.ts';
import type { WorkbookArea } from '../../core/workbook/area.ts';
import { freshStore, type TestStore } from './store.ts';

export interface TestServer {
  url: string;
  token: string;
  server: Server;
  store: TestStore;
  config: Config;
  /** fetch against the server with the owner token (or the given one; null for none). */
  request(method: string, path: string, opts?: { body?: unknown; token?: string | null; headers?: Record<string, string>; raw?: string }): Promise<{ status: number; headers: Headers; body: any; text: string }>;
  close(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}, opts: { areas?: readonly WorkbookArea[] } = {}): Promise<TestServer> {
  const token = `sht_test_${randomBytes(24).toString('base64url')}`;
  const store = await freshStore();
  const config = loadConfig({ SHEETS_RATE_PER_SEC: '100000', SHEETS_RATE_BURST: '100000', SHEETS_MAX_INFLIGHT: '1000', ...env, PORT: '0', HOST: '127.0.0.1', SHEETS_TOKEN: token, DATA_DIR: 'memory://' });
  const server = await createServer(config, { logger: false, store: store.options, areas: opts.areas });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const request: TestServer['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    const tok = opts.token === undefined ? token : opts.token;
    if (tok) headers.authorization = `Bearer ${tok}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(address + path, { method, headers, body });
    // A file (xlsx, pdf, png) is kept byte for byte as latin1 text, so Buffer.from(text, 'latin1') is its bytes.
    const binary = /^(application\/(pdf|zip|octet-stream|vnd\.)|image\/)/.test(res.headers.get('content-type') ?? '');
    const text = binary ? Buffer.from(await res.arrayBuffer()).toString('latin1') : await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
  return {
    url: address,
    token,
    server,
    store,
    config,
    request,
    async close() {
      await server.close();
      await store.drop();
    },
  };
}
