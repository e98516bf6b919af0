// Agent-facing tool descriptions. The op's summary is the default; longer texts for tools that
// need an example or a "use this instead of" note live here, keyed by op name.
import type { AnyOp } from '../core/op.ts';

const EXTRA: Record<string, string> = {
  get_context: 'Returns every sheet (used range, header row, formula count, which sheets/ranges its formulas read and which sheets read it), tables, charts, pivots and code cells. Example: {"file_uuid": "…"}.',
  read_cells: 'Example: {"file_uuid": "…", "range": "A1:D20"}. Use render "formula" to see formulas as "=..." before rewriting cells. Errors like #DIV/0! are listed in `errors` with a message.',
  write_cells: 'Example: {"file_uuid": "…", "cell": "A1", "values": [["Name", "Amount"], ["Rent", "1200"]]}. All values are strings; "" clears a cell. Text starting with "=" is stored as text unless input is "user_entered" — for one formula use set_formula.',
  set_formula: 'Example: {"file_uuid": "…", "cell": "C2", "formula": "=A2*B2"}. Returns the computed value (or an error such as #DIV/0! with a message). Array functions (FILTER, SORT, SORTBY, UNIQUE, SEQUENCE, TAKE, ...) spill into the cells below/right; a value in the way gives #SPILL!. Also available: XLOOKUP, XMATCH, LET, TEXTJOIN, TEXTBEFORE/TEXTAFTER, IFS, SWITCH; not available: LAMBDA, TEXTSPLIT, INDIRECT, LOOKUP. Use TRUE/FALSE and commas between arguments.',
  // structure (rows, columns, sizes, merges, cell moves, dependencies)
  insert_rows_or_columns: 'Example: {"file_uuid": "…", "at": "5", "count": 2} inserts two rows before row 5; {"at": "C", "side": "after"} inserts a column after C. Formulas everywhere are re-pointed.',
  delete_rows_or_columns: 'Example: {"file_uuid": "…", "indices": ["B", "D:E"]} or {"indices": [3, "10:12"]}. Only columns or only rows per call. Formulas that read deleted cells become #REF!.',
  move_rows_or_columns: 'Example: {"file_uuid": "…", "range": "3:4", "to": "10"} moves rows 3-4 to just above row 10 (numbered before the move). Check formulas whose ranges straddle the moved lines afterwards.',
  set_sizes: 'Example: {"file_uuid": "…", "size": 160, "indices": ["A", "C:D"]}; rows: {"size": 40, "indices": [1]}. Without indices it sets the sheet default (axis "rows" for row height).',
  get_layout: 'Shows the sizes set by set_sizes / set_default_size, merged ranges and frozen panes of a sheet.',
  merge_cells: 'Example: {"file_uuid": "…", "range": "A1:D1", "center": true}. Only the top-left value survives; the response lists cleared cells. Overlapping an existing merge is refused.',
  move_cells: 'Example: {"file_uuid": "…", "source": "A1:C10", "target": "E1"} — a cut and paste on one sheet; formulas that read the moved cells follow them. The target area is overwritten.',
  get_dependencies: 'Example: {"file_uuid": "…", "cell": "D2", "direction": "both"}. Before changing a cell, its reverse list says which formulas will recompute.',
  run_batch: 'Example: {"file_uuid": "…", "actions": [{"op": "write_cells", "args": {"cell": "A1", "values": [["1"]]}}, {"op": "set_formula", "args": {"cell": "B1", "formula": "=A1*2"}}]}. One version for the whole batch; on error nothing is kept and error.details.index names the failing action.',
  read_formats: 'Example: {"file_uuid": "…", "range": "A1:F20"}. Returns runs [{range, format}] of cells that look the same (cell style over row over column style, borders seen from either side, text_color "#FF0000" where a negative shows red); cells in no run are unformatted.',
  format_cells: 'Example: {"file_uuid": "…", "range": "B2:B100", "number_format": "currency", "currency_symbol": "€", "decimals": 2, "bold": true}. Dates: {"range": "A2:A100", "date_time": "%d.%m.%Y"}. Whole columns "A:C" and rows "2:5" also style cells added later; null resets one field; {"clear": true} removes all formatting.',
  set_borders: 'Example: {"file_uuid": "…", "range": "A1:D10", "sides": "outer", "line": "line2", "color": "#000000"}. sides also takes a list (["top", "bottom"]); "clear" removes borders; colors may carry alpha (#RRGGBBAA).',
  clear_cells: 'Example: {"file_uuid": "…", "range": "A1:C10"}. Removes values, formulas and formats (keep_formats: true keeps formats), and code cells, charts and tables anchored inside. Formulas reading the range recompute.',
  batch_update_cells: 'Example: {"file_uuid": "…", "writes": [{"cell": "A1", "values": [["Item", "Price"], ["Tea", "3.5"]]}], "formats": [{"range": "A1:B1", "bold": true}, {"range": "B2", "number_format": "currency"}]}. Writes run first, then formats; one version; nothing is kept if an item fails.',
  export_data: 'Example: {"file_uuid": "…", "range": "A:F", "max_rows": 5000}. Same values as read_cells, one page at a time: while the answer has next_range, call again with {"range": next_range}.',
  has_data: 'Example: {"file_uuid": "…", "range": "H1:K20"}. Check before writing a block or placing a chart: has_data is true for values, formulas, spilled or code output, merged cells, code cells and tables — not for formatting alone.',
  find_replace: 'Example: {"file_uuid": "…", "find": "Q1", "replace": "Q2", "whole_cell": false}. Case-insensitive unless case_sensitive; formulas: true also edits formula text; code: true code-cell sources. Results are typed as write_cells types input ("123" becomes a number). Returns counts and the changed cells.',
  // Code cells and connections (issue 4)
  set_code_cell:
    'Example: {"file_uuid": "…", "cell": "E1", "language": "python", "code": "df = cells(\"A1:C20\")\\ndf.groupby(\"region\").sum()"}. Python has pandas as pd and numpy as np; cells() gives a DataFrame (first row = headers, header=False for none), cell("A1") one value. JavaScript: cells() gives an array of rows. SQL (language "connection", with connection_uuid): one SELECT; {{B1}} binds that cell as a parameter. The last expression is the result: a value fills the cell, a table spills right and down with its header row (never over other content: that is a #SPILL! error). Then call wait_task with the task_id. The cell reruns by itself when cells it read change.',
  wait_task: 'Example: {"task_id": "…", "timeout_ms": 30000}. Returns status done or error (with the error) once the run has finished; then read_cells shows the result and get_code_cell the printed output and traceback.',
  get_code_cell: 'Example: {"file_uuid": "…", "cell": "E1"}. Status is queued, running, done or error; `error` and `traceback` explain a failure, `output` is what the code printed, `reads` the ranges it depends on.',
  search_connection_tables: 'Example: {"connection_uuid": "…", "query": "orders with customer shipping address", "top_k": 5}. Then write SQL against the tables found (their columns and types are in the answer).',
};

export function toolDescription(op: AnyOp): string {
  const extra = EXTRA[op.name];
  return extra ? `${op.summary} ${extra}` : op.summary;
}
