// The REST door: a Fastify app built from the op registry. It never listens (bin/ does), so tests
// and the MCP mount share one instance. Route handlers are generic: no branch for any one op.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { authenticate } from '../core/auth.ts';
import type { Caller, OpContext } from '../core/context.ts';
import { runOp } from '../core/dispatch.ts';
import { OpError, asOpError } from '../core/errors.ts';
import { fileBodyLimit, type AnyOp, type BinaryResult } from '../core/op.ts';
import { ops } from '../core/registry.ts';
import type { AppServices } from '../core/services.ts';
import { checkHostOrigin, hostPolicy } from './host-check.ts';
import { Idempotency, type Answer } from './idempotency.ts';
import { jsonBytes } from './json-bytes.ts';
import { requestInput } from './input.ts';
import { openApiDocument } from './openapi.ts';
import { STATUS_BY_CODE, errorBody } from './status.ts';
import { summaryHeader } from '../core/io/export-summary.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    rateTaken: boolean;
  }
}

export interface AppOptions {
  services: AppServices;
  /** pino options, or false for no logs (tests). */
  logger?: boolean | Record<string, unknown>;
}

/** Paths that need no token. */
const PUBLIC = new Set(['/healthz', '/readyz', '/v1/openapi.json']);
/** Probes answer whatever the Host (an orchestrator probes the pod's address); they reveal nothing. */
const PROBES = new Set(['/healthz', '/readyz']);
/** Paths whose rate limit is applied per tool call by the MCP door instead. */
const MCP_PATHS = ['/mcp', '/sse', '/messages'];

