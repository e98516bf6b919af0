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
};

export function toolDescription(op: AnyOp): string {
  const extra = EXTRA[op.name];
  return extra ? `${op.summary} ${extra}` : op.summary;
}
