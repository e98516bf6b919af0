// One table of cases, every door: REST, MCP over Streamable HTTP, legacy SSE and stdio.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCases } from './cases/platform.ts';
import type { CaseGroup } from './cases/types.ts';
import { mcpHttpDoor, mcpSseDoor, mcpStdioDoor, restDoor, type Door } from './helpers/doors.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const groups: CaseGroup[] = [...platformCases];

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const doors: [string, () => Promise<Door>][] = [
  ['rest', async () => restDoor(server)],
  ['mcp-http', () => mcpHttpDoor(server)],
  ['mcp-sse', () => mcpSseDoor(server)],
  ['mcp-stdio', () => mcpStdioDoor(server)],
];

describe.each(doors)('door %s', (_name, open) => {
  let door: Door;
  beforeAll(async () => {
    door = await open();
  });
  afterAll(async () => door?.close());

  for (const group of groups) {
    describe(group.name, () => {
      let fx: Record<string, any>;
      beforeAll(async () => {
        fx = await group.setup(door);
      });
      for (const c of group.cases) {
        it(c.name, async () => {
          const out = await door.call(c.op, c.args(fx));
          if (c.error) {
            expect(out.ok, `expected ${c.error.code}, got success: ${JSON.stringify(out)}`).toBe(false);
            if (out.ok) return;
            expect(out.code).toBe(c.error.code);
            if (c.error.message) expect(out.message).toMatch(c.error.message);
            if (c.error.index !== undefined) expect(out.details.index).toBe(c.error.index);
          } else {
            expect(out.ok, `expected success, got ${JSON.stringify(out)}`).toBe(true);
            if (out.ok) await c.ok?.(out.data, fx);
          }
          await c.then?.(door, fx);
        });
      }
    });
  }
});
