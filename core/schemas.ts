// Shared zod pieces for op inputs. Every field an agent fills carries a description:
// the same text reaches the MCP tool schema, the OpenAPI document and the 400 messages.
import { z } from 'zod';
import { A1Error, parseCell, parseRange } from './a1.ts';

function a1Check(parse: (s: string) => unknown) {
  return (value: string, ctx: z.RefinementCtx) => {
    try {
      parse(value);
    } catch (err) {
      if (!(err instanceof A1Error)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message });
    }
  };
}

export const FileId = z.uuid({ message: 'must be a file uuid (from list_files or create_file)' }).describe('Uuid of the file.');
export const SpaceId = z
  .uuid({ message: 'must be a space uuid (see get_me)' })
  .optional()
  .describe('Uuid of the space. Optional: defaults to the space of the token.');
export const SheetName = z
  .string()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .describe('Sheet name. Optional; default is the first sheet.');
export const A1Cell = z.string().max(200).superRefine(a1Check(parseCell)).describe('E.g. B3 or Sheet2!B3.');
export const A1Range = z
  .string()
  .max(300)
  .superRefine(a1Check(parseRange))
  .describe("A1 range, e.g. A1:C10, A:C, 2:5 or 'My Sheet'!A1:B2.");
export const ExpectedVersion = z
  .number()
  .int()
  .nonnegative()
  .optional()
  .describe('Optional optimistic-concurrency guard: the file version you last saw. If the file has moved on, nothing is written and a 409 returns the current version.');
export const DryRun = z
  .union([z.boolean(), z.literal('full')])
  .optional()
  .describe('true: change nothing; reply {dry_run, version, changes (cells, formulas, formats, sheets, objects affected; moved formats by count and a few examples), result (the reply it would give)}. "full": as true, with every listed cell\'s format.');
export const HexColor = z
  .string()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex color #RRGGBB')
  .describe('Hex color #RRGGBB.');
export const IsoDate = z.string().describe('ISO 8601 date-time.');

/** Pagination as the spec names it (limit/offset in, nextOffset out). */
export const PageQuery = {
  limit: z.number().int().min(1, 'must be 1..1000').max(1000, 'must be 1..1000').default(100).describe('Page size.'),
  offset: z.number().int().min(0, 'must be >= 0').max(1_000_000_000).default(0).describe('The previous nextOffset.'),
};

export const FileName = z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters').describe('File name.');

export const TaskId = z.uuid({ message: 'must be a task uuid (from set_code_cell or rerun_code_cells)' }).describe('From set_code_cell.');

export const Position = z.number().int().min(0, 'must be >= 0').describe('Zero-based; default last.');

export const RenderParam = z
  .enum(['displayed', 'raw', 'formula'])
  .default('displayed')
  .describe('raw: typed values; formula: write-back form.');
