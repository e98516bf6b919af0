// 2026-07-28 over Streamable HTTP, beside the 2025 sessions on the same /mcp: a POST carrying the
// per-request `_meta` envelope (as the SDK's own classifier decides) goes to the v2 SDK's
// stateless handler, everything else to the sessionful 2025 transport. Fastify has already
// checked Host and Origin and authenticated the bearer token (rest/app.ts) before either runs;
// this bridges the parsed request to the SDK's web-standard fetch handler and its Response back.
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { createMcpHandler, isJsonContentType, isLegacyRequest } from '@modelcontextprotocol/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../core/context.ts';
import type { AppServices } from '../core/services.ts';
import { buildModernServer } from './modern.ts';
import { extensionTasks } from './tasks-ext.ts';
import type { ToolSurface } from './texts.ts';

/** What the door knows of one request, handed to the per-request server through the SDK's authInfo. */
interface RequestInfo {
  caller: Caller;
  tools?: ToolSurface;
  linkBase: string;
}

/** Headers of the connection, not of the message: not handed on. */
const HOP = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'upgrade', 'expect']);

export interface ModernMcp {
  /** Whether a POST to /mcp is 2026-07-28 traffic (the SDK's classifier, so routing never disagrees with it). */
  isModern(req: FastifyRequest): Promise<boolean>;
  serve(req: FastifyRequest, reply: FastifyReply, info: RequestInfo): Promise<FastifyReply>;
  close(): Promise<void>;
}

export function modernMcp(services: AppServices, log: { error: (err: unknown) => void; debug: (err: unknown) => void }): ModernMcp {
  const callerOf = (extra: { authInfo?: { extra?: Record<string, unknown> } }) => (extra.authInfo?.extra?.info as RequestInfo).caller;
  const handler = createMcpHandler(
    ({ authInfo }) => {
      const info = authInfo?.extra?.info as RequestInfo;
      return buildModernServer({ services, caller: callerOf, log: log.error, tools: info.tools, linkBase: info.linkBase }, 'modern');
    },
    // Rejected requests are answered (a JSON-RPC error naming what is wrong); only report them.
    { legacy: 'reject', onerror: log.debug },
  );

  return {
    async isModern(req) {
      return !(await isLegacyRequest(webRequest(req), req.body === undefined ? null : req.body));
    },

    async serve(req, reply, info) {
      if (!isJsonContentType(req.headers['content-type'])) return reply.code(415).send({ jsonrpc: '2.0', error: { code: -32000, message: 'Content-Type: must be application/json.' }, id: null });
      const aborted = new AbortController();
      reply.hijack();
      const out = reply.raw;
      // The client went away before the answer was written: cancel the call.
      out.on('close', () => {
        if (!out.writableFinished) aborted.abort();
      });
      const authInfo = { token: '', clientId: info.caller.tokenId, scopes: [], extra: { info } };
      const res = await handler.fetch(webRequest(req, aborted.signal), { authInfo, parsedBody: req.body });
      await sendResponse(out, res);
      return reply;
    },

    // The server stops: 2026-07-28 tasks still running stop too (keeping nothing).
    close: () => {
      extensionTasks.close();
      return handler.close();
    },
  };
}

/** The request as the SDK reads it: its headers, and its body again as JSON (Fastify parsed it). */
function webRequest(req: FastifyRequest, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const url = `http://${req.headers.host ?? 'localhost'}${req.url}`;
  return new Request(url, { method: req.method, headers, ...(req.body !== undefined && !Buffer.isBuffer(req.body) ? { body: JSON.stringify(req.body) } : {}), ...(signal ? { signal } : {}) });
}

/** Writes a web Response to Node's: status, headers, and the body as it comes (an SSE stream is written event by event). */
async function sendResponse(out: ServerResponse, res: Response): Promise<void> {
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => (headers[name] = value));
  out.writeHead(res.status, headers);
  if (!res.body) {
    out.end();
    return;
  }
  const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
  await new Promise<void>((resolve) => {
    body.pipe(out);
    const done = () => {
      body.destroy();
      resolve();
    };
    out.once('close', done);
    out.once('finish', done);
    body.once('error', () => {
      out.destroy();
      done();
    });
  });
}
