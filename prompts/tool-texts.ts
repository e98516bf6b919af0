// Agent-facing tool descriptions. The op's summary is the default; longer texts for tools that
// need an example or a "use this instead of" note live here, keyed by op name.
import type { AnyOp } from '../core/op.ts';

const EXTRA: Record<string, string> = {
  get_context: 'Returns every sheet (used range, header row, formula count), tables, charts, pivots and code cells. Example: {"file_uuid": "…"}.',
  read_cells: 'Example: {"file_uuid": "…", "range": "A1:D20"}. Use render "formula" to see formulas as "=..." before rewriting cells. Errors like #DIV/0! are listed in `errors` with a message.',
  write_cells: 'Example: {"file_uuid": "…", "cell": "A1", "values": [["Name", "Amount"], ["Rent", "1200"]]}. All values are strings; "" clears a cell. Text starting with "=" is stored as text unless input is "user_entered" — for one formula use set_formula.',
  set_formula: 'Example: {"file_uuid": "…", "cell": "C2", "formula": "=A2*B2"}. Returns the computed value (or an error such as #DIV/0! with a message). Array functions (FILTER, SORT, UNIQUE, SEQUENCE) spill into the cells below/right.',
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
};

export function toolDescription(op: AnyOp): string {
  const extra = EXTRA[op.name];
  return extra ? `${op.summary} ${extra}` : op.summary;
}
