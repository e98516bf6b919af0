// MCP over HTTP on the Fastify app: Streamable HTTP at /mcp and the legacy SSE transport at
// /sse + /messages. All sit behind the app's Host/Origin check and bearer auth. 2026-07-28
// requests on /mcp are stateless (mcp/http-modern.ts); a 2025 session is bound to the token that
// opened it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../core/context.ts';
import { OpError } from '../core/errors.ts';
import { fileBodyLimit } from '../core/op.ts';
import type { AppServices } from '../core/services.ts';
import type { ModernMcp } from './http-modern.ts';
import type { ToolSurface } from './texts.ts';

/** The MCP SDK and our tool server load with the first MCP request: REST-only use never pays for them. */
let sdk: Promise<{ SSEServerTransport: typeof SSEServerTransport; StreamableHTTPServerTransport: typeof StreamableHTTPServerTransport; isInitializeRequest: (v: unknown) => boolean; buildMcpServer: typeof import('./server.ts').buildMcpServer; modernMcp: typeof import('./http-modern.ts').modernMcp }> | undefined;
const loadSdk = () =>
  (sdk ??= Promise.all([import('@modelcontextprotocol/sdk/server/sse.js'), import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('@modelcontextprotocol/sdk/types.js'), import('./server.ts'), import('./http-modern.ts')]).then(([a, b, c, d, e]) => ({
    SSEServerTransport: a.SSEServerTransport,
    StreamableHTTPServerTransport: b.StreamableHTTPServerTransport,
    isInitializeRequest: c.isInitializeRequest,
    buildMcpServer: d.buildMcpServer,
    modernMcp: e.modernMcp,
  })));

interface Session {
  tokenId: string;
  close: () => Promise<void>;
}

export interface McpMount {
  close(): Promise<void>;
}

function callerOf(extra: { authInfo?: { extra?: Record<string, unknown> } }): Caller {
  const caller = extra.authInfo?.extra?.caller as Caller | undefined;
  if (!caller) throw new OpError('unauthenticated', 'Missing bearer token.');
  return caller;
}

function withAuth(req: FastifyRequest): IncomingMessage & { auth?: AuthInfo } {
  const raw = req.raw as IncomingMessage & { auth?: AuthInfo };
  raw.auth = { token: '', clientId: req.caller!.tokenId, scopes: [], extra: { caller: req.caller } };
  return raw;
}

function sendJsonRpcError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

/** The tool surface a connection asked for (?tools=full|compact), else the server default. */
function surfaceOf(req: FastifyRequest): ToolSurface | undefined | null {
  const t = (req.query as Record<string, unknown>).tools;
  if (t === undefined) return undefined;
  return t === 'full' || t === 'compact' ? t : null;
}

/** The origin the client used to reach this server (SHEETS_PUBLIC_URL when set: behind a proxy). */
function originOf(req: FastifyRequest, configured: string | undefined): string {
  return configured ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
}

export function mountMcp(app: FastifyInstance, services: AppServices): McpMount {
  const streamable = new Map<string, Session & { transport: StreamableHTTPServerTransport }>();
  const sse = new Map<string, Session & { transport: SSEServerTransport }>();
  const log = (err: unknown) => app.log.error({ err }, 'mcp tool failed');
  let modern: ModernMcp | undefined;
  const modernDoor = async () => (modern ??= (await loadSdk()).modernMcp(services, { error: log, debug: (err) => app.log.debug({ err }, 'mcp request refused') }));

  const streamableSession = (req: FastifyRequest, reply: FastifyReply) => {
    const id = req.headers['mcp-session-id'];
    if (typeof id !== 'string') return undefined;
    const s = streamable.get(id);
    if (!s) {
      void sendJsonRpcError(reply, 404, 'Unknown or expired MCP session; initialize a new one.');
      return null;
    }
    if (s.tokenId !== req.caller!.tokenId) {
      void sendJsonRpcError(reply, 403, 'This MCP session belongs to another token.');
      return null;
    }
    return s;
  };

  // Tool calls may carry a file to import as base64: the same body limit as the REST import routes.
  const bodyLimit = Math.max(services.config.limits.bodyBytes, fileBodyLimit(services.config.limits.importBytes));
  app.post('/mcp', { bodyLimit }, async (req, reply) => {
    const door = await modernDoor();
    if (await door.isModern(req)) {
      const tools = surfaceOf(req);
      if (tools === null) return sendJsonRpcError(reply, 400, 'tools: must be full or compact.');
      return door.serve(req, reply, { caller: req.caller!, tools, linkBase: originOf(req, services.config.publicUrl) });
    }
    const existing = streamableSession(req, reply);
    if (existing === null) return reply;
    if (existing) {
      reply.hijack();
      await existing.transport.handleRequest(withAuth(req), reply.raw, req.body);
      return reply;
    }
    const { isInitializeRequest, buildMcpServer, StreamableHTTPServerTransport } = await loadSdk();
    if (!isInitializeRequest(req.body)) return sendJsonRpcError(reply, 400, 'No mcp-session-id header: the first request must be initialize.');
    const tools = surfaceOf(req);
    if (tools === null) return sendJsonRpcError(reply, 400, 'tools: must be full or compact.');
    const tokenId = req.caller!.tokenId;
    const server = buildMcpServer({ services, caller: callerOf, log, tools, linkBase: originOf(req, services.config.publicUrl) });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        streamable.set(sid, { tokenId, transport, close: () => server.close() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) streamable.delete(transport.sessionId);
    };
    await server.connect(transport);
    reply.hijack();
    await transport.handleRequest(withAuth(req), reply.raw, req.body);
    return reply;
  });

  const getOrDelete = async (req: FastifyRequest, reply: FastifyReply) => {
    const s = streamableSession(req, reply);
    if (s === null) return reply;
    if (!s) return sendJsonRpcError(reply, 400, 'Missing mcp-session-id header.');
    reply.hijack();
    await s.transport.handleRequest(withAuth(req), reply.raw);
    return reply;
  };
  app.get('/mcp', getOrDelete);
  app.delete('/mcp', getOrDelete);

  app.get('/sse', async (req, reply) => {
    const tools = surfaceOf(req);
    if (tools === null) return sendJsonRpcError(reply, 400, 'tools: must be full or compact.');
    const { SSEServerTransport, buildMcpServer } = await loadSdk();
    reply.hijack();
    const transport = new SSEServerTransport('/messages', reply.raw);
    const server = buildMcpServer({ services, caller: callerOf, log, tools, linkBase: originOf(req, services.config.publicUrl) });
    sse.set(transport.sessionId, { tokenId: req.caller!.tokenId, transport, close: () => server.close() });
    transport.onclose = () => sse.delete(transport.sessionId);
    await server.connect(transport);
    return reply;
  });

  app.post('/messages', { bodyLimit }, async (req, reply) => {
    const id = (req.query as Record<string, string>).sessionId;
    const s = id ? sse.get(id) : undefined;
    if (!s) return sendJsonRpcError(reply, 404, 'Unknown SSE session; open GET /sse first.');
    if (s.tokenId !== req.caller!.tokenId) return sendJsonRpcError(reply, 403, 'This MCP session belongs to another token.');
    reply.hijack();
    await s.transport.handlePostMessage(withAuth(req), reply.raw, req.body);
    return reply;
  });

  return {
    async close() {
      await modern?.close();
      const all = [...streamable.values(), ...sse.values()];
      streamable.clear();
      sse.clear();
      await Promise.allSettled(all.map((s) => s.close()));
    },
  };
}
