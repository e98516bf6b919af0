#!/usr/bin/env -S npx tsx
// The one executable: `sheets serve | mcp | admin ...`. Reads the environment, then boots.
import { startSweeper } from '../core/files/trash.ts';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { authenticate, bootstrap, hashToken, issueToken } from '../core/auth.ts';
import { loadConfig, type Config } from '../core/config.ts';
import { makeClock, type Services } from '../core/context.ts';
import { WorkerPool } from '../core/code/worker.ts';
import { addConnectionAsAdmin } from '../core/connections/admin.ts';
import { createServices } from '../core/services.ts';
import { openingStore, type Role, type Store } from '../core/store.ts';
import { openStore } from '../db/open.ts';
import { LINK_MINUTES, signLink, viewSecret } from '../rest/viewer/link.ts';

const USAGE = `Usage: sheets <command>
  serve                  REST + MCP (Streamable HTTP at /mcp, SSE at /sse) on PORT (default 8080)
  mcp [--tools full|compact] [--allow-dir DIR]...   MCP over stdio, authenticated by SHEETS_TOKEN
                         (tools: SHEETS_MCP_TOOLS; --allow-dir lets imports read files under DIR by path)
  admin space create NAME
  admin token create --space UUID --user NAME --role owner|editor|viewer [--expires-days N]
  admin token revoke TOKEN_OR_ID
  admin view-link FILE_UUID [--minutes N] [--base URL]   a short-lived link to the read-only viewer
  admin connection add --space UUID --name N --type postgres|mysql --url URL [--no-check]
  worker                 runs code-cell tasks only (needs DATABASE_URL: PostgreSQL shared with the servers)
Environment: PORT, HOST, DATA_DIR, DATABASE_URL, SHEETS_TOKEN, SECRET_KEY, SHEETS_* limits (see README).`;

async function serve(config: Config): Promise<void> {
  // Loaded here, not at the top: `sheets mcp` needs neither Fastify nor the REST routes.
  const { createServer } = await import('./server.ts');
  const server = await createServer(config);
  const { app, boot } = server;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  exitWithParent(config, () => void stop('parent process ended'));
  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  process.stdout.write(`sheets: serving on ${address} (REST /v1, MCP /mcp and /sse), store: ${where}\n`);
  if (boot?.token) {
    process.stdout.write(`sheets: owner token for space ${boot.spaceId} (shown once, keep it):\n\n  ${boot.token}\n\n`);
    process.stdout.write(`  try: curl -H "Authorization: Bearer ${boot.token}" ${address.replace('[::1]', 'localhost')}/v1/auth/me\n`);
  }
  // Probed after the server answers: a trial sandbox must not delay readiness.
  void reportCapabilities(server.services, (line) => process.stdout.write(line));
}

/** Prints which code-cell languages run here, and what to install for those that do not. */
async function reportCapabilities(services: Services, write: (line: string) => void): Promise<void> {
  try {
    for (const line of await services.capabilities.lines()) write(`sheets: ${line}\n`);
  } catch (err) {
    write(`sheets: could not check code-cell languages: ${(err as Error).message}\n`);
  }
}

