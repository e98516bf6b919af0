// The table style fields of create_table and update_table: the style's name (one of Excel's
// built-in styles, a custom style kept from the file, or "none") and its options, checked against
// what the workbook holds; and the style as the table ops return it.
import { z } from 'zod';
import { invalidArg } from '../errors.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { allTables, type ExcelTableStyle, type TableSpec } from './model.ts';
import type { TableStyleDef } from './style-def.ts';
import { builtInStyleName, DEFAULT_TABLE_STYLE } from './style-paint.ts';

export const StyleOptions = {
  style: z.string().trim().min(1, 'must not be empty').max(255).optional().describe('Excel table style: TableStyleLight1-21, TableStyleMedium1-28, TableStyleDark1-11, a custom style the file defines, or "none". Default TableStyleMedium2.'),
  row_stripes: z.boolean().optional().describe('Banded rows.'),
  column_stripes: z.boolean().optional().describe('Banded columns.'),
  first_column: z.boolean().optional().describe('First column emphasised.'),
  last_column: z.boolean().optional().describe('Last column emphasised.'),
};

export const StyleOut = z.object({
  name: z.string().nullable().describe('null: no style (plain cells).'),
  row_stripes: z.boolean(),
  column_stripes: z.boolean(),
  first_column: z.boolean(),
  last_column: z.boolean(),
  header_row: z.boolean(),
  totals_row: z.boolean(),
});

/** The custom table styles the workbook's tables carry (kept from imported files), by name. */
function customStyles(wb: Workbook): Map<string, { name: string; definition: TableStyleDef; theme?: string[] }> {
  const out = new Map<string, { name: string; definition: TableStyleDef; theme?: string[] }>();
  for (const { table } of allTables(wb)) {
    const s = table.excel_style;
    if (s?.name && s.definition) out.set(s.name.toLowerCase(), { name: s.name, definition: s.definition, ...(s.theme ? { theme: s.theme } : {}) });
  }
  return out;
}

/** The table's style after the given fields (validated; 400 naming `style` and the valid names otherwise). */
export function styleWith(wb: Workbook, current: ExcelTableStyle | undefined, input: { style?: string; row_stripes?: boolean; column_stripes?: boolean; first_column?: boolean; last_column?: boolean }): ExcelTableStyle {
  const out: ExcelTableStyle = { ...(current ?? DEFAULT_TABLE_STYLE) };
  if (input.style !== undefined) {
    delete out.name;
    delete out.definition;
    if (input.style.toLowerCase() !== 'none') {
      const builtIn = builtInStyleName(input.style);
      const custom = builtIn ? undefined : customStyles(wb).get(input.style.toLowerCase());
      if (!builtIn && !custom) {
        const customs = [...customStyles(wb).values()].map((c) => `'${c.name}'`);
        throw invalidArg('style', `'${input.style}' is not a table style; valid: TableStyleLight1 to TableStyleLight21, TableStyleMedium1 to TableStyleMedium28, TableStyleDark1 to TableStyleDark11${customs.length ? `, the file's own ${customs.join(', ')}` : ''}, or 'none'`);
      }
      out.name = builtIn ?? custom!.name;
      if (custom) {
        out.definition = custom.definition;
        if (custom.theme) out.theme = custom.theme;
      }
    }
  }
  for (const k of ['row_stripes', 'column_stripes', 'first_column', 'last_column'] as const) if (input[k] !== undefined) out[k] = input[k];
  return out;
}

export function styleView(t: TableSpec): z.infer<typeof StyleOut> {
  const s = t.excel_style ?? DEFAULT_TABLE_STYLE;
  return { name: s.name ?? null, row_stripes: !!s.row_stripes, column_stripes: !!s.column_stripes, first_column: !!s.first_column, last_column: !!s.last_column, header_row: !t.no_header, totals_row: !!t.totals_row };
}
