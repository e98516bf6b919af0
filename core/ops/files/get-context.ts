// GET /v1/files/{id}/context: the first call before reading or editing — every sheet with its used
// range and detected header row, plus the file's tables, charts, pivots and code cells.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { displayCell } from '../../workbook/display.ts';
import { dependencySummary } from '../../workbook/dep-summary.ts';
import { effectiveStyle } from '../../workbook/read.ts';
import type { SheetModel } from '../../workbook/sheet.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { sheetInfo, SheetInfo } from '../../sheets/info.ts';
import { collectSections } from '../../files/context-sections.ts';
import { viewUrl } from '../../files/view-url.ts';

const SheetContext = SheetInfo.extend({
  header_row: z.number().int().nullable().describe('One-based row that looks like column headers (text over data), or null.'),
  headers: z.array(z.string()).describe('Displayed header texts, one per used column ("" where blank).'),
  formulas: z.number().int().describe('Number of formula cells.'),
  merges: z.array(z.string()),
  frozen: z.object({ rows: z.number().int(), cols: z.number().int() }).nullable(),
  dependencies: z
    .object({
      reads: z.array(z.object({ sheet: z.string(), ranges: z.array(z.string()), more_ranges: z.number().int().optional(), bounds: z.string().optional(), refs: z.number().int() })),
      read_by: z.array(z.object({ sheet: z.string(), formulas: z.number().int() })),
    })
    .describe("Formula dependencies: the sheets and ranges this sheet's formulas read (refs = references), and the other sheets whose formulas read this one."),
});

/** The first used row is a header row when it is all text and data follows beneath it. */
async function detectHeader(wb: Workbook, sheet: SheetModel): Promise<{ header_row: number | null; headers: string[] }> {
  const used = sheet.usedRect();
  if (!used || used.r1 === used.r0) return { header_row: null, headers: [] };
  const rect = { r0: used.r0, c0: 0, r1: used.r0 + 1, c1: used.c1 };
  await wb.load(sheet, rect);
  const first: string[] = [];
  let texts = 0, others = 0;
  for (let c = 0; c <= used.c1; c++) {
    const cell = sheet.get(used.r0, c);
    first.push(cell === null || cell === undefined ? '' : displayCell(cell, effectiveStyle(sheet, wb.styles, used.r0, c, cell), sheet.meta));
    const v = typeof cell === 'object' && cell !== null ? cell.v : cell;
    if (typeof v === 'string') texts++;
    else if (v !== null && v !== undefined) others++;
  }
  if (texts === 0 || others > 0) return { header_row: null, headers: [] };
  return { header_row: used.r0 + 1, headers: first };
}

export const getContext = defineOp({
  name: 'get_context',
  summary: 'Overview of a file: sheets, headers, names, tables, charts. Call it first.',
  area: 'files',
  http: { method: 'GET', path: '/v1/files/:file_uuid/context' },
  input: z.strictObject({ file_uuid: FileId }),
  output: z.object({
    uuid: z.string(),
    name: z.string(),
    version: z.number().int(),
    sheets: z.array(SheetContext),
    tables: z.array(z.unknown()),
    charts: z.array(z.unknown()),
    pivots: z.array(z.unknown()),
    code_cells: z.array(z.unknown()),
    view_url: z.string().describe('A link (valid 15 minutes) a person can open to watch this file live, read-only.'),
    code_languages: z.record(z.string(), z.object({ available: z.boolean(), detail: z.string() })).describe('Which code-cell languages (and pandas) run on this server; an unavailable one says what to install.'),
  }).catchall(z.unknown().describe('Sections other areas add (names).')),
  hints: { readOnly: true, idempotent: true },
  handler: async (ctx, input) => ({
    ...(await ctx.services.workbooks.read(ctx, input.file_uuid, async (wb) => {
      const sheets = [];
      const deps = await dependencySummary(wb);
      for (const sheet of wb.sheets) {
        sheets.push({
          ...sheetInfo(sheet),
          ...(await detectHeader(wb, sheet)),
          formulas: sheet.meta.formulas ?? 0,
          merges: sheet.meta.merges ?? [],
          frozen: sheet.meta.frozen ?? null,
          dependencies: deps.get(sheet) ?? { reads: [], read_by: [] },
        });
      }
      return { uuid: wb.file.id, name: wb.file.name, version: wb.version, sheets, ...(await collectSections(wb)) };
    })),
    view_url: viewUrl(ctx, input.file_uuid),
    code_languages: { ...(await ctx.services.capabilities.report()) },
  }),
});
