// Agent-facing tool descriptions. The op's summary is the default; longer texts for tools that
// need an example or a "use this instead of" note live here, keyed by op name.
import type { AnyOp } from '../core/op.ts';

const EXTRA: Record<string, string> = {
  get_context: 'Returns every sheet (used range, header row, formula count), tables, charts, pivots and code cells. Example: {"file_uuid": "…"}.',
  read_cells: 'Example: {"file_uuid": "…", "range": "A1:D20"}. Use render "formula" to see formulas as "=..." before rewriting cells. Errors like #DIV/0! are listed in `errors` with a message.',
  write_cells: 'Example: {"file_uuid": "…", "cell": "A1", "values": [["Name", "Amount"], ["Rent", "1200"]]}. All values are strings; "" clears a cell. Text starting with "=" is stored as text unless input is "user_entered" — for one formula use set_formula.',
  set_formula: 'Example: {"file_uuid": "…", "cell": "C2", "formula": "=A2*B2"}. Returns the computed value (or an error such as #DIV/0! with a message). Array functions (FILTER, SORT, SORTBY, UNIQUE, SEQUENCE, TAKE, ...) spill into the cells below/right; a value in the way gives #SPILL!. Also available: XLOOKUP, XMATCH, LET, TEXTJOIN, TEXTBEFORE/TEXTAFTER, IFS, SWITCH; not available: LAMBDA, TEXTSPLIT, INDIRECT, LOOKUP. Use TRUE/FALSE and commas between arguments.',
  run_batch: 'Example: {"file_uuid": "…", "actions": [{"op": "write_cells", "args": {"cell": "A1", "values": [["1"]]}}, {"op": "set_formula", "args": {"cell": "B1", "formula": "=A1*2"}}]}. One version for the whole batch; on error nothing is kept and error.details.index names the failing action.',
};

export function toolDescription(op: AnyOp): string {
  const extra = EXTRA[op.name];
  return extra ? `${op.summary} ${extra}` : op.summary;
}
