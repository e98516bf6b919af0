// PUT /v1/files/{id}/data-validations: which entries a range accepts (Excel's Data Validation).
// A cell has one rule, as in Excel: the new rule takes its cells from the rules that had them;
// kind "any" removes validation from the range. Bounds: min and max is between, min alone at
// least, max alone at most (files bring Excel's other operators, which are kept and listed).
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { VersionOut } from '../../op-fields.ts';
import { newId, objectRange, storable } from '../../objects/ranges.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { VALIDATION_KINDS, validationsOf, type ValidationSpec } from '../../validation/model.ts';
import { clearValidation, criteriaOf, validationView } from '../../validation/view.ts';
import { ValidationOut } from './fields.ts';

const Bound = z.union([z.number().finite(), z.string().min(1).max(8192)]);

export const setDataValidation = defineOp({
  name: 'set_data_validation',
  summary: 'Limit what cells accept (data validation).',
  area: 'validation',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/data-validations' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('E.g. B2:B100.'),
    sheet: SheetName.optional(),
    kind: z.enum(VALIDATION_KINDS).describe('"any" removes it.'),
    items: z.array(z.string().min(1).max(255)).min(1).max(255).optional().describe('List choices.'),
    formula: z.string().min(1).max(8192).optional().describe('List source (=$F$2:$F$9) or custom test.'),
    min: Bound.optional().describe('E.g. 5, 2024-12-31, 17:30, =B1.'),
    max: Bound.optional().describe('Alone: at most.'),
  }),
  output: z.object({ rule: ValidationOut.nullable(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const criteria = input.kind === 'any' ? undefined : criteriaOf(input);
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const { sheet, rect } = objectRange(wb, input.sheet, input.range, 'range');
      const range = storable(rect);
      clearValidation(sheet, range);
      if (!criteria) return null;
      const spec: ValidationSpec = {
        id: newId('dv'),
        range,
        ...criteria,
        allow_blank: true,
      };
      validationsOf(sheet).push(spec);
      return validationView(sheet, spec);
    });
    return { rule: result, version };
  },
});
