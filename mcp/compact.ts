// The `compact` tool surface: the registry folded into a few tools by area, each taking
// {action, args}. args are validated by the named op's own schema, so nothing is re-declared here;
// action "help" returns one op's full description, example and input schema on demand, or, with
// no action named, every action's of the group at once.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { OpError } from '../core/errors.ts';
import { findOp } from '../core/registry.ts';
import { FIELDS_AS } from '../prompts/field-texts.ts';
import { didYouMean } from '../core/suggest.ts';
import type { AnyOp, OpArea } from '../core/op.ts';
import type { ToolGroup } from '../core/area.ts';
import { areas } from '../core/areas.ts';
import { actionGist, toolDescription } from '../prompts/tool-texts.ts';
import { TASK_EXECUTION } from './tasks.ts';
import { jsonSchemaOf, slimInputSchema } from './schema-slim.ts';
import { groupAnnotations } from './tools.ts';

export type GroupName = ToolGroup;

const GROUPS: ReadonlyMap<OpArea, GroupName> = new Map(areas.map((a) => [a.name, a.group]));

/** The compact tool of an area's ops, as the area declares it (core/area.ts `group`). */
export function groupOf(area: OpArea): GroupName {
  const g = GROUPS.get(area);
  if (!g) throw new Error(`area ${area} is not in core/areas.ts`);
  return g;
}

const ABOUT: Record<GroupName, string> = {
  files: 'Files: create, list, context, batches, copies, history, versions; API tokens.',
  sheets: 'Sheets, rows and columns.',
  cells: 'Cell values, formulas, named ranges, validation, notes, filters.',
  formatting: 'Number formats, fonts, colours, borders, conditional formats.',
  objects: 'Charts, data tables, pivot tables.',
  code: 'Code cells (Python, SQL, JavaScript), database connections.',
  transfer: 'Import CSV, Excel, Parquet; export PDF, xlsx, CSV.',
};

const HIDDEN_ARGS = new Set(['file_uuid', 'expected_version', 'dry_run', 'space_uuid']);
/** Fields shared with the op a FIELDS_AS entry names are said as "<op>'s fields" from this many on. */
const SHARED_FIELDS_AS_ONE = 3;

type Json = Record<string, unknown>;

/** An enum's values, or undefined: on the field, its list items or one branch of a union (null, "clear", left out). */
function choicesOf(p: Json): unknown[] | undefined {
  const items = p.items as Json | undefined;
  const branch = (p.anyOf as Json[] | undefined)?.find((x) => Array.isArray(x.enum));
  const list = (p.enum ?? items?.enum ?? branch?.enum) as unknown[] | undefined;
  return list?.filter((v) => v !== null);
}

/** One field as a signature shows it: `name`, `name?` when optional, `render?:displayed|raw|formula` with its choices. */
function fieldSig(name: string, p: Json, required: boolean): string {
  const choices = choicesOf(p);
  return `${name}${required ? '' : '?'}${choices ? `:${choices.map((c) => (c === '' ? '""' : String(c))).join('|')}` : ''}`;
}

/**
 * write_cells(cell,values,input?:literal|user_entered,date_order?:DMY|MDY) — every field an action
 * takes, required ones first, with an enum's choices; "*" in front when it needs file_uuid. `sheet`
 * (most actions take it, optional) is said once per tool; the fields an op shares with the one
 * FIELDS_AS names are said as that op's (`*update_chart(chart_id,add_chart's fields?)`). Nested
 * shapes and texts are in help.
 */
export function signatureOf(op: AnyOp): string {
  const schema = slimInputSchema(op.input);
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set(schema.required ?? []);
  const names = Object.keys(props).filter((n) => !HIDDEN_ARGS.has(n) && (n !== 'sheet' || required.has(n)));
  names.sort((a, b) => Number(required.has(b)) - Number(required.has(a)));
  const as = FIELDS_AS[op.name];
  const base = as ? findOp(as) : undefined;
  const baseProps = base ? ((slimInputSchema(base.input).properties ?? {}) as Record<string, Json>) : {};
  const shared = names.filter((n) => !required.has(n) && n in baseProps);
  const folded = shared.length >= SHARED_FIELDS_AS_ONE ? new Set(shared) : new Set<string>();
  const shown = names.filter((n) => !folded.has(n)).map((n) => fieldSig(n, props[n]!, required.has(n)));
  if (folded.size) shown.push(`${as}'s fields?`);
  return `${required.has('file_uuid') ? '*' : ''}${op.name}(${shown.join(',')})`;
}

