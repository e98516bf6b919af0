// Agent-facing tool descriptions. The op's summary is the default; longer texts for tools that
// need an example or a "use this instead of" note live here, keyed by op name.
import type { AnyOp } from '../core/op.ts';

const EXTRA: Record<string, string> = {
  get_context: 'Returns every sheet (used range, header row, formula count), tables, charts, pivots and code cells. Example: {"file_uuid": "…"}.',
  read_cells: 'Example: {"file_uuid": "…", "range": "A1:D20"}. Use render "formula" to see formulas as "=..." before rewriting cells. Errors like #DIV/0! are listed in `errors` with a message.',
  write_cells: 'Example: {"file_uuid": "…", "cell": "A1", "values": [["Name", "Amount"], ["Rent", "1200"]]}. All values are strings; "" clears a cell. Text starting with "=" is stored as text unless input is "user_entered" — for one formula use set_formula.',
  set_formula: 'Example: {"file_uuid": "…", "cell": "C2", "formula": "=A2*B2"}. Returns the computed value (or an error such as #DIV/0! with a message). Array functions (FILTER, SORT, UNIQUE, SEQUENCE) spill into the cells below/right.',
  run_batch: 'Example: {"file_uuid": "…", "actions": [{"op": "write_cells", "args": {"cell": "A1", "values": [["1"]]}}, {"op": "set_formula", "args": {"cell": "B1", "formula": "=A1*2"}}]}. One version for the whole batch; on error nothing is kept and error.details.index names the failing action.',
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
