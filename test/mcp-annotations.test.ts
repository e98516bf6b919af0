// Every tool carries all four MCP annotations and a title, right for its op: clients ask before a
// destructive call, run read-only ones freely and warn about open-world ones, on both surfaces.
import { describe, expect, it } from 'vitest';
import { findOp, ops } from '../core/registry.ts';
import { compactGroups } from '../mcp/compact.ts';
import { toolOf } from '../mcp/tools.ts';

const tools = ops.map((op) => [op.name, op, toolOf(op)] as const);
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

describe('tool annotations, full surface', () => {
  it.each(tools)('%s: all four hints and a title', (_n, _op, tool) => {
    for (const h of HINTS) expect(typeof tool.annotations?.[h], h).toBe('boolean');
    expect(tool.title).toMatch(/^[A-Z][a-z]+( [A-Za-z]+)*$/);
    expect(tool.annotations?.title).toBe(tool.title);
  });

  it('reads are read-only, idempotent and never destructive; GET routes are reads', () => {
    for (const [name, op, tool] of tools) {
      if (op.http.method === 'GET') expect(tool.annotations?.readOnlyHint, name).toBe(true);
      if (tool.annotations?.readOnlyHint) expect([name, tool.annotations.destructiveHint, tool.annotations.idempotentHint]).toEqual([name, false, true]);
    }
    for (const name of ['read_cells', 'list_files', 'get_context', 'export_pdf', 'query_table', 'wait_task']) expect(toolOf(findOp(name)!).annotations?.readOnlyHint, name).toBe(true);
  });

  it('deletes, clears and overwrites are destructive; creates and appends are not', () => {
    for (const [name, op, tool] of tools) if (op.http.method === 'DELETE' && name !== 'unmerge_cells') expect(tool.annotations?.destructiveHint, name).toBe(true);
    for (const name of ['write_cells', 'set_formula', 'clear_cells', 'find_replace', 'import_into_file', 'run_batch', 'sort_range', 'delete_rows_or_columns']) expect(toolOf(findOp(name)!).annotations?.destructiveHint, name).toBe(true);
    for (const name of ['create_file', 'add_sheet', 'append_table_rows', 'insert_rows_or_columns', 'add_chart', 'create_token', 'copy_file']) {
      const a = toolOf(findOp(name)!).annotations!;
      expect([name, a.readOnlyHint, a.destructiveHint]).toEqual([name, false, false]);
    }
  });

  it('repeating is harmless for writes that set state, not for ones that add or rerun', () => {
    for (const name of ['write_cells', 'format_cells', 'rename_sheet', 'delete_sheet', 'delete_chart', 'revoke_token']) expect(toolOf(findOp(name)!).annotations?.idempotentHint, name).toBe(true);
    for (const name of ['create_file', 'add_sheet', 'append_table_rows', 'insert_rows_or_columns', 'delete_rows_or_columns', 'set_code_cell', 'rerun_code_cells', 'find_replace']) expect(toolOf(findOp(name)!).annotations?.idempotentHint, name).toBe(false);
  });

  it('only what reaches a database connection is open-world', () => {
    const open = tools.filter(([, , t]) => t.annotations?.openWorldHint).map(([n]) => n).sort();
    expect(open).toEqual(['add_connection', 'get_connection_schemas', 'rerun_code_cells', 'run_batch', 'run_batch_on_files', 'search_connection_tables', 'set_code_cell']);
  });
});

describe('tool annotations, compact surface', () => {
  const groups = [...compactGroups(ops).values()];
  it('each group tool has a title and all four hints, summing up its actions', () => {
    for (const { tool, ops: members } of groups) {
      expect(tool.title, tool.name).toBeTruthy();
      for (const h of HINTS) expect(typeof tool.annotations?.[h], `${tool.name}.${h}`).toBe('boolean');
      const each = members.map((o) => toolOf(o).annotations!);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(each.every((a) => a.readOnlyHint));
      expect(tool.annotations?.destructiveHint, tool.name).toBe(each.some((a) => a.destructiveHint));
      expect(tool.annotations?.openWorldHint, tool.name).toBe(each.some((a) => a.openWorldHint));
    }
    const by = Object.fromEntries(groups.map((g) => [g.tool.name, g.tool.annotations!]));
    expect(by.cells!.destructiveHint).toBe(true);
    expect(by.code!.openWorldHint).toBe(true);
    expect(by.formatting!.openWorldHint).toBe(false);
  });
});
