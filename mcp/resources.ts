// Files as MCP resources: each file's context (the get_context JSON) and each sheet as CSV
// (displayed values), listed page by page and described by templates. Reads run the same ops as
// the tools, as the same caller, so permissions and limits are the tools' own.
import { ErrorCode, McpError, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { indexToCol } from '../core/a1.ts';
import { asOpError } from '../core/errors.ts';
import { loadPapa } from '../core/libs.ts';
import { findOp } from '../core/registry.ts';
import type { ExportShelf } from './exports.ts';
import { estimateTokens, fitJson, type ResultLimits } from './results.ts';
import type { Extra, OpRunner, Registrar } from './handler-types.ts';

const PAGE = 20;
const CONTEXT_URI = /^sheets:\/\/files\/([0-9a-fA-F-]{36})\/context$/;
const CSV_URI = /^sheets:\/\/files\/([0-9a-fA-F-]{36})\/sheets\/(.+)\.csv$/;
const RANGE_URI = /^sheets:\/\/files\/([0-9a-fA-F-]{36})\/ranges\/(.+)\.csv$/;

export const RESOURCE_TEMPLATES = [
  { uriTemplate: 'sheets://files/{file_uuid}/context', name: 'file-context', title: 'File context', description: 'Sheets with used ranges and headers, tables, charts, pivots and code cells (get_context as JSON).', mimeType: 'application/json' },
  { uriTemplate: 'sheets://files/{file_uuid}/sheets/{sheet}.csv', name: 'sheet-csv', title: 'Sheet as CSV', description: "Displayed values of a sheet's used range as CSV; cut past the result ceiling (see _meta.next_range).", mimeType: 'text/csv' },
  { uriTemplate: 'sheets://files/{file_uuid}/ranges/{range}.csv', name: 'range-csv', title: 'Range as CSV', description: 'Displayed values of a table, a named range or an A1 range (Sheet1!A1:C9) as CSV; cut past the result ceiling.', mimeType: 'text/csv' },
];

export const contextUri = (file: string) => `sheets://files/${file}/context`;
export const csvUri = (file: string, sheet: string) => `sheets://files/${file}/sheets/${encodeURIComponent(sheet)}.csv`;

type Ctx = { run: OpRunner; limits: ResultLimits; shelf: ExportShelf; app?: { resource: Resource; read: (uri: string) => Promise<unknown> } };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each op's own output shape; callers read the fields they asked for
async function call(ctx: Ctx, extra: Extra, op: string, args: Record<string, unknown>): Promise<any> {
  try {
    return await ctx.run(extra, findOp(op)!, args);
  } catch (err) {
    const e = asOpError(err);
    const code = e.code === 'not_found' ? -32002 : e.code === 'invalid_argument' ? ErrorCode.InvalidParams : ErrorCode.InternalError;
    throw new McpError(code, e.code === 'internal' ? 'Internal error; it has been logged.' : `${e.code}: ${e.message}`);
  }
}

/** One sheet as CSV, cut to the result ceiling; the cut is stated in _meta with the range to read next. */
async function sheetCsv(ctx: Ctx, extra: Extra, file: string, sheet: string) {
  const context = await call(ctx, extra, 'get_context', { file_uuid: file });
  const info = (context.sheets as { name: string; rows: number; cols: number }[]).find((s) => s.name.toLowerCase() === sheet.toLowerCase());
  if (!info) throw new McpError(-32002, `No sheet '${sheet}' in file ${file}; sheets are: ${context.sheets.map((s: { name: string }) => `'${s.name}'`).join(', ')}`);
  if (info.rows === 0) return { csv: '', meta: {} };
  const maxRows = Math.max(1, Math.floor((ctx.limits.maxCells * 5) / info.cols));
  const rows = Math.min(info.rows, maxRows);
  const data = await call(ctx, extra, 'read_cells', { file_uuid: file, sheet: info.name, range: `A1:${indexToCol(info.cols - 1)}${rows}` });
  let values = data.values as string[][];
  const max = ctx.limits.maxTokens;
  const Papa = await loadPapa();
  let csv = Papa.unparse(values);
  for (let tokens = estimateTokens(csv); tokens > max && values.length > 1; tokens = estimateTokens(csv)) {
    values = values.slice(0, Math.floor(values.length * (max / tokens) * 0.95) || 1);
    csv = Papa.unparse(values);
  }
  const kept = values.length;
  const meta = kept < info.rows ? { truncated: true, rows: info.rows, next_range: `A${kept + 1}:${indexToCol(info.cols - 1)}${info.rows}` } : { rows: info.rows };
  return { csv, meta };
}

const quoteSheet = (name: string) => (/^[A-Za-z_][\w.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`);

/** A table's or named range's cells, or an A1 range, as CSV cut to the result ceiling. */
async function rangeCsv(ctx: Ctx, extra: Extra, file: string, range: string) {
  const [tables, names] = await Promise.all([call(ctx, extra, 'list_tables', { file_uuid: file }), call(ctx, extra, 'list_names', { file_uuid: file })]);
  const lower = range.toLowerCase();
  const table = (tables.tables as { name: string; sheet: string; range: string }[]).find((t) => t.name.toLowerCase() === lower);
  const name = (names.names as { name: string; refers_to: string }[]).find((n) => n.name.toLowerCase() === lower);
  const ref = table ? `${quoteSheet(table.sheet)}!${table.range}` : name ? name.refers_to.replace(/^=/, '').replace(/\$/g, '') : range;
  const data = await call(ctx, extra, 'read_cells', { file_uuid: file, range: ref });
  const Papa = await loadPapa();
  let values = data.values as string[][];
  const total = values.length;
  let csv = Papa.unparse(values);
  for (let tokens = estimateTokens(csv); tokens > ctx.limits.maxTokens && values.length > 1; tokens = estimateTokens(csv)) {
    values = values.slice(0, Math.floor(values.length * (ctx.limits.maxTokens / tokens) * 0.95) || 1);
    csv = Papa.unparse(values);
  }
  return { csv, meta: { range: data.range as string, ...(data.sheet ? { sheet: data.sheet as string } : {}), ...(values.length < total || data.truncated ? { truncated: true } : {}) } };
}

export function registerResources(server: Registrar, ctx: Ctx): void {
  server.on('resources/templates/list', async () => ({ resourceTemplates: RESOURCE_TEMPLATES }));

  server.on('resources/list', async (req, extra) => {
    const offset = Number(req.params?.cursor ?? 0) || 0;
    const page = await call(ctx, extra, 'list_files', { limit: PAGE, offset });
    const resources: Resource[] = offset === 0 && ctx.app ? [ctx.app.resource] : [];
    for (const f of page.files as { uuid: string; name: string }[]) {
      resources.push({ uri: contextUri(f.uuid), name: `${f.name} — context`, mimeType: 'application/json' });
      const meta = await call(ctx, extra, 'get_file', { file_uuid: f.uuid });
      for (const s of meta.sheets as string[]) resources.push({ uri: csvUri(f.uuid, s), name: `${f.name} — ${s}.csv`, mimeType: 'text/csv' });
    }
    return { resources, ...(page.nextOffset !== undefined ? { nextCursor: String(page.nextOffset) } : {}) };
  });

  server.on('resources/read', async (req, extra) => {
    const uri: string = req.params.uri;
    if (ctx.app && uri === ctx.app.resource.uri) return ctx.app.read(uri);
    const shelved = ctx.shelf.read(uri);
    if (shelved) return shelved;
    let m = CONTEXT_URI.exec(uri);
    if (m) {
      const context = await call(ctx, extra, 'get_context', { file_uuid: m[1] });
      return { contents: [{ uri, mimeType: 'application/json', text: fitJson(context, ctx.limits) }] };
    }
    m = CSV_URI.exec(uri);
    if (m) {
      let sheet: string;
      try {
        sheet = decodeURIComponent(m[2]!);
      } catch {
        throw new McpError(ErrorCode.InvalidParams, `uri: the sheet name in ${uri} is not valid percent-encoding`);
      }
      const { csv, meta } = await sheetCsv(ctx, extra, m[1]!, sheet);
      return { contents: [{ uri, mimeType: 'text/csv', text: csv, _meta: meta }] };
    }
    m = RANGE_URI.exec(uri);
    if (m) {
      let range: string;
      try {
        range = decodeURIComponent(m[2]!);
      } catch {
        throw new McpError(ErrorCode.InvalidParams, `uri: the range in ${uri} is not valid percent-encoding`);
      }
      const { csv, meta } = await rangeCsv(ctx, extra, m[1]!, range);
      return { contents: [{ uri, mimeType: 'text/csv', text: csv, _meta: meta }] };
    }
    throw new McpError(-32002, `No resource ${uri}; see resources/templates/list for the URI forms.`);
  });
}
