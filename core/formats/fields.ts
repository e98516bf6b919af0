// The format fields of spec §2 as zod schemas (one description each, shared by format_cells and
// batch_update_cells), the checks for combinations that contradict each other, and how a request
// turns into a new style on top of an existing one.
import { isValidFormat } from 'numfmt';
import { z } from 'zod';
import { invalidArg } from '../errors.ts';
import { StrftimeError, strftimeToCode } from '../workbook/strftime.ts';
import type { Style } from '../workbook/style.ts';

export const HEX6 = /^#[0-9A-Fa-f]{6}$/;
export const HEX6_OR_8 = /^#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/;

const Color = (what: string) =>
  z
    .string()
    .regex(HEX6, 'must be a hex color #RRGGBB, e.g. "#FF0000"')
    .nullable()
    .optional()
    .describe(`${what} #RRGGBB.`);

const DateTimePattern = z
  .string()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .superRefine((value, ctx) => {
    try {
      strftimeToCode(value);
    } catch (err) {
      if (!(err instanceof StrftimeError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message });
    }
  });

export const NUMBER_FORMATS = ['number', 'currency', 'percent', 'exponential', 'text', 'accounting'] as const;

/** An enum of number formats whose 400 points a spreadsheet format code ("0.00%") to number_format_code. */
function numberFormatEnum<T extends readonly [string, ...string[]]>(values: T) {
  const list = values.map((v) => JSON.stringify(v)).join(', ');
  return z.enum(values, {
    error: (iss) =>
      typeof iss.input === 'string' && isValidFormat(iss.input)
        ? `must be one of ${list}; "${iss.input}" is a spreadsheet format code: send it as number_format_code`
        : `must be one of ${list} (or an Excel format code such as "0.00%" as number_format_code)`,
  });
}

const FormatCode = z
  .string()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine((code) => isValidFormat(code), { message: 'is not a valid Excel number-format code; e.g. "0.00", "0.0%", "#,##0;[Red]-#,##0", "dd/mm/yyyy hh:mm", "@"' });
export const BATCH_NUMBER_FORMATS = ['number', 'currency', 'percent', 'exponential'] as const;

/** Every format field; null resets that field (number_format: null resets the whole number format). */
export const formatFields = {
  bold: z.boolean().nullable().optional().describe('Bold.'),
  italic: z.boolean().nullable().optional().describe('Italic.'),
  underline: z.boolean().nullable().optional().describe('Underline.'),
  strikethrough: z.boolean().nullable().optional().describe('Strike through.'),
  align: z.enum(['left', 'center', 'right']).nullable().optional().describe('Horizontal.'),
  vertical_align: z.enum(['top', 'middle', 'bottom']).nullable().optional().describe('Vertical.'),
  wrap: z.enum(['overflow', 'wrap', 'clip']).nullable().optional().describe('Text longer than the cell.'),
  font_size: z.number().int('must be a whole number of points').min(1, 'must be 1..409 points').max(409, 'must be 1..409 points').nullable().optional().describe('Points.'),
  font_family: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').nullable().optional().describe('E.g. "Arial".'),
  text_color: Color('Text'),
  fill_color: Color('Fill'),
  number_format: numberFormatEnum(NUMBER_FORMATS)
    .nullable()
    .optional()
    .describe('currency $1,234.50, accounting $ (1,234.50).'),
  decimals: z.number().int('must be a whole number').min(0, 'must be 0..30').max(30, 'must be 0..30').nullable().optional().describe('Default 2.'),
  currency_symbol: z
    .string()
    .min(1, 'must not be empty')
    .max(10, 'must be at most 10 characters')
    .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters')
    .nullable()
    .optional()
    .describe('E.g. "€"; alone it sets currency.'),
  numeric_commas: z.boolean().nullable().optional().describe('1,234 grouping.'),
  negative: z
    .enum(['minus', 'minus_red', 'red', 'parentheses', 'parentheses_red'])
    .nullable()
    .optional()
    .describe('minus -5, red 5 in red, parentheses (5).'),
  date_time: DateTimePattern.nullable()
    .optional()
    .describe('strftime, e.g. "%Y-%m-%d %H:%M".'),
  number_format_code: FormatCode.nullable()
    .optional()
    .describe('Excel format code, e.g. "0.00%" or "#,##0;[Red]-#,##0".'),
  clear: z.boolean().optional().describe('Remove all formatting, borders too.'),
};

export type FormatArgs = { [K in keyof typeof formatFields]?: z.output<(typeof formatFields)[K]> };

