// Writes a Book (xlsx or xls read) into a workbook: each sheet of the file replaces the content
// and layout of the sheet of that name, or becomes a new sheet. Formulas the engine can compute
// are stored and recomputed once at the end; the others keep the file's cached value.
import { cellToA1, parseRange, rectToA1, type Rect } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import type { Cell } from '../workbook/cell.ts';
import { SheetNameInput } from '../workbook/names.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Style } from '../workbook/style.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { setDate1904 } from '../workbook/date-system.ts';
import { setIteration } from '../workbook/iteration.ts';
import type { Book, BookName, BookSheet, BookTable } from './book.ts';
import { resolveStructuredRefs } from '../formula/structured-refs.ts';
import { checkTableName, fixHeaders } from '../tables/create.ts';
import { columnName, formulaTableName } from '../tables/columns.ts';
import { tablesOf, type TableSpec } from '../tables/model.ts';
import { newId } from '../objects/ranges.ts';
import { chartsOf } from '../charts/model.ts';
import { NOTE_CHARS, setNotes } from '../notes/model.ts';
import { setLinks } from '../links/model.ts';
import { addName, checkNameText, indexName, nameIndex, normalizeRefersTo, removeName } from '../names/model.ts';
import { putImported } from './block-writer.ts';
import { importFormula, type ImportOptions } from './formula-import.ts';
import { withoutPrefixes } from '../formula/prefixes.ts';
import { tryParse } from '../formula/walk.ts';
import type { SheetReport, UnsupportedFunction } from './report.ts';
import { externalCell, withBookNames } from '../extlinks/import.ts';
import { specFromFile, tableCell, type DataTableSpec } from '../whatif/model.ts';

const LAYOUT_KEYS = ['images', 'charts', 'formulas', 'merges', 'col_widths', 'row_heights', 'col_styles', 'row_styles', 'frozen', 'default_col_width', 'default_row_height', 'show_gridlines', 'tab_color', 'visibility', 'print', 'cond_formats', 'validations', 'tables', 'notes', 'links', 'data_tables'] as const;

export interface ExcelOutcome {
  sheets: SheetReport[];
  unsupported: UnsupportedFunction[];
  warnings: string[];
}

function targetSheet(wb: Workbook, name: string): SheetModel {
  const checked = SheetNameInput.safeParse(name);
  if (!checked.success) throw invalidArg('file_data', `the workbook has a sheet named '${name}', which is not a valid sheet name here (${checked.error.issues[0]?.message})`);
  const existing = wb.findSheet(checked.data);
  if (!existing) return wb.addSheet(checked.data);
  existing.clearAll();
  for (const k of LAYOUT_KEYS) delete existing.meta[k];
  return existing;
}

/** Charts, once every sheet exists (a chart may plot another sheet's cells). */
function applyCharts(wb: Workbook, book: Book): void {
  const names = new Set(wb.sheets.flatMap((s) => (s.meta.charts ?? []).map((c) => c.name)));
  for (const src of book.sheets) {
    if (!src.charts?.length) continue;
    const sheet = wb.findSheet(src.name);
    if (!sheet) continue;
    for (const c of src.charts) {
      const data = c.dataSheet === undefined ? sheet : wb.findSheet(c.dataSheet);
      if (!data) continue;
      let name = c.name;
      for (let i = 2; names.has(name); i++) name = `${c.name} (${i})`;
      names.add(name);
      const { dataSheet: _sheet, rect, ...rest } = c;
      chartsOf(sheet).push({ ...rest, id: newId('chart'), name, data: { sheet: data.id, rect }, data_labels: false });
    }
  }
}

