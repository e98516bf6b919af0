// The registry tests itself: names, routes, schemas and descriptions agents rely on.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findOp, ops } from '../core/registry.ts';
import { toolOf } from '../mcp/tools.ts';
import { EXPLAINED_ONCE, FIELDS_AS, SELF_EVIDENT } from '../prompts/field-texts.ts';

describe('op registry', () => {
  it('has unique snake_case verb_noun names', () => {
    const names = ops.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
    // `fill` is the one verb that needs no noun: it is the name agents reach for (issue 15).
    for (const n of names) if (n !== 'fill') expect(n).toMatch(/^[a-z]+(_[a-z]+)+$/);
  });

  it('has unique method + path pairs under /v1 with declared path params', () => {
    const routes = ops.map((o) => `${o.http.method} ${o.http.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const op of ops) {
      expect(op.http.path.startsWith('/v1/')).toBe(true);
      for (const [, p] of op.http.path.matchAll(/:(\w+)/g)) expect(Object.keys(op.input.shape), `${op.name} path param ${p}`).toContain(p);
    }
  });

  it('gives every op a summary sentence and an object output', () => {
    for (const op of ops) {
      expect(op.summary.length, op.name).toBeGreaterThan(20);
      expect(op.summary.trim().endsWith('.'), op.name).toBe(true);
      if (!op.binary) expect((op.output as z.ZodType)._zod.def.type, op.name).toBe('object');
    }
  });

  it('produces MCP tool schemas that list their properties (zod 4 toJSONSchema, not zod-to-json-schema)', () => {
    for (const op of ops) {
      const tool = toolOf(op);
      expect(tool.inputSchema.type, op.name).toBe('object');
      // expected_version, dry_run and space_uuid (never needed: a token has one space) are explained once in the server instructions, not listed per tool.
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort(), op.name).toEqual(Object.keys(op.input.shape).filter((k) => k !== 'expected_version' && k !== 'dry_run' && k !== 'space_uuid').sort());
      // No outputSchema by default; with SHEETS_MCP_OUTPUT_SCHEMAS=fields, the result's top-level fields.
      expect(tool.outputSchema, op.name).toBeUndefined();
      if (!op.binary) expect(Object.keys(toolOf(op, { outputSchemas: true }).outputSchema?.properties ?? {}).length, op.name).toBeGreaterThan(0);
    }
  });

  it('describes every input field an agent fills (except those the server instructions explain once, self-evident ones, and those described in the tool FIELDS_AS names)', () => {
    const obvious = new Set<string>([...EXPLAINED_ONCE, ...SELF_EVIDENT]);
    type Props = Record<string, { description?: string }>;
    const propsOf = (name: string | undefined) => (name ? ((toolOf(findOp(name)!).inputSchema.properties ?? {}) as Props) : {});
    for (const op of ops) {
      const props = propsOf(op.name);
      const base = propsOf(FIELDS_AS[op.name]); // "Fields as add_chart": described there
      for (const [k, v] of Object.entries(props)) {
        // A field with a default needs no "Default 1." text: the schema's default says it.
        if (obvious.has(k) || base[k]?.description || (v as { default?: unknown }).default !== undefined) continue;
        expect(v.description, `${op.name}.${k}`).toBeTruthy();
      }
    }
  });

  it('writes objects nested in tool inputs as a signature, not a bare {type: object}', () => {
    const bare: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (path.includes('.') && n.type === 'object' && !n.properties && n.additionalProperties === undefined && !n.description) bare.push(path);
      for (const [k, v] of Object.entries(n)) {
        if (k === 'properties') for (const [name, p] of Object.entries(v as object)) walk(p, `${path}.${name}`);
        else if (k === 'items' || k === 'anyOf') walk(v, `${path}[]`);
      }
    };
    for (const op of ops) if (!FIELDS_AS[op.name]) walk(toolOf(op).inputSchema, op.name);
    expect(bare).toEqual([]);
  });

  it('offers expected_version on every file write and marks reads read-only', () => {
    for (const op of ops) {
      const shape = op.input.shape as Record<string, unknown>;
      if ('file_uuid' in shape && !op.hints.readOnly) expect(Object.keys(shape), op.name).toContain('expected_version');
      if (op.http.method === 'GET') expect(op.hints.readOnly, op.name).toBe(true);
    }
  });
});

describe('op files', () => {
  it('are named after their op and sit in the folder of their area', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { ROOT } = await import('./helpers/paths.ts');
    const wrong: string[] = [];
    let seen = 0;
    for (const folder of readdirSync(join(ROOT, 'core/ops'), { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const file of readdirSync(join(ROOT, 'core/ops', folder.name)).filter((f) => f.endsWith('.ts'))) {
        const text = readFileSync(join(ROOT, 'core/ops', folder.name, file), 'utf8');
        for (const m of text.matchAll(/defineOp\(\{\s*name: '(\w+)',[\s\S]*?area: '(\w+)'/g)) {
          seen++;
          if (file !== `${m[1]!.replaceAll('_', '-')}.ts`) wrong.push(`${folder.name}/${file} defines ${m[1]}`);
          if (folder.name !== m[2]) wrong.push(`${folder.name}/${file} has area '${m[2]}'`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(seen).toBe(ops.length);
  });
});
