// GET /view/{file_uuid}: a read-only page for people watching what agents do, and
// GET /view/{file_uuid}/version for its live refresh. Access: a short-lived signed link
// (`sheets admin view-link FILE`), which becomes a cookie for that file's viewer, or an API token
// in the `sheets_token` cookie (checked like a bearer token, with the token's rights).
import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../../core/auth.ts';
import type { Caller, OpContext } from '../../core/context.ts';
import { OpError, asOpError } from '../../core/errors.ts';
import { FileId } from '../../core/schemas.ts';
import type { AppServices } from '../../core/services.ts';
import { checkLink, checkSession, signSession, viewSecret } from './link.ts';
import { esc, renderPage, renderWindow } from './render.ts';
import { faceBytes, FACE_FILES, type Family, type Variant } from '../../core/layout/fonts.ts';

const SESSION_COOKIE = 'sheets_view';
const TOKEN_COOKIE = 'sheets_token';

/** Cookie values are percent-decoded; one that cannot be decoded is a 400, not a guess. */
function strictDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new OpError('invalid_argument', "Cookie: a cookie of this site is malformed (broken percent-encoding); clear this site's cookies and open the view link again.", { field: 'Cookie' });
  }
}

function secure(reply: FastifyReply, nonce?: string): FastifyReply {
  const policy = ["default-src 'none'", "font-src 'self'", nonce ? `style-src 'nonce-${nonce}'` : "style-src 'unsafe-inline'", nonce ? `script-src 'nonce-${nonce}'` : '', "connect-src 'self'", 'img-src data:', "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].filter(Boolean).join('; ');
  return reply.header('content-security-policy', policy).header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
}

function page(reply: FastifyReply, status: number, title: string, message: string) {
  return secure(reply).code(status).type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><h1>${esc(title)}</h1><p>${esc(message)}</p></body></html>`);
}

export function mountViewer(app: FastifyInstance, services: AppServices): void {
  // Cookies are parsed for the viewer's routes only (the API ignores them): an encapsulated scope.
  app.register(async (scope) => {
    // parseOptions reach the cookie parser (its `decode`), though the plugin's types call them serialize options.
    await scope.register(fastifyCookie, { parseOptions: { decode: strictDecode } as never });
    viewerRoutes(scope, services);
  });
}

function viewerRoutes(app: FastifyInstance, services: AppServices): void {
  const secret = viewSecret(services.config);

  /** Who may view this file: a view session for it, or an API token cookie; null when neither. */
  async function viewer(req: FastifyRequest, fileId: string): Promise<Caller | null> {
    const jar = req.cookies;
    const now = services.clock.now();
    if (checkSession(secret, fileId, jar[SESSION_COOKIE], now)) {
      const file = await services.store.getFile(fileId);
      if (!file) throw new OpError('not_found', `No file ${fileId}.`);
      // A signed link stands for the operator who made it: read-only, on this one file.
      return { tokenId: 'view-link', userId: file.creatorId, userName: 'view link', spaceId: file.spaceId, spaceName: '', role: 'viewer' };
    }
    if (jar[TOKEN_COOKIE]) return authenticate(services.store, services.clock, jar[TOKEN_COOKIE]);
    return null;
  }

  const ctxOf = (caller: Caller): OpContext => ({ caller, services, op: { name: 'view', args: {} } });

  app.get('/view/:file_uuid', async (req, reply) => {
    const fileId = (req.params as { file_uuid: string }).file_uuid;
    if (!FileId.safeParse(fileId).success) return page(reply, 404, 'Not found', 'No such file.');
    const q = req.query as Record<string, unknown>;
    const base = `/view/${fileId}`;
    if (q.sig !== undefined) {
      if (!checkLink(secret, fileId, q.exp, q.sig, services.clock.now())) return page(reply, 401, 'Link expired', 'This view link is invalid or has expired; ask for a new one (sheets admin view-link FILE).');
      const s = signSession(secret, fileId, services.clock.now());
      reply.setCookie(SESSION_COOKIE, s.value, { path: base, maxAge: s.maxAge, httpOnly: true, sameSite: 'strict' });
      return secure(reply).code(303).header('location', base).send();
    }
    try {
      const caller = await viewer(req, fileId);
      if (!caller) return page(reply, 401, 'Sign-in needed', 'Open this file through a view link (sheets admin view-link FILE), or send your API token in the sheets_token cookie.');
      const nonce = randomBytes(16).toString('base64');
      const html = await services.workbooks.read(ctxOf(caller), fileId, async (wb) => {
        const sheet = typeof q.sheet === 'string' ? wb.sheet(q.sheet) : wb.sheets[0]!;
        return renderPage({ wb, sheet, nonce, base });
      });
      return secure(reply, nonce).type('text/html; charset=utf-8').send(html);
    } catch (err) {
      const e = asOpError(err);
      if (e.code === 'internal') req.log.error({ err: e.cause ?? e }, 'viewer failed');
      const status = { unauthenticated: 401, forbidden: 403, not_found: 404, invalid_argument: 400 }[e.code as string] ?? 500;
      return page(reply, status, status === 500 ? 'Error' : 'Cannot show this file', status === 500 ? 'Internal error; it has been logged.' : e.message);
    }
  });

  // The faces cells are measured with (core/layout/fonts.ts), so the page draws what the layout
  // measured. Public: they are the fonts' own files, the same for everyone.
  app.get('/view/fonts/:face', async (req, reply) => {
    const m = /^([a-z]+)-(r|b|i|bi)\.ttf$/.exec((req.params as { face: string }).face);
    if (!m || !(m[1]! in FACE_FILES)) return reply.code(404).send({ error: { code: 'not_found', message: 'No such font.', details: {} } });
    return reply.header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').type('font/ttf').send(faceBytes(m[1] as Family, m[2] as Variant).data);
  });

  // Rows of a sheet for the page's scrolling: GET /view/{file}/rows?sheet=&from=&to= (at most WINDOW rows).
  app.get('/view/:file_uuid/rows', async (req, reply) => {
    const fileId = (req.params as { file_uuid: string }).file_uuid;
    secure(reply);
    if (!FileId.safeParse(fileId).success) return reply.code(404).send({ error: { code: 'not_found', message: 'No such file.', details: {} } });
    const q = req.query as Record<string, unknown>;
    const from = Number(q.from), to = Number(q.to);
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) {
      return reply.code(400).send({ error: { code: 'invalid_argument', message: 'from and to: whole row numbers with 0 <= from <= to.', details: { field: 'from' } } });
    }
    try {
      const caller = await viewer(req, fileId);
      if (!caller) return reply.code(401).send({ error: { code: 'unauthenticated', message: 'No view session for this file.', details: {} } });
      return await services.workbooks.read(ctxOf(caller), fileId, async (wb) => {
        const sheet = typeof q.sheet === 'string' ? wb.sheet(q.sheet) : wb.sheets[0]!;
        return renderWindow(wb, sheet, `/view/${fileId}`, from, to);
      });
    } catch (err) {
      const e = asOpError(err);
      if (e.code === 'internal') req.log.error({ err: e.cause ?? e }, 'viewer rows failed');
      const status = { unauthenticated: 401, forbidden: 403, not_found: 404, invalid_argument: 400 }[e.code as string] ?? 500;
      return reply.code(status).send({ error: { code: e.code, message: status === 500 ? 'Internal error.' : e.message, details: {} } });
    }
  });

  app.get('/view/:file_uuid/version', async (req, reply) => {
    const fileId = (req.params as { file_uuid: string }).file_uuid;
    secure(reply);
    if (!FileId.safeParse(fileId).success) return reply.code(404).send({ error: { code: 'not_found', message: 'No such file.', details: {} } });
    try {
      const caller = await viewer(req, fileId);
      if (!caller) return reply.code(401).send({ error: { code: 'unauthenticated', message: 'No view session for this file.', details: {} } });
      const file = await services.workbooks.file(ctxOf(caller), fileId, 'read');
      return { version: file.version };
    } catch (err) {
      const e = asOpError(err);
      return reply.code(e.code === 'not_found' ? 404 : e.code === 'forbidden' ? 403 : e.code === 'unauthenticated' ? 401 : 500).send({ error: { code: e.code, message: e.code === 'internal' ? 'Internal error.' : e.message, details: {} } });
    }
  });
}