export async function applyBook(wb: Workbook, book: Book, step: (done: number, total: number) => Promise<void>): Promise<ExcelOutcome> {
  const unsupported = new Map<string, UnsupportedFunction>();
  // The book's own warnings are taken at the end: reading a sheet's cells may add one.
  const warnings: string[] = [];
  const { tables, skipped } = chooseTables(wb, book);
  if (skipped.length) warnings.push(`not kept: tables (formulas and names that use them are kept with cell references): ${skipped.join('; ')}`);
  const reports: SheetReport[] = [];
  const names = new Set((book.names ?? []).map((n) => n.name.toUpperCase()));
  let invalid = 0, external = 0, dataTables = 0;
  // Links to other workbooks, by their number in the file: formulas name them by file.
  const books = (book.externalLinks ?? []).map((l) => l.book);
  for (let i = 0; i < book.sheets.length; i++) {
    const src = book.sheets[i]!;
    const sheet = targetSheet(wb, src.name);
    const styleIds = new Map<object, number>();
    /** A formula cell's style by its cell style: General unless the file gives it a number format. */
    const formulaStyles = new Map<object, Style>();
    let r1 = -1, c1 = -1, r0 = Infinity, c0 = Infinity, formulas = 0;
    const arrays: { row: number; col: number; rect: Rect }[] = [];
    const lineStyled = (r: number, c: number) => src.rowStyles?.[r] !== undefined || src.colStyles?.[c] !== undefined;
    let plain = 0;
    // What-if data tables: their first cell comes before the others (cells come in row order).
    const whatIf: DataTableSpec[] = [];
    src.forEachCell((bc) => {
      if (bc.dataTable) {
        const spec = specFromFile(bc.dataTable, bc);
        if (spec) whatIf.push(spec);
      }
      let s = 0;
      let style = bc.style;
      // A formula cell the file formats as General shows General: the engine's format guess
      // (a date for DATE(), a percentage for RRI()) is for formulas typed here. One General
      // variant per style object, so the interning below still hits by identity.
      if (bc.formula !== undefined) {
        const key = style ?? NO_STYLE;
        let fs = formulaStyles.get(key);
        if (!fs) formulaStyles.set(key, (fs = hasNumberFormat(style) ? style! : { ...style, format_code: 'General' }));
        style = fs;
      }
      if (style) {
        s = styleIds.get(style) ?? wb.styles.intern(style);
        styleIds.set(style, s);
      } else if (lineStyled(bc.row, bc.col)) s = plain ||= wb.styles.intern({ plain: true });
      let cell: Cell;
      if (bc.formula !== undefined) {
        const opts: ImportOptions = { legacy: !bc.array, tables, names, at: { sheet: src.name, row: bc.row, col: bc.col } };
        if (bc.cse) {
          const fill = bc.arrayRef ? parseRange(bc.arrayRef).rect : { r0: 0, r1: 0, c0: 0, c1: 0 };
          opts.fill = { rows: fill.r1 - fill.r0 + 1, cols: fill.c1 - fill.c0 + 1 };
        }
        const linked = externalCell(bc.formula, bc.value, bc.error, books);
        if (linked) external++;
        const out = linked ? { cell: linked } : importFormula(bc.formula, bc.value, bc.error, opts);
        formulas++;
        if (linked) {
          // kept with the value the file cached (core/extlinks/import.ts)
        } else if (!out.cell.k) {
          if (bc.arrayRef) arrays.push({ row: bc.row, col: bc.col, rect: parseRange(bc.arrayRef).rect });
        } else {
          const at = `${src.name}!${cellToA1(bc)}`;
          if (out.invalid) invalid++;
          for (const name of out.unsupported ?? []) {
            const u = unsupported.get(name) ?? { name, cells: 0, first_cell: at };
            u.cells++;
            unsupported.set(name, u);
          }
        }
        // importFormula's cell is new: the style goes on it, last, as everywhere else.
        if (s) out.cell.s = s;
        cell = out.cell;
      } else if (bc.error !== undefined) cell = s ? { e: bc.error, s } : { e: bc.error };
      else {
        const v = bc.value ?? null;
        cell = bc.runs && typeof v === 'string' ? { v, r: bc.runs, ...(s ? { s } : {}) } : !s ? v : v === null ? { s } : { v, s };
      }
      if (cell === null) return;
      const table = whatIf.length && bc.formula === undefined ? whatIf.find((t) => bc.row >= t.rect.r0 && bc.row <= t.rect.r1 && bc.col >= t.rect.c0 && bc.col <= t.rect.c1) : undefined;
      if (table) {
        cell = tableCell(table, cell);
        formulas++;
      }
      putImported(sheet, bc.row, bc.col, cell);
      if (bc.row < r0) r0 = bc.row;
      if (bc.row > r1) r1 = bc.row;
      if (bc.col < c0) c0 = bc.col;
      if (bc.col > c1) c1 = bc.col;
    });
    for (const a of arrays) clearSpillArea(sheet, a.row, a.col, a.rect);
    if (whatIf.length) {
      sheet.meta.data_tables = whatIf;
      dataTables += whatIf.length;
    }
    applyLayout(sheet, src);
    // Each area reads its own part of the sheet (outline groups, ...).
    // A part an area cannot read costs that area's objects on this sheet, not the import.
    if (src.part) {
      for (const area of wb.areas) {
        try {
          area.xlsx?.read?.(sheet, src.part, (message) => warnings.push(message));
        } catch {
          warnings.push(`not read: the ${area.name.replace(/_/g, ' ')} of sheet ${src.name}: that part of the sheet could not be read`);
        }
      }
    }
    if (src.links?.length) setLinks(sheet, src.links.map(({ row, col, ...link }) => [{ row, col }, link]));
    if (src.images?.length) sheet.meta.images = src.images.map((im) => ({ id: newId('img'), anchor: { row: im.row, col: im.col }, dx: im.dx, dy: im.dy, width: im.width, height: im.height, type: im.type, data: im.data.toString('base64'), ...(im.name ? { name: im.name } : {}) }));
    if (src.notes?.length) setNotes(sheet, src.notes.map((n) => [{ row: n.row, col: n.col }, { text: n.text.slice(0, NOTE_CHARS), ...(n.author ? { author: n.author } : {}) }]));
    applyLineStyles(wb, sheet, src);
    if (r1 >= 0) wb.changes.add(sheet.id, { r0, c0, r1, c1 });
    wb.changes.structural.add(sheet.id);
    reports.push({ sheet: sheet.name, range: r1 >= 0 ? rectToA1({ r0, c0, r1, c1 }) : null, rows: r1 >= 0 ? r1 - r0 + 1 : 0, cols: c1 >= 0 ? c1 - c0 + 1 : 0, formulas });
    await step(i + 1, book.sheets.length);
  }
  if (external) warnings.push(`${external} formula(s) read other workbooks (external links): they are kept as written with the values the file cached, and are not recomputed here`);
  if (dataTables) warnings.push(`${dataTables} what-if data table(s) ({=TABLE(...)}) are kept with the values the file cached; they are not recomputed here, and export writes them back`);
  if (invalid) warnings.push(`${invalid} formula(s) use syntax this engine does not read; they are kept as written (exported again) and show the values the file cached, but are not recomputed`);
  // A 1904 file keeps its serials and its date system (core/workbook/date-system.ts).
  if (book.date1904) setDate1904(wb, true);
  // So does its iterative calculation (core/workbook/iteration.ts).
  if (book.iteration) setIteration(wb, book.iteration);
  // Kept on every sheet, as the date system, so deleting one sheet does not lose it.
  if (book.workbookProtection) for (const s of wb.sheets) s.meta.workbook_protection = book.workbookProtection;
  // The theme its styles' theme references name goes out with them (core/workbook/theme-palette.ts).
  if (book.themeColors && wb.styles.toJSON().some((s) => s.theme_colors)) for (const s of wb.sheets) s.meta.theme_palette = book.themeColors;
  applyCharts(wb, book);
  applyTables(wb, tables);
  if (book.externalLinks?.length) {
    const home = wb.sheets[0]!;
    for (const s of wb.sheets) delete s.meta.external_links;
    home.meta.external_links = book.externalLinks;
  }
  applyNames(wb, (book.names ?? []).map((n) => ({ ...n, refersTo: withBookNames(n.refersTo, books) })), tables, warnings);
  return { sheets: reports, unsupported: [...unsupported.values()], warnings: [...book.warnings, ...warnings] };
}

