// The PDF export body of spec §4.2.1 as zod schemas: strict objects everywhere (an unknown
// property is a 400 naming it), every value checked with a message that says what is valid.
// Names are the spec's camelCase. Checks that need the workbook (sheet ids, chart keys) are in plan.ts.
import { z } from 'zod';
import { A1Error, MAX_COLS, MAX_ROWS, colToIndex, parseRange } from '../../a1.ts';
import { headerCodeProblem } from './header-footer.ts';

export const PAPER_SIZES = ['letter', 'legal', 'tabloid', 'executive', 'a3', 'a4', 'a5'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

const Inches = z.number().min(0, 'must be 0..10 inches').max(10, 'must be 0..10 inches');

const Margins = z
  .strictObject({ top: Inches, bottom: Inches, left: Inches, right: Inches, header: Inches, footer: Inches })
  .partial()
  .describe('Inches.');

const Scaling = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('zoom'), percent: z.number().min(10, 'must be 10..400').max(400, 'must be 10..400') }),
    z.strictObject({
      type: z.literal('fitTo'),
      width: z.number().int('must be a whole number of pages').min(1, 'must be 1..1000 pages').max(1000, 'must be 1..1000 pages').nullable(),
      height: z.number().int('must be a whole number of pages').min(1, 'must be 1..1000 pages').max(1000, 'must be 1..1000 pages').nullable().optional(),
    }),
  ],
  { error: 'must be {type: "zoom", percent: 10..400} or {type: "fitTo", width: pages, height: pages or null}' },
).describe('{type:"zoom",percent} or {type:"fitTo",width,height|null}');

const Section = z
  .string()
  .max(255, 'must be at most 255 characters')
  .superRefine((s, ctx) => {
    const problem = headerCodeProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const HeaderFooter = z.strictObject({ left: Section.optional(), center: Section.optional(), right: Section.optional() });

export const PageSetup = z.strictObject({
  paperSize: z.enum(PAPER_SIZES).optional(),
  orientation: z.enum(['portrait', 'landscape']).optional(),
  pageOrder: z.enum(['downThenOver', 'overThenDown']).optional(),
  margins: Margins.optional(),
  scaling: Scaling.optional(),
  centerHorizontally: z.boolean().optional(),
  centerVertically: z.boolean().optional(),
  printGridlines: z.boolean().optional(),
  printHeadings: z.boolean().optional(),
  header: HeaderFooter.optional().describe('Codes &P &N &D &T &F &A, &B &I &U bold/italic/underline, &14 size, &KFF0000 colour, && a literal &.'),
  footer: HeaderFooter.optional(),
});
export type PageSetupIn = z.output<typeof PageSetup>;

function check(parse: (s: string) => unknown, what: string) {
  return (value: string, ctx: z.RefinementCtx) => {
    try {
      parse(value);
    } catch (err) {
      if (!(err instanceof A1Error)) throw err;
      ctx.addIssue({ code: 'custom', message: `${err.message}; ${what}` });
    }
  };
}

const ROWS_RE = /^\$?([0-9]{1,7})(?::\$?([0-9]{1,7}))?$/;
const COLS_RE = /^\$?([A-Za-z]{1,3})(?::\$?([A-Za-z]{1,3}))?$/;

/** "1:2" or "3" → zero-based inclusive rows. */
export function parseRowSpan(s: string): [number, number] {
  const m = ROWS_RE.exec(s.trim());
  const a = Number(m?.[1]), b = Number(m?.[2] ?? m?.[1]);
  if (!m || a < 1 || b < 1 || a > MAX_ROWS || b > MAX_ROWS) throw new A1Error(`'${s}' is not a row span`);
  return [Math.min(a, b) - 1, Math.max(a, b) - 1];
}

/** "A:B" or "C" → zero-based inclusive columns. */
export function parseColSpan(s: string): [number, number] {
  const m = COLS_RE.exec(s.trim());
  if (!m) throw new A1Error(`'${s}' is not a column span`);
  const a = colToIndex(m[1]!), b = colToIndex(m[2] ?? m[1]!);
  return [Math.min(a, b), Math.max(a, b)];
}

const COL_BREAK = `must be a column number 1..${MAX_COLS} or letters like "F"`;
const ColBreak = z.union([z.number().int(COL_BREAK).min(1, COL_BREAK).max(MAX_COLS, COL_BREAK), z.string().regex(/^[A-Za-z]{1,3}$/, COL_BREAK)], { error: COL_BREAK });

export const SheetOptions = z.strictObject({
  printArea: z.string().max(300).superRefine(check(parseRange, 'write it like A1:F20')).optional(),
  repeatRows: z.string().max(20).superRefine(check(parseRowSpan, 'write it like 1:2')).optional(),
  repeatCols: z.string().max(20).superRefine(check(parseColSpan, 'write it like A:B')).optional(),
  rowBreaks: z.array(z.number().int('must be a row number').min(1, `must be a row number 1..${MAX_ROWS}`).max(MAX_ROWS, `must be a row number 1..${MAX_ROWS}`)).max(1000, 'at most 1000 breaks').optional(),
  colBreaks: z.array(ColBreak).max(1000, 'at most 1000 breaks').optional(),
});
export type SheetOptionsIn = z.output<typeof SheetOptions>;

/** ISO 8601 date or date-time (2026-11-23, 2026-11-23T10:00:00Z, with an offset or none). */
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function isoDateProblem(s: string): string | undefined {
  const m = ISO_RE.exec(s);
  if (!m || Number.isNaN(new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`).getTime()) || new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`).getUTCDate() !== Number(m[3])) {
    return 'must be an ISO 8601 date or date-time, like 2026-11-23 or 2026-11-23T14:30:00Z';
  }
  return undefined;
}

export const PdfBody = {
  fileName: z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters').optional().describe('Title; &F.'),
  printedAt: z
    .string()
    .max(100)
    .superRefine((s, ctx) => {
      const problem = isoDateProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .describe('Date for &D.'),
  sheetIds: z.array(z.string().min(1).max(100)).min(1, 'list at least one sheet, or leave sheetIds out for all').max(1000).optional().describe('Sheet names; default all.'),
  chartImages: z.record(z.string().max(200), z.string().max(50_000_000)).optional().describe('Base64 PNG by chart anchor ("Sheet1!D2").'),
  sheetOptions: z.record(z.string().max(100), SheetOptions).optional().describe('By sheet name; repeatRows "1:2", repeatCols "A:B".'),
  pageSetup: PageSetup.optional(),
};
