// Displayed values for every number-format option of spec §2, and the strftime patterns of date_time.
import { format } from 'numfmt';
import { describe, expect, it } from 'vitest';
import { displayCell, formatCode, formatNumber, formatTextColor } from '../core/workbook/display.ts';
import { StrftimeError, strftimeToCode } from '../core/workbook/strftime.ts';
import type { Style } from '../core/workbook/style.ts';

const JAN15_1800 = 45306.75; // 2024-01-15 18:00

describe('number formats', () => {
  const table: [number, Style, string][] = [
    // number: grouping on by default, 2 decimals by default
    [1234567.891, { number_format: 'number' }, '1,234,567.89'],
    [1234567.891, { number_format: 'number', decimals: 0 }, '1,234,568'],
    [1234567.891, { number_format: 'number', decimals: 4 }, '1,234,567.8910'],
    [1234567.891, { number_format: 'number', numeric_commas: false }, '1234567.89'],
    [0.5, { number_format: 'number', decimals: 0 }, '1'],
    [1e20, { number_format: 'number', decimals: 0 }, '100,000,000,000,000,000,000'],
    [0, { number_format: 'number' }, '0.00'],
    [-0, { number_format: 'number', negative: 'parentheses' }, '0.00'],
    // Like spreadsheets, 15 significant digits, then zeros.
    [1.005, { number_format: 'number', decimals: 30 }, '1.005000000000000000000000000000'],
    // negative styles on number
    [-1234.5, { number_format: 'number' }, '-1,234.50'],
    [-1234.5, { number_format: 'number', negative: 'minus' }, '-1,234.50'],
    [-1234.5, { number_format: 'number', negative: 'minus_red' }, '-1,234.50'],
    [-1234.5, { number_format: 'number', negative: 'red' }, '1,234.50'],
    [-1234.5, { number_format: 'number', negative: 'parentheses' }, '(1,234.50)'],
    [-1234.5, { number_format: 'number', negative: 'parentheses_red' }, '(1,234.50)'],
    [1234.5, { number_format: 'number', negative: 'parentheses_red' }, '1,234.50'],
    // currency
    [1234.5, { number_format: 'currency' }, '$1,234.50'],
    [-1234.5, { number_format: 'currency' }, '-$1,234.50'],
    [1234.5, { number_format: 'currency', currency_symbol: '€' }, '€1,234.50'],
    [1234.5, { number_format: 'currency', currency_symbol: 'CHF ' }, 'CHF 1,234.50'],
    [1234.5, { number_format: 'currency', currency_symbol: 'R"$' }, 'R"$1,234.50'],
    [1234.5, { number_format: 'currency', currency_symbol: 'kr', decimals: 0, numeric_commas: false }, 'kr1235'],
    [-1234.5, { number_format: 'currency', negative: 'parentheses' }, '($1,234.50)'],
    [-1234.5, { number_format: 'currency', negative: 'red' }, '$1,234.50'],
    [-1234.5, { number_format: 'currency', negative: 'minus_red' }, '-$1,234.50'],
    // accounting: symbol apart, zero as a dash, parentheses by default
    [1234.5, { number_format: 'accounting' }, '$ 1,234.50'],
    [-1234.5, { number_format: 'accounting' }, '$ (1,234.50)'],
    [0, { number_format: 'accounting' }, '$ -'],
    [-1234.5, { number_format: 'accounting', negative: 'minus' }, '$ -1,234.50'],
    [-1234.5, { number_format: 'accounting', negative: 'red' }, '$ 1,234.50'],
    [1234.5, { number_format: 'accounting', currency_symbol: '€', decimals: 0 }, '€ 1,235'],
    // percent
    [0.1234, { number_format: 'percent' }, '12.34%'],
    [0.1234, { number_format: 'percent', decimals: 0 }, '12%'],
    [123.4, { number_format: 'percent', decimals: 0, numeric_commas: true }, '12,340%'],
    [-0.1234, { number_format: 'percent', decimals: 1, negative: 'parentheses' }, '(12.3%)'],
    // exponential
    [12345.678, { number_format: 'exponential' }, '1.23E+04'],
    [12345.678, { number_format: 'exponential', decimals: 0 }, '1E+04'],
    [0.000123, { number_format: 'exponential', decimals: 3 }, '1.230E-04'],
    [-12345.678, { number_format: 'exponential', negative: 'parentheses' }, '(1.23E+04)'],
    // text: numbers as they are, no rounding
    [12345.678, { number_format: 'text' }, '12345.678'],
    // decimals / grouping / negative without a number_format
    [1234.5678, { decimals: 1 }, '1234.6'],
    [1234.5678, { numeric_commas: true }, '1,234.57'],
    [-3, { negative: 'parentheses' }, '(3.00)'],
    // automatic (General)
    [1234.5, {}, '1234.5'],
    [0.1 + 0.2, {}, '0.3'],
    [123456789012, {}, '1.23457E+11'],
    // raw format codes kept from imported files
    [1.5, { format_code: '0 ?/?' }, '1 1/2'],
    [-5, { format_code: '0.0;[Red]-0.0' }, '-5.0'],
    [5, { format_code: 'not a [valid' }, '5'],
  ];
  it.each(table)('%s with %j shows %s', (value, style, shown) => {
    expect(formatNumber(value, style)).toBe(shown);
  });
});