/**
 * The file's Excel tables that become data tables: those with a header row and data rows, and a
 * name this service takes. Each kept one gets its columns' formula names, which formulas and names
 * of the file then use for its structured references (core/formula/structured-refs.ts). The others are listed.
 */
function chooseTables(wb: Workbook, book: Book): { tables: BookTable[]; skipped: string[] } {
  const skipped: string[] = [];
  const taken = new Set<string>();
  const tables = (book.tables ?? []).map((t) => {
    try {
      if (!book.sheets.some((s) => s.name === t.sheet)) throw new Error('its sheet is not imported');
      if (t.rect.r1 - t.totalsRows < t.rect.r0 + t.headerRows) throw new Error('it has no data rows');
      checkTableName(wb, t.name, 'file_data', undefined, true);
      if (taken.has(t.name.toLowerCase())) throw new Error('another table has its name');
      taken.add(t.name.toLowerCase());
      const seen = new Set<string>();
      const formulaNames = t.columns.map((h, i) => {
        const col = columnName(h, i).toLowerCase();
        if (seen.has(col)) return undefined;
        seen.add(col);
        return `${formulaTableName(t.name)}.${columnName(h, i)}`;
      });
      return { ...t, formulaName: formulaTableName(t.name), formulaNames };
    } catch (err) {
      skipped.push(`${t.name} on ${t.sheet}: ${(err as Error).message.replace(/^file_data: /, '')}`);
      return t;
    }
  });
  return { tables, skipped };
}