export function buildApp(opts: AppOptions): FastifyInstance {
  const { services } = opts;
  const app = Fastify({
    logger: opts.logger === undefined ? { level: services.config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] } : opts.logger,
    bodyLimit: services.config.limits.bodyBytes,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL the router cannot decode (bad percent-encoding) answers in our error shape too.
    frameworkErrors: (err, req, reply) => sendError(reply, req, new OpError('invalid_argument', `The URL is not valid: ${err.message.replace(/^.*?'(.*)' is not a valid url component$/, "'$1' has malformed percent-encoding")}.`)),
  });
  const idempotency = new Idempotency(services.store);

  // JSON, and raw bytes for imports (application/octet-stream: the file itself, no base64); any
  // other content type is a 400 naming Content-Type (see toOpError).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(new OpError('invalid_argument', `(body): malformed JSON: ${(err as Error).message}`, { field: '(body)' }), undefined);
    }
  });

  app.decorateRequest('caller', null);
  app.decorateRequest('rateTaken', false);

  // Server-Timing: time spent in the server, so clients and bench/ can tell it from the network.
  app.addHook('onSend', async (req, reply) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
  });

  // Host and Origin first, before any token is looked at: every door (REST, MCP, viewer).
  const policy = hostPolicy(services.config);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    const path = req.url.split('?')[0]!;
    const origin = req.headers.origin;
    const refused = PROBES.has(path) ? null : checkHostOrigin(policy, req.headers.host, typeof origin === 'string' ? origin : undefined);
    if (refused) {
      if (MCP_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return reply.code(403).type('application/json; charset=utf-8').send(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: refused }, id: null }));
      return sendError(reply, req, new OpError('forbidden', refused, { field: refused.slice(0, refused.indexOf(':')) }));
    }
    // Export links carry their own signature: whoever holds one may fetch it until it expires.
    if (PUBLIC.has(path) || path.startsWith('/v1/exports/') || (!path.startsWith('/v1/') && !MCP_PATHS.some((p) => path === p || path.startsWith(`${p}/`)))) return;
    req.caller = await authenticate(services.store, services.clock, bearer(req));
    if (MCP_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return;
    const state = await services.rateLimits.take(req.caller.tokenId);
    req.rateTaken = true;
    reply.header('x-ratelimit-limit', state.limit).header('x-ratelimit-remaining', state.remaining).header('x-ratelimit-reset', state.resetSec);
  });
  const release = async (req: FastifyRequest) => {
    if (req.rateTaken && req.caller) {
      req.rateTaken = false;
      services.rateLimits.release(req.caller.tokenId);
    }
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);

  app.setErrorHandler((err, req, reply) => sendError(reply, req, toOpError(err, req.routeOptions.bodyLimit ?? services.config.limits.bodyBytes, services.config.limits)));
  app.setNotFoundHandler((req, reply) => sendError(reply, req, new OpError('not_found', `No route ${req.method} ${req.url.split('?')[0]}; see GET /v1/openapi.json for the routes.`)));

  app.get('/v1/exports/:id/:name', async (req, reply) => {
    const { id, name } = req.params as { id: string; name: string };
    const q = req.query as Record<string, unknown>;
    const item = services.exportLinks.get(id, String(q.expires ?? ''), String(q.sig ?? ''));
    if (!item || item.name !== name) return sendError(reply, req, new OpError('not_found', 'This download link is unknown or has expired (links last 15 minutes and live on the server that made them); export again.'));
    return reply.header('content-type', item.mimeType).header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(item.name)}`).header('cache-control', 'private, no-store').send(item.body);
  });

  for (const op of ops) {
    app.route({
      method: op.http.method,
      url: op.http.path,
      ...(op.fileBody ? { bodyLimit: Math.max(services.config.limits.bodyBytes, fileBodyLimit(services.config.limits.importBytes)) } : {}),
      handler: async (req, reply) => {
        const bytes = Buffer.isBuffer(req.body) ? req.body : undefined;
        if (bytes && !op.fileBody) throw new OpError('invalid_argument', '(body): raw bytes (application/octet-stream) are only for imports; send this request as JSON (Content-Type: application/json)', { field: '(body)' });
        const raw = requestInput(op, req.params as Record<string, string>, req.query as Record<string, unknown>, bytes ? undefined : req.body);
        const ctx = opContext(req, reply, services, op);
        if (bytes) ctx.fileBytes = bytes;
        const key = req.headers['idempotency-key'];
        if (typeof key === 'string' && key && op.http.method !== 'GET' && !op.binary) {
          const fp = Idempotency.fingerprint(req.method, req.url, req.body);
          const answer = await idempotency.run(req.caller!.tokenId, key, fp, services.clock.now(), () => execute(op, ctx, raw, req));
          if (answer.replayed) reply.header('idempotent-replayed', 'true');
          return reply.code(answer.status).type(answer.contentType).send(answer.body);
        }
        if (op.binary) {
          const out = (await runOp(op, ctx, raw)) as BinaryResult;
          if (out.fileName) reply.header('content-disposition', `attachment; filename="${out.fileName.replace(/[^\w.\- ]/g, '_')}"`);
          if (out.summary) reply.header('x-sheets-export-summary', summaryHeader(out.summary));
          return reply.code(200).type(out.contentType).send(out.body);
        }
        const answer = await execute(op, ctx, raw, req);
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      },
    });
  }

  const openapi = openApiDocument(ops);
  app.get('/v1/openapi.json', async (_req, reply) => reply.type('application/json').send(openapi));
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await services.store.ping();
      // Readiness does not wait for the code-language probe (a trial sandbox): 'checking' until it is done.
      return { ok: true, store: services.store.kind, code: services.capabilities.peek() ?? 'checking' };
    } catch {
      return reply.code(503).send({ ok: false, error: { code: 'unavailable', message: 'The store is not reachable.', details: {} } });
    }
  });
  return app;
}

/** Runs the op and renders the answer; op errors become answers (so idempotency can keep them). */
async function execute(op: AnyOp, ctx: OpContext, raw: unknown, req: FastifyRequest): Promise<Answer> {
  try {
    const out = (await runOp(op, ctx, raw)) as object;
    return { status: 200, body: jsonBytes(out), contentType: 'application/json; charset=utf-8' };
  } catch (err) {
    const e = asOpError(err);
    if (e.code === 'internal') req.log.error({ err: e.cause ?? e }, 'op failed');
    return { status: STATUS_BY_CODE[e.code], body: JSON.stringify(errorBody(e)), contentType: 'application/json; charset=utf-8' };
  }
}

function opContext(req: FastifyRequest, reply: FastifyReply, services: AppServices, op: AnyOp): OpContext {
  const abort = new AbortController();
  // The response's 'close' before it finished means the client went away. (The request's own
  // 'close' fires as soon as its body has been read, so it cannot tell.)
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  const origin = services.config.publicUrl ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
  return { caller: req.caller!, services, op: { name: op.name, args: undefined }, signal: abort.signal, origin };
}

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1]!.trim() : undefined;
}

/** Fastify's own errors (body too large, bad content type) get our codes and wording. */
function toOpError(err: unknown, bodyLimit: number, limits: { bodyBytes: number; importBytes: number }): OpError {
  if (err instanceof OpError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // Import routes take bigger bodies: name the import limit there, it is the one that matters.
      if (bodyLimit > limits.bodyBytes) return new OpError('payload_too_large', `file_data: the request is over ${bodyLimit} bytes; imports take at most ${limits.importBytes} bytes of file data (SHEETS_MAX_IMPORT_BYTES)`, { field: 'file_data', limit: limits.importBytes });
      return new OpError('payload_too_large', `(body): the request body is over the limit of ${bodyLimit} bytes (SHEETS_BODY_LIMIT_BYTES)`, { field: '(body)', limit: bodyLimit });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new OpError('invalid_argument', 'Content-Type: request bodies must be application/json', { field: 'Content-Type' });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new OpError('invalid_argument', `(body): malformed JSON: ${e.message}`, { field: '(body)' });
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new OpError('invalid_argument', e.message ?? 'Bad request.');
  return asOpError(err);
}

function sendError(reply: FastifyReply, req: FastifyRequest, err: OpError) {
  if (err.code === 'internal') req.log.error({ err: err.cause ?? err }, 'request failed');
  if (err.code === 'rate_limited') {
    const d = err.details as { retry_after: number; limit: number; remaining: number; reset: number };
    reply.header('retry-after', d.retry_after).header('x-ratelimit-limit', d.limit).header('x-ratelimit-remaining', d.remaining).header('x-ratelimit-reset', d.reset);
  }
  return reply.code(STATUS_BY_CODE[err.code]).type('application/json; charset=utf-8').send(JSON.stringify(errorBody(err)));
}