async function mcpStdio(config: Config, args: string[]): Promise<void> {
  let closing = false;
  const { values } = parseArgs({ args, options: { tools: { type: 'string' }, 'allow-dir': { type: 'string', multiple: true } } });
  if (values.tools !== undefined && values.tools !== 'full' && values.tools !== 'compact') throw new Error('--tools must be full or compact');
  const tools = values.tools as 'full' | 'compact' | undefined;
  // Loaded here, not at the top: `sheets serve` loads MCP with its first /mcp request.
  const [{ serveStdio }, { buildModernServer }] = await Promise.all([import('@modelcontextprotocol/server/stdio'), import('../mcp/modern.ts')]);
  // The handshake needs no storage: the store (WebAssembly, data files, a busy second) opens once
  // the client is initialized, or with the first call that needs it (openingStore).
  let opening: Promise<Store> | undefined;
  const open = () => (opening ??= openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }));
  const store = openingStore(config.databaseUrl ? 'postgres' : 'pglite', open);
  const services = createServices(config, store);
  const log = (err: unknown) => process.stderr.write(`sheets mcp: ${String((err as Error)?.stack ?? err)}\n`);
  // Code cells queued here run here too (with the embedded store no other process can reach them).
  const workers = config.code.workers > 0 ? new WorkerPool(services, { log: (msg, err) => log(`${msg}: ${String((err as Error)?.stack ?? err)}`) }) : null;
  const signIn = async () => {
    const boot = await bootstrap(store, services.clock, config.bootstrapToken);
    const token = config.bootstrapToken ?? boot?.token;
    if (!token) {
      process.stderr.write('sheets mcp: set SHEETS_TOKEN to an API token (npm start prints one on first run; `npm run admin -- token create` makes more).\n');
      await store.close();
      process.exit(2);
    }
    if (boot?.token && !config.bootstrapToken) process.stderr.write(`sheets mcp: created owner token (shown once): ${boot.token}\n`);
    return authenticate(store, services.clock, token);
  };
  let signedIn: ReturnType<typeof signIn> | undefined;
  const caller = () => {
    if (signedIn) return signedIn;
    signedIn = signIn();
    void reportCapabilities(services, (line) => process.stderr.write(line));
    signedIn.then(() => void (closing || (workers?.start(), startSweeper(services, (msg) => process.stderr.write(`sheets mcp: ${msg}\n`)))), (err: Error) => {
      if (closing) return;
      process.stderr.write(`sheets mcp: ${err.message}\n`);
      process.exit(1);
    });
    return signedIn;
  };
  // Imports may read local files only from directories the admin named (--allow-dir, SHEETS_IMPORT_DIRS).
  const localDirs = [...config.importDirs, ...(values['allow-dir'] ?? [])].map((d) => resolve(d));
  // Once a 2025 client is initialized: sign in (opening the store), start the code-cell workers,
  // and say which code-cell languages run here (on stderr: stdout is the protocol's). A 2026-07-28
  // client has no handshake, and its SDK may probe with server/discover from a sibling process
  // that is then killed: the store opens with its first call (caller()), not before.
  const start = () => void caller().catch(() => undefined);
  // One factory for both eras: the connection's first message picks one, and its server serves the
  // connection (a server/discover probe builds one that is dropped if the client then falls back
  // to initialize).
  const handle = serveStdio(
    ({ era }) => {
      const server = buildModernServer({ services, caller, tools, log, localDirs }, era);
      if (era === 'legacy') server.oninitialized = start;
      return server;
    },
    { onerror: (err) => log(err) },
  );
  // The MCP stdio lifecycle: the client ends the session by closing our stdin, then SIGTERM, then
  // SIGKILL. Each ends the process within STDIO_EXIT_MS, with no sandbox left and the store closed
  // so the next `sheets mcp` can open the same data directory.
  const shutdown = async () => {
    // server.close() closes the transport, whose onclose lands here again.
    if (closing) return;
    closing = true;
    setTimeout(() => {
      workers?.runners.python.close();
      process.exit(0);
    }, STDIO_EXIT_MS).unref();
    await handle.close().catch(() => undefined);
    await workers?.stop(STDIO_TASK_GRACE_MS);
    // A store that never opened has nothing to close.
    if (opening) await store.close().catch(() => undefined);
    process.exit(0);
  };
  process.stdin.on('end', () => void shutdown());
  process.stdin.on('close', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  exitWithParent(config, () => void shutdown());
}

/** The stdio server's whole shutdown, and how long running code cells get before they are handed back. */
const STDIO_EXIT_MS = 1500;
const STDIO_TASK_GRACE_MS = 300;

/**
 * Calls `onGone` when the process that started this one dies (this process is then re-parented),
 * so a server never outlives the client or shell that ran it. SHEETS_EXIT_WITH_PARENT=0 turns it off.
 */
function exitWithParent(config: Config, onGone: () => void): void {
  const parent = process.ppid;
  if (!config.exitWithParent || parent <= 1) return;
  const timer = setInterval(() => {
    if (parentAlive(parent)) return;
    clearInterval(timer);
    onGone();
  }, PARENT_POLL_MS);
  timer.unref();
}
const PARENT_POLL_MS = 250;

/** Node's process.ppid is read once at start; Linux says who the parent is now in /proc. */
function parentAlive(parent: number): boolean {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
  } catch {
    try {
      process.kill(parent, 0);
      return true;
    } catch {
      return false;
    }
  }
}

