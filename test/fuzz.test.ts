// Property-based fuzzing of every operation in the OpenAPI document (over HTTP) and every MCP tool
// (over Streamable HTTP): malformed, oversized, wrong-typed, unicode-hostile and prototype-polluting
// inputs. Whatever arrives: no 5xx (no `internal` error over MCP), a rejected request changes
// nothing, the process keeps answering, and Object.prototype stays clean. Seeded: a failure prints
// the seed and the shrunk input; replay with FUZZ_SEED=<seed>. FUZZ_RUNS scales the run count.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpHttpDoor, type Door } from './helpers/doors.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);

interface Operation {
  id: string;
  method: string;
  path: string;
  pathParams: string[];
  /** Every input field (query or body) with its JSON schema. */
  fields: Record<string, any>;
}

let server: TestServer;
let mcp: Door & { client: unknown };
let operations: Operation[] = [];
const fx: { file: string; sheet: string } = { file: '', sheet: 'Sheet1' };
const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  server = await startServer({ SHEETS_MAX_CELLS_PER_WRITE: '200000', SHEETS_CODE_TIMEOUT_MS: '2000' });
  mcp = await mcpHttpDoor(server);
  const doc = (await server.request('GET', '/v1/openapi.json')).body;
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const params = (op.parameters ?? []) as { name: string; in: string; schema: unknown }[];
      const body = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      operations.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        fields: { ...Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])), ...body },
      });
    }
  }
  operations = operations.sort((a, b) => a.id.localeCompare(b.id));
  await resetFixture();
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await server?.close();
});

/** A file with a little of everything, made again if a fuzzed call deleted it. */
async function resetFixture(): Promise<void> {
  const made = await server.request('POST', '/v1/files', { body: { name: 'fuzz target' } });
  fx.file = made.body.uuid;
  await server.request('PUT', `/v1/files/${fx.file}/cells`, { body: { cell: 'A1', values: [['a', 'b'], ['1', '2'], ['=A2+B2', 'x']], input: 'user_entered' } });
}

async function version(): Promise<number | null> {
  const res = await server.request('GET', `/v1/files/${fx.file}`);
  return res.status === 200 ? res.body.version : null;
}

// ---- generators ----------------------------------------------------------------------------------

const hostileStrings = fc.constantFrom(
  '', ' ', 'A1', 'Sheet1!A1:B2', 'ZZZZ99999999', '-1', '1e309', 'NaN', 'null', 'true', '[]', '{}',
  '\uD800', 'a\uDC00b', '\u0000', 'nul\u0000byte', '\u202Eevil\u202C', '\uFEFF', '😀', 'e\u0301', '../../etc/passwd', '%00', '%ED%A0%80',
  '=1/0', '=REPT("x",1e9)', '="a"&REPT("b",40000)', '=INDIRECT("A1")', "'", '"', '\\', '<script>', '${x}', '__proto__', 'constructor', 'prototype',
  'x'.repeat(70_000),
);

const leaf = fc.oneof(
  hostileStrings,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, 1e-300),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

/** JSON text with keys that pollute prototypes when merged naively. */
const polluting = fc.constantFrom(
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"__proto__": null}',
  '{"toString": "x", "valueOf": 1, "hasOwnProperty": null}',
).map((t) => JSON.parse(t) as unknown);

const deep = fc.integer({ min: 50, max: 400 }).map((n) => {
  let v: unknown = 'bottom';
  for (let i = 0; i < n; i++) v = [v];
  return v;
});

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 2, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 2, arbitrary: fc.array(fc.array(leaf, { maxLength: 4 }), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: polluting },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 2000 }, () => Array.from({ length: 20 }, () => 'cell'))) },
);