describe('General', () => {
  it('short fractions shown without numfmt read exactly as numfmt shows them', () => {
    // formatGeneral skips numfmt for fractions whose shortest form fits in 11 characters; every
    // kind of value it might take, and ones just outside, against numfmt's General.
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const values = [0.1, -0.1, 0.05, 0.0001, 0.00012, 1.5, -2.25, 123456.789, 1234567.891, 99999999.99, 123456789.5, -12345678.25, 1e-5, 1.23e-7, 0.1 + 0.2, 1 / 3, 12345678901.5, -0, NaN, Infinity];
    for (let i = 0; i < 25_000; i++) {
      const mag = Math.floor(rand() * 22) - 11, dec = Math.floor(rand() * 12);
      const v = Math.round(rand() * 10 ** (mag + 2 + dec)) / 10 ** dec / 100;
      values.push(rand() < 0.3 ? -v : v, rand() * 10 ** mag, ((i * 37) % 100_000) / 100, i / 7);
    }
    for (const v of values) expect(formatNumber(v, {}), String(v)).toBe(format('General', v, { leap1900: false, nbsp: false, throws: false }));
  });
});

describe('date_time', () => {
  const table: [number, string, string][] = [
    [JAN15_1800, '%d.%m.%Y', '15.01.2024'],
    [JAN15_1800, '%Y-%m-%d', '2024-01-15'],
    [JAN15_1800, '%F %T', '2024-01-15 18:00:00'],
    [JAN15_1800, '%m/%d/%y', '01/15/24'],
    [JAN15_1800, '%D', '01/15/24'],
    [JAN15_1800, '%-d/%-m/%Y', '15/1/2024'],
    [JAN15_1800, '%e %B %Y', '15 January 2024'],
    [JAN15_1800, '%a, %d %b %Y', 'Mon, 15 Jan 2024'],
    [JAN15_1800, '%A', 'Monday'],
    [JAN15_1800, '%H:%M', '18:00'],
    [JAN15_1800, '%R', '18:00'],
    [JAN15_1800, '%I:%M %p', '06:00 PM'],
    [JAN15_1800, '%-I:%M:%S %p', '6:00:00 PM'],
    [JAN15_1800, 'Week of %d %b (%Y)', 'Week of 15 Jan (2024)'],
    [JAN15_1800, '100%% %Y', '100% 2024'],
    [0.5, '%H:%M:%S', '12:00:00'],
    [0.999988426, '%H:%M:%S', '23:59:59'],
    [1.25, '%-H:%M', '6:00'],
    // serials are Excel's: 1 is 1900-01-01, 60 Excel's 29 February 1900, 0 its "0 January 1900";
    // a date before 1900 is none Excel can show (its cell shows #s)
    [0, '%Y-%m-%d', '1900-01-00'],
    [1, '%Y-%m-%d', '1900-01-01'],
    [60, '%Y-%m-%d', '1900-02-29'],
    [61, '%Y-%m-%d', '1900-03-01'],
    [-36500, '%Y-%m-%d', '########'],
    [2958465, '%Y-%m-%d', '9999-12-31'],
  ];
  it.each(table)('%s as %s shows %s', (value, pattern, shown) => {
    expect(formatNumber(value, { date_time: pattern })).toBe(shown);
  });

  it('refuses patterns a spreadsheet cannot show faithfully, naming the reason', () => {
    const bad: [string, RegExp][] = [
      ['%Q', /'%Q' is not a supported directive; supported: %Y/],
      ['%d.%m.%Y %', /lone '%'/],
      ['%I:%M', /%I \(12-hour clock\) needs %p/],
      ['%H:%M %p', /24-hour clock .* cannot be shown with %p/],
      ['%T %p', /24-hour clock/],
      ['%Y %M', /%M \(minutes\) must come right after an hour/],
      ['%H %m', /%m \(month\) right after an hour/],
      ['plain text', /no date or time directive/],
      ['%%', /no date or time directive/],
      ['%j', /'%j' is not a supported directive/],
      ['%z', /not a supported directive/],
    ];
    for (const [pattern, message] of bad) {
      expect(() => strftimeToCode(pattern), pattern).toThrow(StrftimeError);
      expect(() => strftimeToCode(pattern), pattern).toThrow(message);
    }
  });

  it('escapes literal text so letters and separators never read as codes', () => {
    expect(strftimeToCode('%d;%m [%Y]')).toBe('dd\\;mm \\[yyyy\\]');
    expect(formatNumber(JAN15_1800, { date_time: '%d;%m [%Y] at hh' })).toBe('15;01 [2024] at hh');
  });

  it('date_time wins over a number format left on the style', () => {
    expect(formatCode({ number_format: 'percent', date_time: '%Y' })).toBe('yyyy');
  });
});