async function admin(config: Config, args: string[]): Promise<void> {
  const [noun, verb, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      space: { type: 'string' },
      user: { type: 'string' },
      role: { type: 'string' },
      'expires-days': { type: 'string' },
      minutes: { type: 'string' },
      base: { type: 'string' },
      name: { type: 'string' },
      type: { type: 'string' },
      url: { type: 'string' },
      'no-check': { type: 'boolean' },
    },
  });
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const clock = makeClock(config.now);
  try {
    if (noun === 'space' && verb === 'create') {
      const name = positionals.join(' ').trim();
      if (!name) throw new Error('space create needs a NAME');
      const space = await store.createSpace(name, clock.now());
      console.log(JSON.stringify({ space_uuid: space.id, name: space.name }));
    } else if (noun === 'token' && verb === 'create') {
      const role = values.role as Role;
      if (!values.space || !values.user || !['owner', 'editor', 'viewer'].includes(role)) throw new Error('token create needs --space UUID --user NAME --role owner|editor|viewer');
      if (!(await store.getSpace(values.space))) throw new Error(`no space ${values.space}`);
      const days = values['expires-days'] ? Number(values['expires-days']) : undefined;
      const t = await issueToken(store, clock, { spaceId: values.space, userName: values.user, role, expiresInDays: days });
      console.log(JSON.stringify({ token: t.token, token_id: t.tokenId, user: { uuid: t.userId, name: t.userName }, role }));
    } else if (noun === 'token' && verb === 'revoke') {
      const target = positionals[0];
      if (!target) throw new Error('token revoke needs a TOKEN or token id');
      const ok = /^[0-9a-f-]{36}$/i.test(target) ? await store.revokeToken(target, clock.now()) : await store.revokeTokenByHash(hashToken(target), clock.now());
      if (!ok) throw new Error('no such token');
      console.log(JSON.stringify({ revoked: true }));
    } else if (noun === 'view-link') {
      // `admin view-link FILE`: the file is the verb's place in the argument list.
      const fileId = verb;
      if (!fileId || !/^[0-9a-f-]{36}$/i.test(fileId)) throw new Error('view-link needs a FILE_UUID');
      const file = await store.getFile(fileId);
      if (!file) throw new Error(`no file ${fileId}`);
      const minutes = values.minutes ? Number(values.minutes) : LINK_MINUTES;
      if (!(minutes > 0 && minutes <= 7 * 24 * 60)) throw new Error('--minutes must be between 1 and 10080');
      const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      const base = (values.base ?? `http://${host}:${config.port}`).replace(/\/+$/, '');
      console.log(`${base}/view/${file.id}?${signLink(viewSecret(config), file.id, clock.now(), minutes)}`);
    } else if (noun === 'connection' && verb === 'add') {
      const type = values.type;
      if (!values.space || !values.name || !values.url || (type !== 'postgres' && type !== 'mysql')) throw new Error('connection add needs --space UUID --name N --type postgres|mysql --url URL');
      const made = await addConnectionAsAdmin(store, config, clock, { spaceId: values.space, name: values.name, type, url: values.url, check: !values['no-check'] });
      console.log(JSON.stringify({ connection_uuid: made.uuid, name: made.name, type: made.type }));
    } else {
      throw new Error(`unknown admin command: ${[noun, verb].filter(Boolean).join(' ') || '(none)'}\n${USAGE}`);
    }
  } finally {
    await store.close();
  }
}

/** `sheets worker`: a process that only runs code-cell tasks, beside servers on the same PostgreSQL. */
async function worker(config: Config): Promise<void> {
  if (!config.databaseUrl) {
    process.stderr.write('sheets worker: needs DATABASE_URL. With the embedded store (PGlite) only one process can open the data directory, and `sheets serve` already runs its own workers (SHEETS_WORKERS).\n');
    process.exit(2);
  }
  const store = await openStore({ databaseUrl: config.databaseUrl });
  const services = createServices(config, store);
  const pool = new WorkerPool(services, { concurrency: Math.max(1, config.code.workers), log: (msg, err) => process.stderr.write(`${msg}: ${String((err as Error)?.stack ?? err)}\n`) }).start();
  process.stdout.write(`sheets worker ${pool.id}: running up to ${Math.max(1, config.code.workers)} code-cell tasks at once\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await pool.stop();
    await store.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  switch (command) {
    case 'serve':
      return serve(config);
    case 'mcp':
      return mcpStdio(config, args);
    case 'admin':
      return admin(config, args);
    case 'worker':
      return worker(config);
    default:
      process.stderr.write(`${USAGE}\n`);
      process.exit(command ? 2 : 0);
  }
}

main().catch((err: Error) => {
  process.stderr.write(`sheets: ${err.message}\n`);
  process.exit(1);
});
