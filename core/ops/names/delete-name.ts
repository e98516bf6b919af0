// DELETE /v1/files/{id}/names: removes a named range. As in Excel, formulas that use it keep
// their text and show #NAME? until the name is defined again.
import { z } from 'zod';
import { engineBeforeNameChange, findName, removeName } from '../../names/model.ts';
import { defineOp } from '../../op.ts';
import { VersionOut } from '../../op-fields.ts';
import { FileId } from '../../schemas.ts';
import { syncNames } from '../../workbook/defined-names.ts';

export const deleteName = defineOp({
  name: 'delete_name',
  summary: 'Delete a named range; formulas using it show #NAME?.',
  area: 'names',
  http: { method: 'DELETE', path: '/v1/files/:file_uuid/names' },
  input: z.strictObject({ file_uuid: FileId, name: z.string().min(1).max(255).describe('The name to delete.') }),
  output: z.object({ name: z.string(), deleted: z.boolean(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true, destructive: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const { spec } = findName(wb, input.name);
      await engineBeforeNameChange(wb);
      removeName(wb, spec);
      await syncNames(wb);
      return { name: spec.name, deleted: true };
    });
    return { ...result, version };
  },
});
