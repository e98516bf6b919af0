// MCP prompts: ready-made tasks a person can pick in their client. Each names the tools the way the
// connection exposes them (ref) and skips steps whose ops this server does not have.
import { has, type ToolRef } from './instructions.ts';

export interface PromptArg {
  name: string;
  description: string;
  required?: boolean;
}

export interface PromptDef {
  name: string;
  title: string;
  description: string;
  arguments: PromptArg[];
  /** Attach the file's context (get_context JSON) as an embedded resource. */
  withContext: boolean;
  text: (args: Record<string, string>, ref: ToolRef) => string;
}

const fileArg: PromptArg = { name: 'file_uuid', description: 'Uuid of the file (see list_files).', required: true };
const sheetArg: PromptArg = { name: 'sheet', description: 'Sheet name; default the first sheet.' };
const onSheet = (a: Record<string, string>) => (a.sheet ? ` on sheet '${a.sheet}'` : '');

export const PROMPTS: PromptDef[] = [
  {
    name: 'analyse_sheet',
    title: 'Analyse a sheet',
    description: 'Read a sheet, describe its data and answer a question about it, with formulas that show the working.',
    arguments: [fileArg, sheetArg, { name: 'question', description: 'What to find out (default: the main facts and trends).' }],
    withContext: true,
    text: (a, ref) =>
      [
        `Analyse the data in file ${a.file_uuid}${onSheet(a)}. The file's context is attached.`,
        `1. From the context, find the header row and used range; read the data with ${ref('read_cells')} (follow next_range if a read is cut).`,
        '2. Describe what each column holds, the number of rows, and any blanks, outliers or formula errors.',
        `3. ${a.question ? `Answer: ${a.question}` : 'Report the main totals, averages and trends.'} Compute figures in the sheet with ${ref('set_formula')} (e.g. =SUM, =AVERAGE, =COUNTIF) in empty cells to the right of the data, so a person can check them, and quote the returned values.`,
        '4. Finish with a short summary naming the cells that hold each figure.',
      ].join('\n'),
  },
  {
    name: 'build_report_with_chart',
    title: 'Build a report with a chart',
    description: 'Summarise a data sheet on a new Report sheet: a totals table with formulas, formatted, and a chart when the server has charts.',
    arguments: [fileArg, sheetArg, { name: 'group_by', description: 'Column to group by (default: the first text column).' }, { name: 'measure', description: 'Column to total (default: the first numeric column).' }],
    withContext: true,
    text: (a, ref) =>
      [
        `Build a report from the data in file ${a.file_uuid}${onSheet(a)}. The file's context is attached.`,
        `1. Read the data (${ref('read_cells')}) and pick the column to group by (${a.group_by ?? 'the first text column'}) and the measure (${a.measure ?? 'the first numeric column'}).`,
        `2. Add a sheet named Report (${ref('add_sheet')}); write a header row and one row per group (${ref('write_cells')}), with SUMIF formulas that total the measure per group, and a grand total.`,
        has('format_cells') ? `3. Make the header bold and format the totals as numbers (${ref('format_cells')}).` : '3. Keep the header in row 1 so it reads as a header.',
        has('add_chart') ? `4. Add a column chart of the totals next to the table (${ref('add_chart')}), titled after the measure.` : '4. This server has no charts yet: say so, and describe which chart would suit the table.',
        `5. Use ${ref('run_batch')} where several edits belong together, then read the Report back and summarise it.`,
      ].join('\n'),
  },
  {
    name: 'clean_up_data',
    title: 'Clean up a data sheet',
    description: 'Find and fix inconsistent values (stray spaces, text numbers, mixed date formats, duplicates) without losing data.',
    arguments: [fileArg, sheetArg],
    withContext: true,
    text: (a, ref) =>
      [
        `Clean up the data in file ${a.file_uuid}${onSheet(a)}. The file's context is attached.`,
        `1. First keep a copy of the file (${ref('copy_file') || 'note the current version'}) so nothing is lost.`,
        `2. Read the data with render "raw" (${ref('read_cells')}) to see stored types: numbers stored as text, dates as text, stray spaces, inconsistent spellings, exact duplicate rows.`,
        `3. Write corrected values back (${ref('write_cells')}), in one ${ref('run_batch')} per sheet, passing expected_version.`,
        '4. List every change you made (cell, before, after) and anything you left for a person to decide.',
      ].join('\n'),
  },
  {
    name: 'fix_formula_errors',
    title: 'Fix formula errors',
    description: 'Find cells showing #REF!, #DIV/0!, #NAME? and similar errors, explain each and fix the formulas.',
    arguments: [fileArg],
    withContext: false,
    text: (a, ref) =>
      [
        `Find and fix formula errors in file ${a.file_uuid}.`,
        `1. ${ref('get_context')} lists the sheets and their formula counts; read each sheet with formulas (${ref('read_cells')}): errors are listed with the cell and a message.`,
        `2. For each error, read the formula with render "formula", explain the cause, and set a corrected formula with ${ref('set_formula')} (guard divisions with IF or IFERROR only when a zero is legitimate).`,
        '3. Report each cell, the old and new formula, and its new value.',
      ].join('\n'),
  },
];