describe('text colour a person sees', () => {
  it('is red for negatives under the red styles only', () => {
    expect(formatTextColor(-1, { number_format: 'number', negative: 'minus_red' })).toBe('#FF0000');
    expect(formatTextColor(-1, { number_format: 'number', negative: 'red' })).toBe('#FF0000');
    expect(formatTextColor(-1, { number_format: 'currency', negative: 'parentheses_red' })).toBe('#FF0000');
    expect(formatTextColor(-1, { number_format: 'accounting', negative: 'minus_red' })).toBe('#FF0000');
    expect(formatTextColor(-1, { number_format: 'number', negative: 'parentheses' })).toBeUndefined();
    expect(formatTextColor(1, { number_format: 'number', negative: 'minus_red' })).toBeUndefined();
    expect(formatTextColor(0, { number_format: 'number', negative: 'minus_red' })).toBeUndefined();
    expect(formatTextColor(-0, { number_format: 'number', negative: 'minus_red' })).toBeUndefined();
  });

  it('never colours text, booleans or errors', () => {
    const red: Style = { number_format: 'number', negative: 'red' };
    expect(formatTextColor('-1', red)).toBeUndefined();
    expect(formatTextColor(true, red)).toBeUndefined();
    expect(formatTextColor({ e: '#DIV/0!', f: '=1/0' }, red)).toBeUndefined();
  });

  it('reads colours of imported codes', () => {
    expect(formatTextColor(-1, { format_code: '[Blue]0;[Color10]-0' })).toMatch(/^#[0-9A-F]{6}$/);
    expect(formatTextColor(1, { format_code: '[Blue]0;-0' })).toBe('#0000FF');
  });
});

describe('displayCell', () => {
  it('shows text, booleans and errors as they are whatever the format', () => {
    const style: Style = { number_format: 'percent' };
    expect(displayCell('abc', style)).toBe('abc');
    expect(displayCell(true, style)).toBe('TRUE');
    expect(displayCell({ f: '=1/0', e: '#DIV/0!' }, style)).toBe('#DIV/0!');
    expect(displayCell(null, style)).toBe('');
  });

  it('uses a formula result hint only when the style sets no number format', () => {
    expect(displayCell({ f: '=TODAY()', v: 45306, h: 'd' }, {})).toBe('2024-01-15');
    expect(displayCell({ f: '=TODAY()', v: 45306, h: 'd' }, { bold: true })).toBe('2024-01-15');
    expect(displayCell({ f: '=TODAY()', v: 45306, h: 'd' }, { number_format: 'number', decimals: 0 })).toBe('45,306');
    expect(displayCell({ f: '=A1', v: 0.25, h: 'p' }, {})).toBe('25%');
  });
});
