// Named ranges (Excel's defined names) at workbook scope: a name that formulas use in place of a
// reference (=SUM(Revenue)), a constant (=0.2) or a formula (=Data!$B$2*12). Names belong to the
// file; they are kept in the meta of the first sheet (moved when that sheet is deleted). The
// expression is stored with every reference sheet-qualified and absolute, as Excel writes it, so
// it means the same wherever a formula uses it.
import { HyperFormula } from 'hyperformula';
import { invalidArg } from '../errors.ts';
import { mapRefs } from '../rules/formula-refs.ts';
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
}

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** The file's named ranges (kept on its first sheet). */
    names?: NameSpec[];
  }
}

export function allNames(wb: Workbook): { sheet: SheetModel; spec: NameSpec }[] {
  return wb.sheets.flatMap((sheet) => (sheet.meta.names ?? []).map((spec) => ({ sheet, spec })));
}

export function findName(wb: Workbook, name: string, field = 'name'): { sheet: SheetModel; spec: NameSpec } {
  const found = allNames(wb).find((n) => n.spec.name.toLowerCase() === name.toLowerCase());
  if (found) return found;
  const have = allNames(wb).map((n) => `'${n.spec.name}'`);
  throw invalidArg(field, `no name '${name}' in this file; ${have.length ? `names are: ${have.join(', ')}` : 'it has no names yet (define_name adds one)'}`);
}

/** Adds a name to the file (on its first sheet). */
export function addName(wb: Workbook, spec: NameSpec): void {
  const home = wb.sheets[0]!;
  home.meta.names = [...(home.meta.names ?? []), spec];
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
 * characters; not a cell reference (A1, R1C1) or a value; unique in the file without case,
 * together with the names of data tables.
 */
export function checkNameText(wb: Workbook, name: string, field: string, except?: NameSpec): void {
  if (!/^[\p{L}_\\][\p{L}\p{N}_.]{0,254}$/u.test(name)) throw invalidArg(field, `'${name}' is not a valid name: start with a letter, _ or \\, then letters, digits, _ or . (at most 255 characters, no spaces)`);
  scratch ??= HyperFormula.buildEmpty(engineConfig());
  if (/^(true|false|[rc]|r\d*c\d*)$/i.test(name) || !scratch.isItPossibleToAddNamedExpression(name, '=1')) {
    throw invalidArg(field, `'${name}' cannot be a name: it reads as a cell reference or a value in formulas (try '${name}_')`);
  }
  const lower = name.toLowerCase();
  if (except?.name.toLowerCase() === lower) return;
  if (allNames(wb).some((n) => n.spec.name.toLowerCase() === lower)) throw invalidArg(field, `a name '${name}' already exists (names are compared without case); update_name changes it`);
  if (allNamedExpressions(wb).some((n) => n.name.toLowerCase() === lower)) throw invalidArg(field, `'${name}' is already the name of a data table or one of its columns`);
}

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
  let found: SheetModel | undefined;
  mapRefs(spec.refers_to, (ref) => {
    found ??= ref.sheet !== undefined ? wb.findSheet(ref.sheet) : undefined;
    return ref;
  });
  return found;
}