/**
 * The kept tables as data tables, with their totals row and style: query_table, sort_table and
 * formulas (=SUM(Sales.Amount)) reach them, and export writes them back as Excel tables.
 */
function applyTables(wb: Workbook, tables: readonly BookTable[]): void {
  for (const t of tables) {
    const sheet = wb.findSheet(t.sheet);
    if (!t.formulaNames || !sheet) continue;
    // The file's column names as they are (Excel keeps them unique and not blank), else fixed.
    const asIs = t.columns.every((c) => c) && new Set(t.columns.map((c) => c.toLowerCase())).size === t.columns.length;
    const spec: TableSpec = { id: newId('tbl'), name: t.name, rect: { ...t.rect, r1: t.rect.r1 - t.totalsRows }, columns: asIs ? [...t.columns] : fixHeaders(t.columns) };
    if (!t.headerRows) spec.no_header = true;
    if (t.totalsRows) spec.totals_row = true;
    if (t.style) spec.excel_style = t.style;
    tablesOf(sheet).push(spec);
  }
}

/**
 * The file's defined names become named ranges (a name already in the file is replaced), each in
 * its scope: the workbook's, or its sheet's own. A name that cannot be kept is listed in the
 * warnings, never dropped silently.
 */
function applyNames(wb: Workbook, names: BookName[], tables: readonly BookTable[], warnings: string[]): void {
  const skipped: string[] = [];
  // Built once: a file may bring thousands of names (3,659 took minutes when each looked at all the others).
  const index = nameIndex(wb);
  for (const n of names) {
    const label = n.sheet !== undefined ? `${n.name} (sheet ${n.sheet})` : n.name;
    try {
      const scope = n.sheet === undefined ? undefined : wb.findSheet(n.sheet);
      if (n.sheet !== undefined && !scope) throw new Error(`its sheet is not in the file`);
      const key = `${scope?.id ?? ''}\t${n.name.toLowerCase()}`;
      const existing = index.byScope.get(key);
      if (existing) {
        removeName(wb, existing.spec);
        index.byScope.delete(key);
      }
      checkNameText(wb, n.name, 'file_data', undefined, scope, { fromFile: true, index });
      // A name over a table's column (=SUM(tblIncome[Amount])) refers to its cells, as formulas do.
      const bare = withoutPrefixes(n.refersTo);
      const text = resolveStructuredRefs(bare, tables, { sheet: '', row: 0 }) ?? bare;
      const refersTo = fileRefersTo(wb, text, scope);
      // Relative references and the like are stored absolute for the engine: the file's own text goes back on export.
      // (A name over a table, TableName[#All], goes back as written while that table is exported: xlsx-export.ts.)
      const file = refersTo !== `=${n.refersTo}` ? { file: { text: n.refersTo, from: refersTo } } : {};
      indexName(index, { sheet: scope ?? wb.sheets[0]!, spec: addName(wb, { name: n.name, refers_to: refersTo, ...file }, scope) });
    } catch (err) {
      skipped.push(`${label}: ${(err as Error).message.replace(/^file_data: /, '')}`);
    }
  }
  if (skipped.length) warnings.push(`${skipped.length} defined name(s) were not kept: ${skipped.slice(0, 10).join('; ')}${skipped.length > 10 ? '; …' : ''}`);
}

