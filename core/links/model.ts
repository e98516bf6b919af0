// Hyperlinks on cells, as Excel keeps them beside the cell's text: a web or mail address, or a
// place in the workbook (Sheet2!A1), with an optional tooltip. Kept in the sheet's meta by A1
// address; they follow their cell (core/objects/cell-map.ts) and go through xlsx.
import { cellEntries, setCellEntries } from '../objects/cell-map.ts';
import type { SheetModel } from '../workbook/sheet.ts';

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** Hyperlinks by cell (A1). */
    links?: Record<string, Link>;
  }
}

export interface Link {
  /** https://…, mailto:…, or a file path. */
  url?: string;
  /** A place in this workbook: Sheet2!A1, 'Data Sheet'!D5, a defined name. */
  location?: string;
  tooltip?: string;
}

export function linksOf(sheet: SheetModel): [{ row: number; col: number }, Link][] {
  return cellEntries(sheet, 'links');
}

export function setLinks(sheet: SheetModel, links: [{ row: number; col: number }, Link][]): void {
  setCellEntries(sheet, 'links', links);
}
