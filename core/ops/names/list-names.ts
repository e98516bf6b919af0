// GET /v1/files/{id}/names: the file's named ranges.
import { z } from 'zod';
import { nameView } from '../../names/hooks.ts';
import { NameOut } from '../../names/fields.ts';
import { allNames } from '../../names/model.ts';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';

export const listNames = defineOp({
  name: 'list_names',
  summary: 'List named ranges: name and what it refers to.',
  area: 'names',
  http: { method: 'GET', path: '/v1/files/:file_uuid/names' },
  input: z.strictObject({ file_uuid: FileId }),
  output: z.object({ names: z.array(NameOut) }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) => ctx.services.workbooks.read(ctx, input.file_uuid, (wb) => ({ names: allNames(wb).map((entry) => nameView(wb, entry)) })),
});
