// The data-validation area: which entries cells accept (Excel's Data Validation), following the
// sheet through edits, and through xlsx import and export (core/io/xlsx-validation.ts). The rules
// are listed in get_context (data_validations), not by an op of their own: every tool costs every
// agent its words.
import { defineArea } from '../../area.ts';
import { validationObjects } from '../../validation/hooks.ts';
import { validationView } from '../../validation/view.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { setDataValidation } from './set-data-validation.ts';

/** At most this many rules in /context (a form can hold hundreds). */
const CONTEXT_RULES = 50;

const validationContext = (wb: Workbook) => wb.sheets.flatMap((sheet) => (sheet.meta.validations ?? []).map((spec) => validationView(sheet, spec))).slice(0, CONTEXT_RULES);

export const validationArea = defineArea({
  name: 'validation',
  group: 'cells',
  ops: [setDataValidation],
  objects: validationObjects,
  context: { data_validations: validationContext },
});
