// The file's date system: Excel's 1900 system (the default; serial 1 is 1900-01-01, 60 is Excel's
// 29 February 1900) or its 1904 system (serial 0 is 1904-01-01), a setting of the whole file that an
// xlsx carries as <workbookPr date1904="1"/>. Imported with the file, used by the formula engine
// (nullDate), displayed values and TEXT, and written back on export. Kept as a mark in the meta of
// the file's sheets (every sheet the import made), so deleting one sheet does not lose it.
import type { DateSystemOption } from '../formats/number-format.ts';
import type { SheetModel } from './sheet.ts';

declare module './sheet-meta.ts' {
  interface SheetMeta {
    /** The file counts dates in Excel's 1904 system (set on every sheet of such a file). */
    date1904?: true;
  }
}

/** True when the file counts dates from 1904-01-01. */
export function isDate1904(wb: { sheets: readonly SheetModel[] }): boolean {
  return wb.sheets.some((s) => s.meta.date1904 === true);
}

/** The option the number-format engine takes for this file. */
export function dateSystemOf(wb: { sheets: readonly SheetModel[] }): DateSystemOption {
  return isDate1904(wb) ? { date1904: true } : {};
}

/** Marks every sheet of the file as counting in the 1904 system, or none. */
export function setDate1904(wb: { sheets: readonly SheetModel[] }, on: boolean): void {
  for (const s of wb.sheets) {
    if (on) s.meta.date1904 = true;
    else delete s.meta.date1904;
  }
}