export interface CompactGroup {
  tool: Tool;
  ops: AnyOp[];
}

export function compactGroups(ops: readonly AnyOp[]): Map<string, CompactGroup> {
  const byGroup = new Map<GroupName, AnyOp[]>();
  for (const op of ops) {
    const g = groupOf(op.area);
    byGroup.set(g, [...(byGroup.get(g) ?? []), op]);
  }
  const out = new Map<string, CompactGroup>();
  for (const [name, members] of byGroup) {
    const lines = members.map((op) => `${signatureOf(op)}: ${actionGist(op)}`);
    // name? is optional and a|b a choice, as TypeScript writes them; the rest is said here once per tool.
    const description = `${ABOUT[name]} Args per action (*: +file_uuid; most +sheet?). "help", args {"action": NAME}: full schema.\n${lines.join('\n')}`;
    out.set(name, {
      ops: members,
      tool: {
        name,
        description,
        inputSchema: {
          type: 'object',
          properties: {
            // The actions are listed in the description; an enum would list every name again
            // (~450 tokens over the surface), and a wrong name is answered with the list.
            action: { type: 'string', description: 'Listed above, or "help".' },
            args: { type: 'object' },
          },
          required: ['action'],
          additionalProperties: false,
        },
        title: `${name.charAt(0).toUpperCase()}${name.slice(1)}`,
        annotations: groupAnnotations(members),
        // Any of its actions may run as a task when one of them runs long (a quick one just finishes at once).
        ...(members.some((op) => op.runsLong) ? { execution: TASK_EXECUTION } : {}),
      },
    });
  }
  return out;
}

export type Resolved = { kind: 'op'; op: AnyOp; args: unknown } | { kind: 'help'; text: string; data: Record<string, unknown> };

/** Turns a compact call into the op it names; validation of args is the op's own (core/dispatch.ts). */
export function resolveCompact(group: CompactGroup, raw: Record<string, unknown> | undefined): Resolved {
  const input = raw ?? {};
  const names = group.ops.map((o) => o.name);
  const unknownKeys = Object.keys(input).filter((k) => k !== 'action' && k !== 'args');
  if (unknownKeys.length) throw new OpError('invalid_argument', `${unknownKeys[0]}: unknown field; put the action's fields inside args`, { field: unknownKeys[0] });
  const action = input.action;
  const args = input.args ?? {};
  if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new OpError('invalid_argument', 'args: must be an object holding the action\'s fields', { field: 'args' });
  if (action === 'help') {
    const target = (args as Record<string, unknown>).action;
    if (target === undefined) {
      const all = group.ops.map(helpOf);
      return { kind: 'help', data: { actions: all.map((h) => h.data) }, text: all.map((h) => h.text).join('\n\n') };
    }
    const op = group.ops.find((o) => o.name === target);
    if (!op) throw new OpError('invalid_argument', `args.action: name one of ${names.join(', ')}, or leave it out for all`, { field: 'args.action' });
    return { kind: 'help', ...helpOf(op) };
  }
  const op = typeof action === 'string' ? group.ops.find((o) => o.name === action) : undefined;
  if (!op) {
    const elsewhere = typeof action === 'string' ? findOp(action) : undefined;
    if (elsewhere) throw new OpError('invalid_argument', `action: '${action as string}' is an action of the '${groupOf(elsewhere.area)}' tool; call ${groupOf(elsewhere.area)} with it. This tool's actions: ${names.join(', ')}, help`, { field: 'action' });
    const hint = didYouMean(action, names);
    throw new OpError('invalid_argument', `action: ${action === undefined ? 'is required' : `'${String(action)}' is not an action of this tool${hint}`}; one of ${names.join(', ')}, help`, { field: 'action' });
  }
  return { kind: 'op', op, args };
}

/** One action's help: its full description (with the example), input schema and result fields. */
function helpOf(op: AnyOp): { text: string; data: Record<string, unknown> } {
  const schema = slimInputSchema(op.input);
  const returns = op.binary ? ['(a file)'] : Object.keys((jsonSchemaOf(op.output, 'output').properties ?? {}) as object);
  const data = { action: op.name, description: toolDescription(op), input_schema: schema, returns };
  return { data, text: `${op.name}: ${data.description}\nargs schema: ${JSON.stringify(schema)}\nreturns: ${returns.join(', ')}` };
}
