// Number-format codes of spreadsheet files <-> our format fields. A code maps to fields only when
// the fields build exactly that code again (display.ts), so nothing changes on the way; any other
// code is kept verbatim as `format_code`, which numfmt renders the same way Excel does.
import { formatCode } from '../workbook/display.ts';
import { strftimeToCodeOrNull } from '../workbook/strftime.ts';
import type { Style } from '../workbook/style.ts';

type NumberFields = Pick<Style, 'number_format' | 'decimals' | 'numeric_commas' | 'negative' | 'date_time' | 'currency_symbol' | 'format_code'>;

const DATE_PATTERNS = ['%Y-%m-%d', '%m/%d/%Y', '%-m/%-d/%Y', '%d/%m/%Y', '%d.%m.%Y', '%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M', '%H:%M:%S', '%H:%M', '%I:%M %p', '%I:%M:%S %p', '%m/%d/%Y %H:%M', '%d-%b-%Y', '%B %-d, %Y'];

let table: Map<string, NumberFields> | undefined;

/** Lookup key: case and escapes of plain separators do not change what a code shows. */
const keyOf = (code: string) => code.toLowerCase().replace(/\\([-/ .:,])/g, '$1').replace(/;@$/, '');

function build(): Map<string, NumberFields> {
  const out = new Map<string, NumberFields>();
  const add = (fields: NumberFields) => {
    const key = keyOf(formatCode(fields));
    if (!out.has(key)) out.set(key, fields);
  };
  for (let d = 0; d <= 10; d++) {
    add({ decimals: d });
    add({ number_format: 'number', decimals: d });
    add({ number_format: 'percent', decimals: d });
    add({ number_format: 'exponential', decimals: d });
    for (const negative of ['red', 'parentheses', 'parentheses_red', 'minus_red'] as const) {
      add({ number_format: 'number', decimals: d, negative });
      add({ decimals: d, negative });
    }
  }
  add({ number_format: 'text' });
  for (const p of DATE_PATTERNS) {
    const code = strftimeToCodeOrNull(p);
    if (code && !out.has(keyOf(code))) out.set(keyOf(code), { date_time: p });
  }
  return out;
}

/** Date codes are written with bare separators on export (xlsx-export.ts); escaped ones show the same. */
const bare = (code: string) => code.replace(/\\([-/: ])/g, '$1');

/**
 * Fields for a file's number-format code ({} for General). The fields are used only when they
 * build the very same code again, so an export writes the file's code verbatim; any other code
 * (another case, a `;@` suffix, Excel's built-in `mm-dd-yy`) is kept as `format_code`.
 */
export function fieldsOfCode(code: string | undefined): NumberFields {
  if (!code || code.toLowerCase() === 'general') return {};
  table ??= build();
  const fields = table.get(keyOf(code));
  return fields && bare(formatCode(fields)) === bare(code) ? fields : { format_code: code };
}
