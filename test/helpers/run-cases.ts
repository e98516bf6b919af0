// Runs case groups through every door: REST, and MCP over Streamable HTTP and stdio, as a 2025
// client (2025-11-25 and 2025-06-18, crossed with the transports table by table) and as a
// 2026-07-28 client; tables that ask (`sse: true`) also through the legacy SSE transport. An area's
// test file is one line: runCases('cells', cellCases).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseGroup } from '../cases/types.ts';
import { mcpHttpDoor, mcpModernHttpDoor, mcpModernStdioDoor, mcpSseDoor, mcpStdioDoor, restDoor, type Door } from './doors.ts';
import { startServer, type TestServer } from './server.ts';

export type DoorName = 'rest' | 'mcp-http' | 'mcp-sse' | 'mcp-stdio' | 'mcp-2026-http' | 'mcp-2026-stdio';
const DEFAULT_DOORS: DoorName[] = ['rest', 'mcp-http', 'mcp-stdio', 'mcp-2026-http', 'mcp-2026-stdio'];

/**
 * `sse`: the table also runs through the legacy HTTP+SSE transport (deprecated by the 2025
 * revisions, served for older clients). It runs on a representative set of tables (docs/agents.md,
 * Conformance), not on all: each door is a run of the whole table, and the SSE door differs from
 * Streamable HTTP only in how messages travel.
 */
/** Whether a table crosses the 2025 revisions the other way (a stable choice by its title). */
export function crossed(title: string): boolean {
  let h = 0;
  for (const ch of title) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % 2 === 1;
}

export function runCases(title: string, groups: CaseGroup[], opts: { doors?: DoorName[]; sse?: boolean; env?: Record<string, string> } = {}): void {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(opts.env);
  });
  afterAll(async () => server?.close());

  // The two 2025 revisions cross the two transports table by table: half the tables announce
  // 2025-11-25 over Streamable HTTP and 2025-06-18 over stdio, the other half the other way round
  // (test/mcp-eras.test.ts crosses every revision with both transports on one table).
  const [httpVersion, stdioVersion] = crossed(title) ? ['2025-06-18', '2025-11-25'] : ['2025-11-25', '2025-06-18'];
  const all: [DoorName, () => Promise<Door>][] = [
    ['rest', async () => restDoor(server)],
    ['mcp-http', () => mcpHttpDoor(server, server.token, httpVersion)],
    ['mcp-sse', () => mcpSseDoor(server)],
    ['mcp-stdio', () => mcpStdioDoor(server, opts.env, stdioVersion)],
    ['mcp-2026-http', () => mcpModernHttpDoor(server)],
    ['mcp-2026-stdio', () => mcpModernStdioDoor(server, opts.env)],
  ];
  // SHEETS_TEST_DOORS names the doors every table runs through (CI's PostgreSQL run keeps REST:
  // the store under test does not depend on the MCP transport); naming mcp-sse runs it on every
  // table.
  const only = process.env.SHEETS_TEST_DOORS?.split(',');
  const candidates = opts.doors ?? (only || opts.sse ? all.map(([name]) => name) : DEFAULT_DOORS);
  const doors = all.filter(([name]) => candidates.includes(name) && (!only || only.includes(name)));

  describe.each(doors)(`${title} via %s`, (_name, open) => {
    let door: Door;
    beforeAll(async () => {
      door = await open();
    });
    afterAll(async () => door?.close());

    for (const group of groups) {
      describe(group.name, () => {
        let fx: Record<string, any>;
        // Cases of a group build on the ones before them. Each case can still run alone
        // (vitest -t "its name"): the cases before it that did not run are run first, in order.
        const ran = new Set<Case>();
        beforeAll(async () => {
          fx = await group.setup(door);
        });
        const run = async (c: Case) => {
          ran.add(c);
          const out = await door.call(c.op, c.args(fx));
          if (c.error) {
            expect(out.ok, `expected ${c.error.code}, got success: ${JSON.stringify(out)}`).toBe(false);
            if (out.ok) return;
            expect(out.code).toBe(c.error.code);
            if (c.error.message) expect(out.message).toMatch(c.error.message);
            if (c.error.index !== undefined) expect(out.details.index).toBe(c.error.index);
          } else {
            expect(out.ok, `expected success, got ${JSON.stringify(out)}`).toBe(true);
            if (out.ok) await c.ok?.(out.data, fx, out.text);
          }
          await c.then?.(door, fx);
        };
        group.cases.forEach((c, i) => {
          it(c.name, async () => {
            for (const before of group.cases.slice(0, i)) {
              if (ran.has(before)) continue;
              try {
                await run(before);
              } catch (err) {
                throw new Error(`'${before.name}', which '${c.name}' builds on, failed when run first: ${(err as Error).message}`, { cause: err });
              }
            }
            await run(c);
          });
        });
      });
    }
  });
}
