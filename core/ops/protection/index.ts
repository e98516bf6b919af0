// The protection area: sheet and workbook protection kept from xlsx files and written back (not
// enforced here), listed in /context. It has no ops; cells' locked and hidden flags are formats.
import { defineArea } from '../../area.ts';
import { sheetProtectionView, workbookProtectionView } from '../../protection/model.ts';
import { protectionXlsx } from '../../protection/xlsx.ts';
import type { Workbook } from '../../workbook/workbook.ts';

const protectionContext = (wb: Workbook) => {
  const book = workbookProtectionView(wb.sheets);
  return [...(book ? [book] : []), ...wb.sheets.flatMap((s) => sheetProtectionView(s) ?? [])];
};

export const protectionArea = defineArea({
  name: 'protection',
  group: 'sheets',
  ops: [],
  context: { protection: protectionContext },
  xlsx: protectionXlsx,
});
