// Sheet and workbook protection as Excel files carry it (<sheetProtection>, <workbookProtection>):
// kept with every attribute the file wrote, password hashes included, and written back, so Excel
// protects the export as it did the original. The service does not enforce it (its callers are
// the file's editors); get_context lists it. Cells' own locked/hidden flags are in their styles.
import type { SheetModel } from '../workbook/sheet.ts';

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** The sheet's <sheetProtection> attributes as the file wrote them (values unescaped). */
    sheet_protection?: Record<string, string>;
    /** The file's <workbookProtection> attributes, kept on every sheet the import made (as date1904). */
    workbook_protection?: Record<string, string>;
  }
}

const yes = (v: string | undefined) => v === '1' || v === 'true';

/** What a protected sheet still lets a person do in Excel: Excel's attributes are "locked" flags, each with its default. */
const LOCKS: [attr: string, action: string, lockedByDefault: boolean][] = [
  ['selectLockedCells', 'select_locked_cells', false],
  ['selectUnlockedCells', 'select_unlocked_cells', false],
  ['formatCells', 'format_cells', true],
  ['formatColumns', 'format_columns', true],
  ['formatRows', 'format_rows', true],
  ['insertColumns', 'insert_columns', true],
  ['insertRows', 'insert_rows', true],
  ['insertHyperlinks', 'insert_hyperlinks', true],
  ['deleteColumns', 'delete_columns', true],
  ['deleteRows', 'delete_rows', true],
  ['sort', 'sort', true],
  ['autoFilter', 'use_autofilter', true],
  ['pivotTables', 'use_pivot_tables', true],
  ['objects', 'edit_objects', false],
  ['scenarios', 'edit_scenarios', false],
];

const hasPassword = (a: Record<string, string>, prefix = '') => !!(a[prefix ? `${prefix}Password` : 'password'] || a[prefix ? `${prefix}HashValue` : 'hashValue']);

/** The sheet's protection for get_context; undefined when the sheet is not protected. */
export function sheetProtectionView(sheet: SheetModel): Record<string, unknown> | undefined {
  const a = sheet.meta.sheet_protection;
  if (!a || !yes(a.sheet)) return undefined;
  const allowed = LOCKS.filter(([attr, , locked]) => (a[attr] === undefined ? !locked : !yes(a[attr]))).map(([, action]) => action);
  return { sheet: sheet.name, protected: true, password: hasPassword(a), allowed, enforced: false };
}

/** The workbook's protection for get_context; undefined when there is none. */
export function workbookProtectionOf(sheets: readonly SheetModel[]): Record<string, string> | undefined {
  return sheets.find((s) => s.meta.workbook_protection)?.meta.workbook_protection;
}

export function workbookProtectionView(sheets: readonly SheetModel[]): Record<string, unknown> | undefined {
  const a = workbookProtectionOf(sheets);
  if (!a) return undefined;
  return { workbook: true, structure: yes(a.lockStructure), windows: yes(a.lockWindows), ...(yes(a.lockRevision) ? { revisions: true } : {}), password: hasPassword(a, 'workbook'), enforced: false };
}