/** Fields of batch_update_cells formats[]: no `negative`, and number_format limited per spec. */
export const batchFormatFields = (() => {
  const { negative: _negative, ...rest } = formatFields;
  return {
    ...rest,
    number_format: numberFormatEnum(BATCH_NUMBER_FORMATS).nullable().optional().describe('number, currency, percent or exponential (text and accounting only via format_cells). null resets to automatic.'),
  };
})();

const NUMERIC_FIELDS = ['decimals', 'numeric_commas', 'negative', 'currency_symbol'] as const;
const ALL_NUMBER_FIELDS = ['number_format', 'date_time', 'format_code', ...NUMERIC_FIELDS] as const;
const STYLE_FIELDS = Object.keys(formatFields).filter((k) => k !== 'clear' && k !== 'number_format_code') as (keyof FormatArgs & keyof Style)[];
const GIVEN_FIELDS = [...STYLE_FIELDS, 'number_format_code'] as const;

/** 400s for requests that contradict themselves; `prefix` names the item inside a batch. */
export function checkFormatArgs(args: FormatArgs, prefix = ''): void {
  if (args.clear) return;
  const given = GIVEN_FIELDS.filter((k) => args[k] !== undefined);
  if (given.length === 0) throw invalidArg(`${prefix}clear`, `give at least one format field (${GIVEN_FIELDS.join(', ')}) or clear: true`);
  const set = (k: keyof FormatArgs) => args[k] !== undefined && args[k] !== null;
  if (set('number_format_code')) {
    const clash = (['number_format', 'date_time', ...NUMERIC_FIELDS] as const).find(set);
    if (clash) throw invalidArg(`${prefix}number_format_code`, `a format code says the whole number format; it cannot be combined with ${clash} in one call. Send number_format_code alone (e.g. "#,##0.00 [$€-1]"), or the number_format fields without it`);
  }
  if (set('date_time')) {
    const clash = (['number_format', ...NUMERIC_FIELDS] as const).find(set);
    if (clash) throw invalidArg(`${prefix}date_time`, `a date/time display cannot be combined with ${clash} in one call; send date_time alone, or number_format fields without date_time`);
  }
  if (args.number_format === 'text') {
    const clash = NUMERIC_FIELDS.find(set);
    if (clash) throw invalidArg(`${prefix}${clash}`, 'does not apply to number_format text (text shows exactly what was typed); remove it or pick another number_format');
  }
  if (set('currency_symbol') && set('number_format') && args.number_format !== 'currency' && args.number_format !== 'accounting') {
    throw invalidArg(`${prefix}currency_symbol`, `applies to number_format currency or accounting, not ${args.number_format}`);
  }
}

/** A function from an existing style to the style this request makes of it. */
export function styleUpdater(args: FormatArgs): (base: Style) => Style {
  if (args.clear) return () => ({});
  return (base) => {
    const out: Record<string, unknown> = { ...base };
    const put = (k: string, v: unknown) => {
      if (v === null) delete out[k];
      else if (v !== undefined) out[k] = typeof v === 'string' && k.endsWith('_color') ? v.toUpperCase() : v;
    };
    if (args.number_format === null) for (const k of ALL_NUMBER_FIELDS) delete out[k];
    if (args.number_format_code === null) delete out.format_code;
    else if (args.number_format_code !== undefined) {
      for (const k of ALL_NUMBER_FIELDS) delete out[k];
      out.format_code = args.number_format_code;
    }
    if (args.date_time) for (const k of ['number_format', 'format_code', ...NUMERIC_FIELDS]) delete out[k];
    if (args.number_format || NUMERIC_FIELDS.some((k) => args[k] !== undefined && args[k] !== null)) {
      delete out.date_time;
      delete out.format_code;
    }
    for (const k of STYLE_FIELDS) if (k !== 'number_format' || args.number_format !== null) put(k, args[k]);
    // A currency symbol on its own means "show this as money".
    if (args.currency_symbol && !args.number_format && out.number_format !== 'currency' && out.number_format !== 'accounting') out.number_format = 'currency';
    return out as Style;
  };
}

/** Only the style fields of an args object (drops range, sheet, ids). */
export function pickFormatArgs(input: Record<string, unknown>): FormatArgs {
  const out: Record<string, unknown> = {};
  for (const k of [...GIVEN_FIELDS, 'clear']) if (input[k] !== undefined) out[k] = input[k];
  return out as FormatArgs;
}