/** Arguments for one call: each known field sometimes well-placed, sometimes hostile, sometimes absent; plus stray keys. */
function argsFor(op: Operation): fc.Arbitrary<Record<string, unknown>> {
  const known = [...op.pathParams, ...Object.keys(op.fields)];
  const entries = known.map((name) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(sensible(name)) },
      { weight: 3, arbitrary: value },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ).map((v) => [name, v] as const),
  );
  const stray = fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'file_uuid', ''), value), { maxLength: 2 });
  return fc.tuple(fc.tuple(...entries), stray).map(([fields, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of fields) if (v !== undefined) out[k] = v;
    // defineProperty, not assignment: a "__proto__" key must be an own key, as JSON.parse makes it.
    for (const [k, v] of extra) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/** A plausible value for a field, so calls get past the first check and reach deeper code. */
function sensible(name: string): unknown {
  if (name === 'file_uuid') return fx.file;
  if (name === 'sheet') return fx.sheet;
  if (name === 'cell') return 'B2';
  if (name === 'range') return 'A1:C3';
  if (name.endsWith('_uuid') || name.endsWith('_id')) return '00000000-0000-4000-8000-000000000000';
  return undefined;
}

// ---- the doors -------------------------------------------------------------------------------------

async function callRest(op: Operation, args: Record<string, unknown>): Promise<number> {
  const rest = { ...args };
  let path = op.path;
  for (const p of op.pathParams) {
    path = path.replace(`{${p}}`, encodeURIComponent(typeof rest[p] === 'string' ? (rest[p] as string) : JSON.stringify(rest[p] ?? '')));
    delete rest[p];
  }
  if (op.method === 'GET' || op.method === 'DELETE') {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(rest)) qs.append(k, typeof v === 'string' ? v : JSON.stringify(v) ?? '');
    const q = qs.toString();
    return (await server.request(op.method, q ? `${path}?${q}` : path)).status;
  }
  return (await server.request(op.method, path, { raw: JSON.stringify(rest), headers: { 'content-type': 'application/json' } })).status;
}

describe('fuzzing every operation', { timeout: 600_000 }, () => {
  it('over REST: no 5xx, rejected requests change nothing, the server stays up', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(argsFor(op), async (args) => {
          const before = await version();
          if (before === null) await resetFixture();
          const status = await callRest(op, args);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          expect(status, `${op.method} ${op.path} ${JSON.stringify(args).slice(0, 300)}`).toBeLessThan(500);
          if (status >= 400 && before !== null) expect(await version(), `${op.id} was refused (${status}) but changed the file`).toBe(before);
        }),
        { seed: SEED, numRuns: 10 * RUNS, endOnFailure: true },
      ).catch((err: Error) => failures.push(`${op.id}: ${err.message.split('\n').slice(0, 6).join(' | ')}`));
    }
    console.log(`fuzz (seed ${SEED}): ${operations.length} operations, answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(failures).toEqual([]);
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('over raw HTTP: broken bodies, wrong content types, hostile URLs', async () => {
    const bodies = ['{"values": ' + '['.repeat(200_000) + ']'.repeat(200_000) + '}', '{', '[]', 'null', '"text"', '{"a":}', '\u0000', '{"cell": "A1", "values": [["\\ud800"]]}', JSON.stringify({ values: 'x'.repeat(1000) }), '{"__proto__": {"polluted": 1}}'];
    for (const op of operations.filter((o) => o.method !== 'GET')) {
      const path = op.path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(String(sensible(p) ?? 'x')));
      for (const raw of bodies) {
        const res = await server.request(op.method, path, { raw, headers: { 'content-type': 'application/json' } });
        expect(res.status, `${op.method} ${path} ${raw.slice(0, 40)}`).toBeLessThan(500);
      }
      const wrongType = await server.request(op.method, path, { raw: 'a,b\n1,2', headers: { 'content-type': 'text/csv' } });
      expect(wrongType.status).toBeLessThan(500);
    }
    for (const url of ['/v1/files/%ED%A0%80', '/v1/files/%', `/v1/files/${fx.file}/cells?range=%ED%A0%80`, `/v1/files/${fx.file}/cells?range=A1&range=B2`, '/v1/files?limit=1e309', `/v1/files/${fx.file}/cells?__proto__[polluted]=1&range=A1`]) {
      expect((await server.request('GET', url)).status, url).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('over MCP: no internal errors, rejected calls change nothing', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(argsFor(op), async (args) => {
          const before = await version();
          if (before === null) await resetFixture();
          const out = await mcp.call(op.id, args);
          if (out.ok) return;
          expect(out.code, `${op.id} ${JSON.stringify(args).slice(0, 300)}: ${out.message}`).not.toBe('internal');
          if (before !== null) expect(await version(), `${op.id} was refused but changed the file`).toBe(before);
        }),
        { seed: SEED, numRuns: 4 * RUNS, endOnFailure: true },
      ).catch((err: Error) => failures.push(`${op.id}: ${err.message.split('\n').slice(0, 6).join(' | ')}`));
    }
    expect(failures).toEqual([]);
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
  });
});
