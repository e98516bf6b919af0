// Named ranges (Excel's defined names): a name that formulas use in place of a reference
// (=SUM(Revenue)), a constant (=0.2) or a formula (=Data!$B$2*12). A workbook name belongs to the
// file and is kept in the meta of the first sheet (moved when that sheet is deleted). A sheet's
// own name (Excel's sheet scope, written Data!Rate) is kept on that sheet: its formulas read it
// before a workbook name with the same text, it is copied with the sheet and deleted with it.
// The expression is stored with every reference sheet-qualified and absolute, as Excel writes
// it, so it means the same wherever a formula uses it.
import { HyperFormula } from 'hyperformula';
import { A1Error, quoteSheet, splitSheet } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import { mapRefs } from '../formula/move-refs.ts';
import { mayNameBook } from '../formula/book-refs.ts';
import { engineConfig } from '../workbook/engine.ts';
import { checkFormula } from '../workbook/formula-check.ts';
import { allNamedExpressions } from '../workbook/hooks.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';

export interface NameSpec {
  name: string;
  /** '=Data!$A$2:$A$100', '=0.2', '=Data!$B$2*12' */
  refers_to: string;
  comment?: string;
  /** The name belongs to the sheet that keeps it (sheet scope), not to the file. */
  local?: true;
  /**
   * The file's own text of an imported name (relative references as written: the engine takes
   * only absolute ones), written back on export while `refers_to` is still what was imported.
   */
  file?: { text: string; from: string };
}

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** The file's named ranges (kept on its first sheet) and this sheet's own ones (`local`). */
    names?: NameSpec[];
  }
}

export function allNames(wb: Workbook): { sheet: SheetModel; spec: NameSpec }[] {
  return wb.sheets.flatMap((sheet) => (sheet.meta.names ?? []).map((spec) => ({ sheet, spec })));
}

/** The sheet a name belongs to; undefined for a workbook name. */
export function scopeOf(entry: { sheet: SheetModel; spec: NameSpec }): SheetModel | undefined {
  return entry.spec.local ? entry.sheet : undefined;
}

/** The name as Excel writes it: Rate for a workbook name, Data!Rate for a sheet's own. */
export function qualifiedName(entry: { sheet: SheetModel; spec: NameSpec }): string {
  return entry.spec.local ? `${quoteSheet(entry.sheet.name)}!${entry.spec.name}` : entry.spec.name;
}

/** 'Data!Rate' or "'My sheet'!Rate" names a sheet's own name; 'Rate' a workbook name. An unknown sheet is a 400. */
export function parseScopedName(wb: Workbook, text: string, field: string): { name: string; scope?: SheetModel } {
  if (!text.includes('!')) return { name: text };
  let parts: { sheet?: string; local: string };
  try {
    parts = splitSheet(text);
  } catch (err) {
    throw invalidArg(field, err instanceof A1Error ? err.message : String(err));
  }
  if (parts.sheet === undefined) return { name: text };
  const scope = wb.findSheet(parts.sheet);
  if (!scope) throw invalidArg(field, `'${text}' names sheet '${parts.sheet}', which is not in this file; sheets are: ${wb.sheets.map((s) => `'${s.name}'`).join(', ')}`);
  return { name: parts.local, scope };
}

/**
 * Finds a name: Data!Rate is Data's own, Rate the workbook's (or, when the file has no workbook
 * name Rate, the one sheet's own name Rate).
 */
export function findName(wb: Workbook, text: string, field = 'name'): { sheet: SheetModel; spec: NameSpec } {
  const { name, scope } = parseScopedName(wb, text, field);
  const lower = name.toLowerCase();
  const same = allNames(wb).filter((n) => n.spec.name.toLowerCase() === lower);
  const found = scope ? same.find((n) => scopeOf(n) === scope) : (same.find((n) => !n.spec.local) ?? (same.length === 1 ? same[0] : undefined));
  if (found) return found;
  if (!scope && same.length > 1) throw invalidArg(field, `'${name}' is the own name of several sheets: say which, as ${same.map((n) => `'${qualifiedName(n)}'`).join(' or ')}`);
  const have = allNames(wb).map((n) => `'${qualifiedName(n)}'`);
  throw invalidArg(field, `no name '${text}' in this file; ${have.length ? `names are: ${have.join(', ')}` : 'it has no names yet (define_name adds one)'}`);
}

