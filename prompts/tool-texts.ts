// Agent-facing tool descriptions: the op's summary, then when to use it instead of its neighbours,
// one example argument object (a test parses it and validates it against the op's own schema) and
// what comes back. Keyed by op name; areas append their entries. Keep each short: every character
// here is paid for by every agent that loads the tools (budgets in test/agent-budgets.test.ts).
import type { AnyOp, OpText } from '../core/op.ts';
import { FIELDS_AS } from './field-texts.ts';

/** A file uuid for examples (valid, so examples pass the op's schema). */
export const EX_FILE = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';

export type ToolText = OpText;

const f = EX_FILE;
const EX_TASK = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const EX_CONN = '2b1f8e4a-6c3d-4e5f-9a0b-1c2d3e4f5a6b';

export const TOOL_TEXTS: Record<string, ToolText | string> = {
  // account
  get_me: { example: {} },
  create_token: { example: { user_name: 'ana', role: 'editor' } },
  list_tokens: { example: {} },
  revoke_token: { example: { token_id: '0d6f3c2a-9b1e-4f7a-8c5d-2e4f6a8b0c1d' } },
  // files
  list_files: { example: {} },
  create_file: { example: { name: 'Budget', sheets: ['Data', 'Summary'] } },
  get_file: { use: 'Contents: get_context.', example: { file_uuid: f } },
  get_context: { example: { file_uuid: f } },
  run_batch: { example: { file_uuid: f, actions: [{ op: 'set_formula', args: { cell: 'B1', formula: '=A1*2' } }] } },
  run_batch_on_files: { example: { file_uuids: [f], actions: [{ op: 'read_cells', args: { range: 'A1:C9' } }] } },
  copy_file: { use: 'E.g. to reset an episode.', example: { file_uuid: f } },
  get_history: { use: 'Also lists checkpoints.', example: { file_uuid: f } },
  rename_file: { example: { file_uuid: f, name: 'Budget 2026' } },
  delete_file: { example: { file_uuid: f } },
  restore_file: { example: { file_uuid: f } },
  undo_write: { example: { file_uuid: f } },
  restore_version: { example: { file_uuid: f, to: 'before cleanup' } },
  create_checkpoint: { example: { file_uuid: f, name: 'before cleanup' } },
  diff_file: { use: 'Check your work.', example: { file_uuid: f, against: 3, ranges: ['Sheet1!A1:D20'] } },
  // sheets
  list_sheets: { example: { file_uuid: f } },
  add_sheet: { example: { file_uuid: f, name: 'Summary' } },
  rename_sheet: { example: { file_uuid: f, sheet: 'Sheet1', new_name: 'Data' } },
  delete_sheet: { example: { file_uuid: f, sheet: 'Old' } },
  move_sheet: { example: { file_uuid: f, sheet: 'Summary', position: 0 } },
  duplicate_sheet: { example: { file_uuid: f, sheet: 'Data' } },
  // cells
  read_cells: { example: { file_uuid: f, range: 'A1:D20' }, returns: 'typed CSV (RFC 4180): "text", 3, TRUE, #N/A, 45306 (1/15/2024), 0.07 (7%), "" empty; JSON: values as shown, typed beside.' },
  write_cells: { example: { file_uuid: f, cell: 'A1', values: [['Item', 'Cost'], ['Rent', '1200']] } },
  set_formula: {
    use: 'Errors like #DIV/0! are data; FILTER, SORT, UNIQUE spill (#SPILL! if blocked).',
    example: { file_uuid: f, cell: 'C2', formula: '=A2*B2' },
  },
  clear_cells: { example: { file_uuid: f, range: 'A1:C10' } },
  batch_update_cells: { example: { file_uuid: f, writes: [{ cell: 'A1', values: [['Item', 'Price']] }], formats: [{ range: 'A1:B1', bold: true }] } },
  export_data: { example: { file_uuid: f, range: 'A:F' } },
  has_data: { example: { file_uuid: f, range: 'H1:K20' } },
  find_replace: { example: { file_uuid: f, find: 'Q1', replace: 'Q2' } },
  // formats
  read_formats: { example: { file_uuid: f, range: 'A1:F20' } },
  format_cells: { use: 'Dates: date_time "%d.%m.%Y".', example: { file_uuid: f, range: 'B2:B9', number_format: 'currency', currency_symbol: '€' } },
  set_borders: { example: { file_uuid: f, range: 'A1:D10', sides: 'outer', line: 'line2' } },
  // structure (rows, columns, sizes, merges, cell moves, dependencies)
  insert_rows_or_columns: { example: { file_uuid: f, at: 'C', side: 'after' } },
  delete_rows_or_columns: { example: { file_uuid: f, indices: ['B', 'D:E'] } },
  move_rows_or_columns: { example: { file_uuid: f, range: '3:4', to: '10' } },
  set_sizes: { example: { file_uuid: f, size: 160, indices: ['A', 'C:D'] } },
  set_default_size: { example: { file_uuid: f, size: 120 } },
  delete_rows_where: { example: { file_uuid: f, range: 'A1:K500', condition: '=LEFT(K2,2)="PC"', dry_run: true } },
  subtotal_rows: { example: { file_uuid: f, range: 'A1:F200', group_by: 'Region', columns: ['Sales'] } },
  get_layout: { example: { file_uuid: f } },
  merge_cells: { example: { file_uuid: f, range: 'A1:D1', center: true } },
  unmerge_cells: { example: { file_uuid: f, range: 'A1:D10' } },
  move_cells: { use: 'To copy: copy_paste.', example: { file_uuid: f, source: 'A1:C10', target: 'E1' } },
  copy_paste: { example: { file_uuid: f, source: 'A1:C10', target: 'Report!A1', paste: 'values' } },
  fill: { example: { file_uuid: f, source: 'C2', to: 'C2:C100' } },
  sort_range: { example: { file_uuid: f, range: 'A2:D50', by: [{ column: 'B', descending: true }] } },
  remove_duplicates: { example: { file_uuid: f, range: 'A:C', columns: ['A'] } },
  trim_whitespace: { example: { file_uuid: f, range: 'A:D' } },
  split_text_to_columns: { example: { file_uuid: f, range: 'A2:A200', delimiter: ';' } },
  get_dependencies: { example: { file_uuid: f, cell: 'D2' } },
  // code cells and connections
  set_code_cell: {
    use: 'SQL binds a cell as {{B1}}. Tables spill; reruns when inputs change.',
    example: { file_uuid: f, cell: 'E1', language: 'python', code: "cells('A1:C20').sum()" },
    returns: 'task_id for wait_task.',
  },
  get_code_cell: { example: { file_uuid: f, cell: 'E1' } },
  rerun_code_cells: { example: { file_uuid: f, range: 'E1:E10' } },
  get_task: { use: 'wait_task waits instead.', example: { task_id: EX_TASK } },
  wait_task: { example: { task_id: EX_TASK } },
  list_connections: { example: {} },
  add_connection: { example: { name: 'Sales', type: 'postgres', url: 'postgres://u:pw@db/sales' } },
  delete_connection: { example: { connection_uuid: EX_CONN } },
  get_connection_schemas: { example: {} },
  search_connection_tables: { example: { connection_uuid: EX_CONN, query: 'customer orders' } },
  // charts
  add_chart: {
    use: 'Series indices count data columns from 0 (categories: 0).',
    example: { file_uuid: f, chart_type: 'combo', data_range: 'A1:C13', series_marks: [{ series: 2, mark: 'line' }] },
  },
  update_chart: { use: 'null clears a list.', example: { file_uuid: f, chart_id: 'chart_1a2b3c4d5e', title: '' } },
  delete_chart: { example: { file_uuid: f, chart_id: 'chart_1a2b3c4d5e' } },
  list_charts: { example: { file_uuid: f } },
  get_chart_image: { example: { file_uuid: f, chart_id: 'chart_1a2b3c4d5e' } },
  // conditional formats
  list_conditional_formats: { example: { file_uuid: f } },
  set_conditional_format: { use: '$ fixes a column or row.', example: { file_uuid: f, range: 'A2:D99', formula: '=$C2>1000', fill_color: '#FCE8E6' } },
  set_color_scale: { example: { file_uuid: f, range: 'C2:C50', thresholds: [{ value_type: 'min', color: '#F8696B' }, { value_type: 'max', color: '#63BE7B' }] } },
  delete_conditional_format: { example: { file_uuid: f, id: 'cf_1a2b3c4d5e' } },
  evaluate_conditional_formats: { example: { file_uuid: f, range: 'A1:D20' } },
  // named ranges
  list_names: { example: { file_uuid: f } },
  define_name: { example: { file_uuid: f, name: 'Revenue', refers_to: 'Data!B2:B100' } },
  update_name: { example: { file_uuid: f, name: 'Revenue', refers_to: 'Data!B2:B200' } },
  delete_name: { example: { file_uuid: f, name: 'Revenue' } },
  // notes
  set_note: { example: { file_uuid: f, cell: 'B2', text: 'Checked' } },
  // data validation
  set_data_validation: { example: { file_uuid: f, range: 'C2:C99', kind: 'list', items: ['Open', 'Done'] } },
  // data tables
  create_table: { use: 'Formulas can use =SUM(Sales[Amount]).', example: { file_uuid: f, range: 'A1:D200', name: 'Sales' } },
  list_tables: { example: { file_uuid: f } },
  rename_table: { example: { file_uuid: f, table: 'Sales', new_name: 'Orders' } },
  delete_table: { example: { file_uuid: f, table: 'Sales' } },
  append_table_rows: { example: { file_uuid: f, table: 'Sales', rows: [['West', '250']] } },
  sort_table: { example: { file_uuid: f, table: 'Sales', by: [{ column: 'Amount', descending: true }] } },
  query_table: { example: { file_uuid: f, table: 'Sales', filters: [{ column: 'Amount', op: 'gt', value: '100' }] } },
  // pivot tables
  create_pivot: { example: { file_uuid: f, source: 'Data!A:F', anchor: 'Report!A1', rows: ['Region'], values: [{ field: 'Amount', agg: 'sum' }] } },
  list_pivots: { example: { file_uuid: f } },
  update_pivot: { example: { file_uuid: f, pivot_id: 'pvt_1a2b3c4d5e', columns: ['Quarter'] } },
  delete_pivot: { example: { file_uuid: f, pivot_id: 'pvt_1a2b3c4d5e' } },
  // import / export
  import_file: { example: { file_name: 'sales.csv', file_data: 'QSxCCjEsMgo=' } },
  import_into_file: { example: { file_uuid: f, file_name: 'q3.csv', file_data: 'QSxCCjEsMgo=', sheet: 'Q3' } },
  export_pdf: { example: { file_uuid: f, pageSetup: { orientation: 'landscape' } } },
  export_xlsx: { example: { file_uuid: f } },
  export_files: { example: { files: [{ file_uuid: f, file_name: '1_out.xlsx' }] } },
  export_csv: { example: { file_uuid: f, sheet: 'Sheet1' } },
};

