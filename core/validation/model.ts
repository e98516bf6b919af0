// Data validation as Excel keeps it (Data > Data Validation): a rule over a range of one sheet
// that says which entries the cells accept — one of a list, a whole or decimal number, a date, a
// time or a text length compared with bounds, or a custom formula that must be TRUE — with the
// prompt shown when a cell is selected and the message shown when an entry is refused. Bounds and
// formulas are Excel formula text written for the top-left cell of the range (relative
// references shift for the others); dates and times are serial numbers, as in the file.
import type { Rect } from '../a1.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { tryParse } from '../formula/walk.ts';

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** Data-validation rules of this sheet, in the file's order. */
    validations?: ValidationSpec[];
  }
}

export const VALIDATION_KINDS = ['list', 'whole', 'decimal', 'date', 'time', 'text_length', 'custom', 'any'] as const;
export type ValidationKind = (typeof VALIDATION_KINDS)[number];

export const VALIDATION_OPERATORS = ['between', 'not_between', 'equal', 'not_equal', 'greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal'] as const;
export type ValidationOperator = (typeof VALIDATION_OPERATORS)[number];

export const ERROR_STYLES = ['stop', 'warning', 'information'] as const;
export type ErrorStyle = (typeof ERROR_STYLES)[number];

export interface ValidationSpec {
  id: string;
  range: Rect;
  /** Further ranges of the same rule (Excel's sqref "A1:A5 C1:C5"). */
  more?: Rect[];
  kind: ValidationKind;
  /** For whole, decimal, date, time and text_length. */
  operator?: ValidationOperator;
  /** A list's items written in place (Excel's formula "a,b,c"). */
  items?: string[];
  /** A list's source (=$F$2:$F$13), a custom rule's condition, or the first bound; '=' first. */
  formula1?: string;
  /** The second bound of between / not_between. */
  formula2?: string;
  allow_blank: boolean;
  /** Excel shows the list's in-cell dropdown unless told not to. */
  hide_dropdown?: true;
  error_style?: ErrorStyle;
  error_title?: string;
  error?: string;
  prompt_title?: string;
  prompt?: string;
  /** Excel's showErrorMessage / showInputMessage: off when the file says so. */
  no_error_alert?: true;
  no_prompt?: true;
}

export function validationsOf(sheet: SheetModel): ValidationSpec[] {
  return (sheet.meta.validations ??= []);
}

/** Excel's attribute names for the operators and kinds (camelCase in the file). */
export const EXCEL_OPERATOR: Record<ValidationOperator, string> = {
  between: 'between',
  not_between: 'notBetween',
  equal: 'equal',
  not_equal: 'notEqual',
  greater_than: 'greaterThan',
  less_than: 'lessThan',
  greater_than_or_equal: 'greaterThanOrEqual',
  less_than_or_equal: 'lessThanOrEqual',
};

export const EXCEL_KIND: Record<ValidationKind, string> = {
  list: 'list',
  whole: 'whole',
  decimal: 'decimal',
  date: 'date',
  time: 'time',
  text_length: 'textLength',
  custom: 'custom',
  any: 'any',
};

/** A list's items as Excel writes them in formula1: "a,b,c" (quotes doubled). */
export function itemsToFormula(items: string[]): string {
  return `"${items.join(',').replace(/"/g, '""')}"`;
}

/** The items of a list formula written in place ("a,b,c"); undefined for a range or formula source. */
export function formulaToItems(formula: string): string[] | undefined {
  const f = formula.trimStart().startsWith('"') ? tryParse(formula.trim()) : undefined;
  return f && !f.lead && f.body.kind === 'string' ? f.body.value.split(',') : undefined;
}