/**
 * What a file's name refers to, as stored: normalised as define_name does, or, when the engine
 * cannot read it (Sheet1!#REF!, another workbook's cells, syntax it lacks), as Excel wrote it:
 * Excel keeps such names, and so does the import (the engine is not given them).
 */
function fileRefersTo(wb: Workbook, text: string, scope: SheetModel | undefined): string {
  try {
    return normalizeRefersTo(wb, text, 'file_data', scope);
  } catch (err) {
    if (!tryParse(`=${text}`)) throw err;
    return `=${text}`;
  }
}

/** The cells an array formula fills hold cached copies in the file; the engine's spill replaces them. */
function clearSpillArea(sheet: SheetModel, row: number, col: number, rect: Rect): void {
  for (let r = rect.r0; r <= rect.r1; r++) {
    for (let c = rect.c0; c <= rect.c1; c++) {
      if (r === row && c === col) continue;
      const cell = sheet.get(r, c);
      const s = cell !== null && typeof cell === 'object' ? cell.s : undefined;
      if (cell !== null && cell !== undefined) sheet.set(r, c, s ? { s } : null);
    }
  }
}

const NO_STYLE = {};
const NUMBER_FIELDS = ['number_format', 'date_time', 'format_code', 'decimals', 'numeric_commas', 'negative', 'currency_symbol'] as const;
const hasNumberFormat = (s: Style | undefined) => !!s && NUMBER_FIELDS.some((k) => s[k] !== undefined);

function applyLineStyles(wb: Workbook, sheet: SheetModel, src: BookSheet): void {
  for (const [key, from] of [['col_styles', src.colStyles], ['row_styles', src.rowStyles]] as const) {
    if (!from || !Object.keys(from).length) continue;
    sheet.meta[key] = Object.fromEntries(Object.entries(from).map(([i, st]) => [i, wb.styles.intern(st)]));
  }
}

function applyLayout(sheet: SheetModel, src: BookSheet): void {
  const meta = sheet.meta;
  if (src.merges.length) meta.merges = src.merges.map((m) => rectToA1(parseRange(m).rect));
  if (Object.keys(src.colWidths).length) meta.col_widths = { ...src.colWidths };
  if (Object.keys(src.rowHeights).length) meta.row_heights = { ...src.rowHeights };
  if (src.frozen) meta.frozen = src.frozen;
  if (src.showGridlines === false) meta.show_gridlines = false;
  if (src.tabColor) meta.tab_color = src.tabColor;
  if (src.visibility) meta.visibility = src.visibility;
  if (src.print) meta.print = src.print;
  if (src.rules?.length) meta.cond_formats = src.rules;
  if (src.validations?.length) meta.validations = src.validations;
  if (src.defaultColWidth) meta.default_col_width = src.defaultColWidth;
  if (src.defaultRowHeight) meta.default_row_height = src.defaultRowHeight;
}