/**
 * The example as shown: the file uuid, which every file op takes and which would cost ~12 tokens
 * per tool, is left out (the schema says it is required; the server instructions say examples omit
 * it), and an example left empty is not shown.
 */
function render(text: ToolText): string {
  const { file_uuid: _file, ...rest } = text.example;
  // A tool that needs nothing but the file shows no example: "Example: {}" tells nothing.
  const example = Object.keys(rest).length ? `Example: ${JSON.stringify(rest)}` : undefined;
  const parts = [text.use, example, text.returns && `Returns ${text.returns}`];
  return parts.filter(Boolean).join(' ');
}

/** An op's text: its own (OpDef.text), else its entry here. */
export function textOf(op: AnyOp): ToolText | string | undefined {
  return op.text ?? TOOL_TEXTS[op.name];
}

/** The full description of a tool: summary, then the entry (a plain string entry is used as is). */
export function toolDescription(op: AnyOp): string {
  const entry = textOf(op);
  const fieldsAs = FIELDS_AS[op.name] ? ` Fields as ${FIELDS_AS[op.name]}.` : '';
  if (entry === undefined) return `${op.summary}${fieldsAs}`;
  return `${op.summary}${fieldsAs} ${typeof entry === 'string' ? entry : render(entry)}`;
}

/**
 * The example argument object of a tool, found in its description text ("Example: {...}"); for a
 * tool that takes a file (`withFile`), the example file uuid is put back.
 */
