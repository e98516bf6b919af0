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
  add_chart: 'Example: {"file_uuid": "…", "chart_type": "column", "data_range": "A1:C13", "title": "Sales"}. Series options use the zero-based column of the data range (0 is usually the category column, so the first series is 1), e.g. "secondary_series": [2], "trend_series": [] (all), "series_marks": [{"series": 2, "mark": "line"}] with chart_type combo. The answer shows the series the chart plots now; look at it with get_chart_image.',
  update_chart: 'Example: {"file_uuid": "…", "chart_id": "chart_…", "chart_type": "line", "title": ""}. Only supplied fields change; null clears a series list or x_column.',
  get_chart_image: 'Example: {"file_uuid": "…", "chart_id": "chart_…", "format": "png"}. Returns the image as an embedded resource (REST: the image bytes).',
  set_conditional_format: 'Example: {"file_uuid": "…", "range": "A2:D100", "formula": "=$C2>1000", "fill_color": "#FCE8E6", "bold": true}. Write the condition for the top-left cell; $ keeps a column or row fixed. Check the result with evaluate_conditional_formats.',
  set_color_scale: 'Example: {"file_uuid": "…", "range": "C2:C50", "thresholds": [{"value_type": "min", "color": "#F8696B"}, {"value_type": "percentile", "value": 50, "color": "#FFEB84"}, {"value_type": "max", "color": "#63BE7B"}]}.',
  create_table: 'Example: {"file_uuid": "…", "range": "A1:D200", "name": "Sales"}. Then use =SUM(Sales.Amount) or =COUNTA(Sales.Region) in formulas; names like Table1 or Sales2024 read as cell references, so use Table_1, Sales_2024.',
  query_table: 'Example: {"file_uuid": "…", "table": "Sales", "filters": [{"column": "Region", "op": "eq", "value": "East"}, {"column": "Amount", "op": "gt", "value": "100"}], "sort": [{"column": "Amount", "descending": true}], "limit": 20}. Read-only: the sheet is not filtered.',
  append_table_rows: 'Example: {"file_uuid": "…", "table": "Sales", "rows": [["West", "Ann", "250", "2024-05-01"]]}. Formulas and pivots over the table see the new rows.',
  create_pivot: 'Example: {"file_uuid": "…", "source": "Data!A:F", "anchor": "Report!A1", "rows": ["Region"], "columns": ["Quarter"], "values": [{"field": "Amount", "agg": "sum"}]}. The pivot is written into cells (read output_range with read_cells) and refreshes itself when the source changes.',
  read_formats: 'Example: {"file_uuid": "…", "range": "A1:F20"}. Returns runs [{range, format}] of cells that look the same (cell style over row over column style, borders seen from either side, text_color "#FF0000" where a negative shows red); cells in no run are unformatted.',
  format_cells: 'Example: {"file_uuid": "…", "range": "B2:B100", "number_format": "currency", "currency_symbol": "€", "decimals": 2, "bold": true}. Dates: {"range": "A2:A100", "date_time": "%d.%m.%Y"}. Whole columns "A:C" and rows "2:5" also style cells added later; null resets one field; {"clear": true} removes all formatting.',
  set_borders: 'Example: {"file_uuid": "…", "range": "A1:D10", "sides": "outer", "line": "line2", "color": "#000000"}. sides also takes a list (["top", "bottom"]); "clear" removes borders; colors may carry alpha (#RRGGBBAA).',
  clear_cells: 'Example: {"file_uuid": "…", "range": "A1:C10"}. Removes values, formulas and formats (keep_formats: true keeps formats), and code cells, charts and tables anchored inside. Formulas reading the range recompute.',
  batch_update_cells: 'Example: {"file_uuid": "…", "writes": [{"cell": "A1", "values": [["Item", "Price"], ["Tea", "3.5"]]}], "formats": [{"range": "A1:B1", "bold": true}, {"range": "B2", "number_format": "currency"}]}. Writes run first, then formats; one version; nothing is kept if an item fails.',
  export_data: 'Example: {"file_uuid": "…", "range": "A:F", "max_rows": 5000}. Same values as read_cells, one page at a time: while the answer has next_range, call again with {"range": next_range}.',
  has_data: 'Example: {"file_uuid": "…", "range": "H1:K20"}. Check before writing a block or placing a chart: has_data is true for values, formulas, spilled or code output, merged cells, code cells and tables — not for formatting alone.',
  find_replace: 'Example: {"file_uuid": "…", "find": "Q1", "replace": "Q2", "whole_cell": false}. Case-insensitive unless case_sensitive; formulas: true also edits formula text; code: true code-cell sources. Results are typed as write_cells types input ("123" becomes a number). Returns counts and the changed cells.',
};

export function toolDescription(op: AnyOp): string {
  const extra = EXTRA[op.name];
  return extra ? `${op.summary} ${extra}` : op.summary;
}
