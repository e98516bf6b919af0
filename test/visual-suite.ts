// The workbooks of the visual comparison (test/visual.test.ts, npm run visual): files Excel saved,
// from test/fixtures/excel (see its SOURCES.md), each with the largest page difference allowed
// (test/helpers/visual.ts says how it is measured; docs/pdf-export.md why these files and limits).
const I = 'test/fixtures/excel/ironcalc';
const F = 'test/fixtures/excel/features';

export interface VisualCase {
  file: string;
  /** The largest difference allowed on any page (0..1). */
  max: number;
  /** Why this file's pages differ more, or why LibreOffice prints more or fewer pages. */
  why?: string;
  /** LibreOffice's page count when it differs from ours (explained in `why`). */
  libreOfficePages?: number;
}

/** LibreOffice converts Excel column widths with its own digit width, about 5 % wider than Excel's rule. */
const WIDER = "LibreOffice's columns are about 5 % wider than Excel's, so its page breaks fall one column earlier";
/** LibreOffice 7.4 draws an Excel table as plain cells; the service draws its table style (header, bands) as Excel does (test/table-styles.test.ts checks those pixels). */
const TABLE_STYLE = 'LibreOffice draws no table styles, the service draws them as Excel does';

export const VISUAL_SUITE: VisualCase[] = [
  { file: `${F}/poi/Formatting.xlsx`, max: 0.2 },
  { file: `${F}/poi/WithVariousData.xlsx`, max: 0.2 },
  { file: `${F}/poi/DataValidationEvaluations.xlsx`, max: 0.65, why: `LibreOffice computes the 'Expected Valid' column as 0 where Excel and the service show TRUE/FALSE, and a text box (a shape) is not kept; ${TABLE_STYLE}` },
  { file: `${F}/poi/59264.xlsx`, max: 0.35 },
  { file: `${F}/phpspreadsheet/CellMatcher.xlsx`, max: 0.8, why: 'conditional formats that compare with another sheet (x14 extension) are not kept, so one sheet misses a fill' },
  { file: `${F}/xlsxwriter/date_examples01.xlsx`, max: 0.2 },
  { file: `${F}/xlsxwriter/comment16.xlsx`, max: 0.2 },
  { file: `${F}/xlsxwriter/print_options06.xlsx`, max: 0.2 },
  { file: `${F}/xlsxwriter/hyperlink04.xlsx`, max: 0.2 },
  { file: `${F}/xlsxwriter/panes01.xlsx`, max: 0.2 },
  { file: `${F}/xlsxwriter/set_column08.xlsx`, max: 0.25 },
  { file: `${F}/xlsxwriter/table33.xlsx`, max: 0.85, why: `${WIDER}; ${TABLE_STYLE}` },
  { file: `${F}/rust_xlsxwriter/bootstrap43.xlsx`, max: 0.7, why: 'printed headings: LibreOffice draws them as black boxes, the service as Excel does, grey on grey' },
  { file: `${I}/freeze.xlsx`, max: 0.2 },
  { file: `${I}/split.xlsx`, max: 0.2 },
];