/** Does the sheet have its own name with this text (which its formulas read before the workbook's)? */
export function hasOwnName(sheet: SheetModel, name: string): boolean {
  const lower = name.toLowerCase();
  return !!sheet.meta.names?.some((n) => n.local && n.name.toLowerCase() === lower);
}

/** Adds a name to the file (on its first sheet), or to `scope` as that sheet's own name. */
export function addName(wb: Workbook, spec: NameSpec, scope?: SheetModel): NameSpec {
  const home = scope ?? wb.sheets[0]!;
  const { local: _, ...rest } = spec;
  const added: NameSpec = scope ? { ...rest, local: true } : rest;
  home.meta.names = [...(home.meta.names ?? []), added];
  return added;
}

export function removeName(wb: Workbook, spec: NameSpec): void {
  for (const sheet of wb.sheets) {
    if (sheet.meta.names?.includes(spec)) sheet.meta.names = sheet.meta.names.filter((n) => n !== spec);
  }
}

/**
 * Before names change: the formula engine as the names are now, so the change reaches every
 * formula that uses them (a defined name fixes a #NAME?, a deleted one causes it) instead of
 * leaving their stored results stale.
 */
export async function engineBeforeNameChange(wb: Workbook): Promise<void> {
  if (wb.hasFormulas()) await wb.ensureEngine();
}

let scratch: HyperFormula | undefined;

/**
 * Excel's rules for a name: a letter, _ or \ first, then letters, digits, _ and .; at most 255
 * characters; not a cell reference (A1, R1C1) or a value; unique without case among the file's
 * names and data tables, or among `scope`'s own names (a sheet's own name may repeat a
 * workbook name: that sheet's formulas read its own).
 */