export function exampleIn(description: string, withFile: boolean): unknown {
  const m = /Example: \{/.exec(description);
  if (!m) return undefined;
  const start = m.index + m[0].length - 1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < description.length; i++) {
    const ch = description[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) {
        const example = JSON.parse(description.slice(start, i + 1)) as Record<string, unknown>;
        return withFile ? { file_uuid: EX_FILE, ...example } : example;
      }
    }
  }
  return undefined;
}

/** Gists end at a clause boundary (", ") before this length; shorter ones are whole. */
const GIST_CHARS = 80;

/** A text without its asides in parentheses (nested ones too): "Name a range (=SUM(Revenue))" -> "Name a range". */
function withoutAsides(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ' ' && text[i + 1] === '(') {
      let depth = 0;
      let j = i + 1;
      for (; j < text.length; j++) {
        if (text[j] === '(') depth++;
        else if (text[j] === ')' && --depth === 0) break;
      }
      i = j;
    } else out += text[i];
  }
  return out;
}

/**
 * A short gist of an op for the compact surface's action list: the summary's first sentence
 * without its asides in parentheses, cut at its last clause that fits, never mid-clause.
 */
export function actionGist(op: AnyOp): string {
  const first = withoutAsides(op.summary).split(/(?<=[a-z0-9)])[.:;](?:\s|$)| — /)[0]!.trim().replace(/\.$/, '');
  if (first.length <= GIST_CHARS) return first;
  const cut = first.lastIndexOf(', ', GIST_CHARS);
  return cut > 0 ? first.slice(0, cut) : first;
}
