// What an area of the sheet (charts, conditional formats, tables, pivots, code cells, ...) brings
// to a workbook. Areas are plain values, listed once (core/areas.ts) and handed to each Workbook
// (and, with their ops, to the registry): what a workbook does never depends on which modules
// happened to be imported. A test builds a workbook with exactly the areas it needs, or none.
import type { SheetRef } from './dependencies.ts';
import type { SheetObjectHooks } from './hooks.ts';
import type { DecorationLayer, StyleOverlay } from './overlays.ts';
import type { SheetModel } from './sheet.ts';
import type { Workbook } from './workbook.ts';

/** A drawing anchored at a cell, for the viewer (charts). */
export interface SheetGraphic {
  /** Top-left cell, zero-based. */
  row: number;
  col: number;
  /** Offset from the cell's top-left corner, pixels. */
  dx?: number;
  dy?: number;
  width: number;
  height: number;
  /** Drawn as it is, without the frame charts get (pictures). */
  plain?: boolean;
  /**
   * A complete <svg> element; every text in it escaped by its producer. The viewer's CSP allows
   * no inline style attributes or scripts: use presentation attributes (fill="#..."), never style="".
   */
  svg: string;
  title?: string;
}

/** Edges of the dependency graph that are not formulas (a code cell's cells("A1:B9")). */
export interface DependencyProvider {
  /** What the cell reads besides its formula. */
  forward?(wb: Workbook, sheet: SheetModel, row: number, col: number): SheetRef[] | Promise<SheetRef[]>;
  /** What else reads the cell. */
  reverse?(wb: Workbook, sheet: SheetModel, row: number, col: number): SheetRef[] | Promise<SheetRef[]>;
}

/**
 * One worksheet of an xlsx file as the reader found it, for an area that reads its own part of it:
 * the XML around the cells, and the attributes of the rows that carry any.
 */
export interface XlsxSheetPart {
  /** The worksheet XML before <sheetData> (sheetPr, views, sheetFormatPr, cols). */
  head: string;
  /** The worksheet XML after </sheetData> (autoFilter, mergeCells, conditional formats, ..., extLst). */
  tail: string;
  rows: readonly { row: number; hidden: boolean; outlineLevel?: number; collapsed?: boolean }[];
}

/** Attributes an area gives one row or column of an exported worksheet. */
export interface XlsxLineOut {
  outlineLevel?: number;
  collapsed?: boolean;
}

/** What an area adds to one worksheet of an xlsx export. */
export interface XlsxSheetOut {
  /** Zero-based row index -> attributes; such a row is written even when it holds nothing. */
  rows?: ReadonlyMap<number, XlsxLineOut>;
  cols?: ReadonlyMap<number, XlsxLineOut>;
  /** <sheetFormatPr> and <sheetPr><outlinePr> attributes. */
  format?: { outlineLevelRow?: number; outlineLevelCol?: number; summaryBelow?: boolean; summaryRight?: boolean };
  /** Whole elements of the worksheet that follow its cells, as XML; written in the schema's order. */
  elements?: Partial<Record<XlsxSheetElement, string>>;
}

/** Worksheet elements between </sheetData> and <mergeCells>, in the order ECMA-376 gives them. */
export const XLSX_SHEET_ELEMENTS = ['sheetCalcPr', 'sheetProtection', 'protectedRanges', 'scenarios', 'autoFilter', 'sortState', 'dataConsolidate', 'customSheetViews'] as const;
export type XlsxSheetElement = (typeof XLSX_SHEET_ELEMENTS)[number];

/** An area's own part of the xlsx format: read into its slice on import, written on export. */
export interface AreaXlsx {
  /** Called once per imported sheet, after its cells and layout; `warn` adds to the import report. */
  read?(sheet: SheetModel, part: XlsxSheetPart, warn: (message: string) => void): void;
  write?(sheet: SheetModel): XlsxSheetOut | undefined;
}

/** The part of GET /context an area owns: key -> the list shown under it. */
export type ContextSection = (wb: Workbook) => unknown[] | Promise<unknown[]>;

export interface WorkbookArea {
  /** For messages and tests; unique in a list. */
  readonly name: string;
  /** The area's objects follow structure edits, clears, moves, renames and sheet copies. */
  readonly objects?: SheetObjectHooks;
  /** Styles drawn over cells without being their format (conditional formats). */
  readonly overlay?: StyleOverlay;
  /** Styles drawn under cells' own formats, which win field by field (table styles). */
  readonly underlay?: StyleOverlay;
  /** Data bars and icons drawn in cells (conditional formats). */
  readonly decorations?: DecorationLayer;
  /** Drawings for the viewer. */
  readonly graphics?: (wb: Workbook, sheet: SheetModel) => SheetGraphic[] | Promise<SheetGraphic[]>;
  readonly dependencies?: DependencyProvider;
  /** Sections of GET /context (tables, charts, pivots, code_cells). */
  readonly context?: Readonly<Record<string, ContextSection>>;
  /** The area's part of xlsx files (outline groups). */
  readonly xlsx?: AreaXlsx;
}

/** An area's object hooks with its name, in list order. */
export interface NamedHooks extends SheetObjectHooks {
  name: string;
}

export function objectHooksOf(areas: readonly WorkbookArea[]): NamedHooks[] {
  return areas.flatMap((a) => (a.objects ? [{ ...a.objects, name: a.name }] : []));
}

export function checkAreaNames(areas: readonly WorkbookArea[]): void {
  const seen = new Set<string>();
  for (const a of areas) {
    if (seen.has(a.name)) throw new Error(`two areas are named ${a.name}`);
    seen.add(a.name);
  }
}