export function checkNameText(wb: Workbook, name: string, field: string, except?: NameSpec, scope?: SheetModel, opts: { fromFile?: boolean; index?: NameIndex } = {}): void {
  // A file's names are taken as Excel wrote them, whatever their characters (but no spaces).
  const shape = opts.fromFile ? /^[^\s!'"=,;()]{1,255}$/u : /^[\p{L}_\\][\p{L}\p{N}_.\\?]{0,254}$/u;
  if (!shape.test(name)) throw invalidArg(field, `'${name}' is not a valid name: start with a letter, _ or \\, then letters, digits, _ or . (at most 255 characters, no spaces)`);
  // A file's own names are Excel's: kept even where the engine cannot hold them (单价, \__), whose
  // formulas then keep the values the file cached (engineTakesName).
  if (/^(true|false|[rc]|r\d*c\d*)$/i.test(name) || isCellName(name) || (!opts.fromFile && !engineTakesName(name))) {
    throw invalidArg(field, `'${name}' cannot be a name: it reads as a cell reference or a value in formulas (try '${name}_')`);
  }
  const lower = name.toLowerCase();
  if (except?.name.toLowerCase() === lower) return;
  const index = opts.index ?? nameIndex(wb);
  const clash = index.byScope.get(`${scope?.id ?? ''}\t${lower}`);
  if (clash) throw invalidArg(field, `a name '${qualifiedName({ sheet: clash.sheet, spec: { ...clash.spec, name } })}' already exists (names are compared without case); update_name changes it`);
  if (!index.named.has(lower) && index.others.has(lower)) throw invalidArg(field, `'${name}' is already the name of a data table or one of its columns`);
}

/**
 * What checkNameText compares a new name with: the names by scope, and the other names formulas
 * read (data tables and their columns). Built once when a file brings thousands of names, and
 * kept in step by the caller (indexName), so checking each is not a walk over all the others.
 */
export interface NameIndex {
  /** `${scope sheet id or ''}\t${lower-case name}` */
  byScope: Map<string, { sheet: SheetModel; spec: NameSpec }>;
  named: Set<string>;
  others: Set<string>;
}

export function nameIndex(wb: Workbook): NameIndex {
  const index: NameIndex = { byScope: new Map(), named: new Set(), others: new Set() };
  for (const entry of allNames(wb)) indexName(index, entry);
  for (const n of allNamedExpressions(wb)) if (!index.named.has(n.name.toLowerCase())) index.others.add(n.name.toLowerCase());
  return index;
}

export function indexName(index: NameIndex, entry: { sheet: SheetModel; spec: NameSpec }): void {
  const lower = entry.spec.name.toLowerCase();
  index.byScope.set(`${scopeOf(entry)?.id ?? ''}\t${lower}`, entry);
  index.named.add(lower);
}

/** A1 to XFD1048576: a cell of the grid (A10000000 is past the last row, so Excel takes it as a name). */
function isCellName(name: string): boolean {
  const m = /^([a-z]{1,3})(\d{1,7})$/i.exec(name);
  if (!m) return false;
  const col = [...m[1]!.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
  const row = Number(m[2]);
  return col <= 16_384 && row >= 1 && row <= 1_048_576;
}

/** Can the formula engine hold a name with this text (it reads only some of the letters Excel allows)? */
export function engineTakesName(name: string): boolean {
  scratch ??= HyperFormula.buildEmpty(engineConfig());
  return scratch.isItPossibleToAddNamedExpression(name, '=1');
}

/** Is the name given to the formula engine: its text one the engine reads, and what it refers to too (not another workbook's cells, not Sheet1!#REF!)? */
export function engineHoldsName(spec: NameSpec): boolean {
  const key = `${spec.name}\t${spec.refers_to}`;
  let ok = held.get(key);
  if (ok === undefined) {
    scratch ??= HyperFormula.buildEmpty(engineConfig());
    ok = engineTakesName(spec.name) && !mayNameBook(spec.refers_to) && scratch.validateFormula(spec.refers_to);
    if (held.size > 10_000) held.clear();
    held.set(key, ok);
  }
  return ok;
}

/** engineHoldsName's answers: names are asked about on every commit. */
const held = new Map<string, boolean>();

/**
 * What a name refers to, as stored: '=' first, every reference qualified with its sheet
 * (`sheet`, or the first sheet, for references without one) and absolute. A sheet that does not
 * exist or text that does not parse is a 400 naming the field.
 */
export function normalizeRefersTo(wb: Workbook, text: string, field: string, sheet?: SheetModel): string {
  const body = text.trim().replace(/^=/, '');
  if (!body) throw invalidArg(field, 'must not be empty: give a range (Data!A2:A100), a number or a formula');
  const home = sheet ?? wb.sheets[0]!;
  const unknown: string[] = [];
  const expr = mapRefs(`=${body}`, (ref) => {
    const target = ref.sheet === undefined ? home : wb.findSheet(ref.sheet);
    if (!target) unknown.push(ref.sheet!);
    return { ...ref, sheet: target?.name ?? ref.sheet, abs: [true, true, true, true] };
  });
  if (unknown.length) throw invalidArg(field, `names sheet '${unknown[0]}', which is not in this file; sheets are: ${wb.sheets.map((s) => `'${s.name}'`).join(', ')}`);
  return checkFormula(expr, field);
}

/** The sheet a name's references point into first (filled into the engine when a formula uses the name). */
export function targetSheet(wb: Workbook, spec: NameSpec): SheetModel | undefined {
  let sheets = sheetsNamed.get(spec.refers_to);
  if (!sheets) {
    const found: string[] = [];
    mapRefs(spec.refers_to, (ref) => {
      if (ref.sheet !== undefined) found.push(ref.sheet);
      return ref;
    });
    sheets = found;
    if (sheetsNamed.size > 10_000) sheetsNamed.clear();
    sheetsNamed.set(spec.refers_to, sheets);
  }
  for (const name of sheets) {
    const sheet = wb.findSheet(name);
    if (sheet) return sheet;
  }
  return undefined;
}

/**
 * The sheets each expression's references name, in order, by its text: every check of a new name
 * asks for all names' sheets, and a file with thousands of names took minutes to import while
 * each was parsed again every time.
 */
const sheetsNamed = new Map<string, string[]>();
