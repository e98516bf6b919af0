// The MCP server's instructions (sent once at initialize) and the way texts name a tool on each
// surface: `get_context` on the full surface, `files` with action `get_context` on the compact one.
import { findOp } from '../core/registry.ts';

/** How a text names an op for the connection's tool surface; '' when the op does not exist here. */
export type ToolRef = (op: string) => string;

export function instructionsText(ref: ToolRef): string {
  const lines = [
    `Spreadsheets for agents. Start with ${ref('list_files')} or ${ref('create_file')}, then ${ref('get_context')} on a file before reading or editing.`,
    'Cells use A1 notation (A1, B2:D10, Sheet2!A:C); every `sheet` argument defaults to the first sheet; `space_uuid` is never needed (the token has one space).',
    `${ref('write_cells')} writes strings typed as Excel types input ("007" is 7; a leading ' keeps text; "=..." stays text unless input is "user_entered") or JSON numbers, booleans; ${ref('set_formula')} sets one formula and returns its value; ${ref('run_batch')} applies several ops atomically (one version).`,
    'Tool examples leave out file_uuid. Every write also accepts expected_version (integer, not listed in each tool): the version you last saw, to avoid overwriting someone else.',
    `Every write on a file also accepts dry_run: true (not listed in each tool): nothing changes; the reply says which cells, formulas, formats, sheets and objects it would change (formats by count and three examples; dry_run: "full" shows each listed cell's). ${ref('undo_write')}, ${ref('restore_version')} and ${ref('diff_file')} check and revert work.`,
    'Results are cut past a cell budget with truncated: true and next_range: read that range next. Grids read as typed CSV (RFC 4180: a quote inside is doubled): "text" quoted, numbers bare (with how a format shows them: 0.07 (7%)), dates as serial (shown).',
    'Each file is also a resource: sheets://files/{uuid}/context (JSON) and sheets://files/{uuid}/sheets/{sheet}.csv.',
    'Working on a request about someone\'s workbook: read the sheet around the cells to fill first (headers, existing formulas and any example results show the form wanted: number or text, blank or a placeholder); prefer formulas that compute from the data over typed results, so the answer follows the data; leave the input cells as they are; check your results against the sheet\'s own examples before exporting.',
    `Several workbooks alike (cases of one task): ${ref('import_file')} with files, ${ref('run_batch_on_files')}, ${ref('export_files')}: three calls for all of them.`,
  ];
  return lines.join('\n');
}

export function has(op: string): boolean {
  return findOp(op) !== undefined;
}
