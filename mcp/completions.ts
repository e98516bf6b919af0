// completion/complete for prompt arguments and resource-template variables: file uuids (matched
// by uuid or name), sheet names, column headers, and table and named-range names for ranges.
// Every lookup runs an op as the caller, so a token is offered only what it may read.
import type { CompleteResult } from '@modelcontextprotocol/sdk/types.js';
import { findOp } from '../core/registry.ts';
import { PROMPTS } from '../prompts/prompts.ts';
import { RESOURCE_TEMPLATES } from './resources.ts';
import type { OpRunner, Registrar } from './handler-types.ts';

/** MCP caps a completion at 100 values. */
const MAX_VALUES = 100;
/** Files looked through for a match (pages of 1,000). */
const MAX_FILES = 5000;

type Known = Record<string, string>;
type Completer = (value: string, known: Known, call: Call) => Promise<string[]>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each op's own output shape
type Call = (op: string, args: Record<string, unknown>) => Promise<any>;

/** Prefix matches first, then matches inside the text; case-insensitive, each value once. */
export function rank(value: string, candidates: Iterable<string>, text: (c: string) => string[] = (c) => [c]): string[] {
  const v = value.toLowerCase();
  const first: string[] = [];
  const then: string[] = [];
  for (const c of new Set(candidates)) {
    const texts = text(c).map((t) => t.toLowerCase());
    if (texts.some((t) => t.startsWith(v))) first.push(c);
    else if (texts.some((t) => t.includes(v))) then.push(c);
  }
  return [...first, ...then];
}

const files: Completer = async (value, _known, call) => {
  const found: { uuid: string; name: string }[] = [];
  for (let offset = 0; offset < MAX_FILES; ) {
    const page = await call('list_files', { limit: 1000, offset });
    found.push(...(page.files as { uuid: string; name: string }[]));
    if (page.nextOffset === undefined) break;
    offset = page.nextOffset as number;
  }
  const names = new Map(found.map((f) => [f.uuid, f.name]));
  return rank(value, names.keys(), (uuid) => [uuid, names.get(uuid)!]);
};

const sheets: Completer = async (value, known, call) => {
  if (!known.file_uuid) return [];
  const file = await call('get_file', { file_uuid: known.file_uuid });
  return rank(value, file.sheets as string[]);
};

/** Column headers of the chosen sheet (or the first), for arguments that name a column. */
const columns: Completer = async (value, known, call) => {
  if (!known.file_uuid) return [];
  const context = await call('get_context', { file_uuid: known.file_uuid });
  const all = context.sheets as { name: string; headers: string[] }[];
  const sheet = known.sheet ? all.find((s) => s.name.toLowerCase() === known.sheet!.toLowerCase()) : all[0];
  return rank(value, (sheet?.headers ?? []).filter(Boolean));
};

/** Ranges by name: the file's tables and named ranges. */
const ranges: Completer = async (value, known, call) => {
  if (!known.file_uuid) return [];
  const [tables, names] = await Promise.all([call('list_tables', { file_uuid: known.file_uuid }), call('list_names', { file_uuid: known.file_uuid })]);
  return rank(value, [...(tables.tables as { name: string }[]).map((t) => t.name), ...(names.names as { name: string }[]).map((n) => n.name)]);
};

const BY_ARGUMENT: Record<string, Completer> = { file_uuid: files, sheet: sheets, group_by: columns, measure: columns, range: ranges };

export function registerCompletions(server: Registrar, ctx: { run: OpRunner }): void {
  server.on('completion/complete', async (req, extra): Promise<CompleteResult> => {
    const { ref, argument } = req.params as { ref: { type: string; name?: string; uri?: string }; argument: { name: string; value: string } };
    // An unknown prompt, template or argument has nothing to offer: an empty list, not an error
    // (clients ask as the user types; the conformance suite asks about its own fixture prompt).
    const completer = argumentsOf(ref).includes(argument.name) ? BY_ARGUMENT[argument.name] : undefined;
    if (!completer) return { completion: { values: [] } };
    const call: Call = (op, args) => ctx.run(extra, findOp(op)!, args);
    let values: string[];
    try {
      values = await completer(argument.value, req.params.context?.arguments ?? {}, call);
    } catch {
      // A file the caller cannot read, or a sheet that is not there: nothing to offer.
      values = [];
    }
    return { completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES } };
  });
}

/** The arguments a prompt takes, or the variables of one of our resource templates (none when unknown). */
function argumentsOf(ref: { type: string; name?: string; uri?: string }): string[] {
  if (ref.type === 'ref/prompt') return PROMPTS.find((p) => p.name === ref.name)?.arguments.map((a) => a.name) ?? [];
  const template = RESOURCE_TEMPLATES.find((t) => t.uriTemplate === ref.uri);
  return template ? [...template.uriTemplate.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!) : [];
}
