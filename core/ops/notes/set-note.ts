// PUT /v1/files/{id}/notes: puts a note on a cell (Excel's Insert Note), replaces it, or removes it.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { VersionOut } from '../../op-fields.ts';
import { NOTE_CHARS, notesOf, setNotes } from '../../notes/model.ts';
import { A1Cell, FileId, SheetName } from '../../schemas.ts';
import { targetCell } from '../../workbook/targets.ts';

export const setNote = defineOp({
  name: 'set_note',
  summary: "Set or remove a cell's note.",
  area: 'notes',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/notes' },
  input: z.strictObject({
    file_uuid: FileId,
    cell: A1Cell,
    text: z.string().max(NOTE_CHARS, `must be at most ${NOTE_CHARS} characters`).describe('"" removes it.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({ sheet: z.string(), cell: z.string(), text: z.string(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const t = targetCell(wb, input.sheet, input.cell, 'cell');
      const others = notesOf(t.sheet).filter(([at]) => at.row !== t.row || at.col !== t.col);
      setNotes(t.sheet, input.text ? [...others, [{ row: t.row, col: t.col }, { text: input.text }]] : others);
      return { sheet: t.sheet.name, cell: t.a1, text: input.text };
    });
    return { ...result, version };
  },
});
