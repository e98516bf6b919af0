// Cases for the number-format engine and the date systems through every door: TEXT results and
// displayed values of every class of issue 35 (the engine's own table is test/number-format.test.ts),
// Excel's early 1900 serials, references read by AVEDEV and kin, and a workbook Excel saved in the
// 1904 date system imported, computed, shown and exported.
import { expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { readZipEntry } from '../../core/io/zip-guard.ts';
import type { Door } from '../helpers/doors.ts';
import { bytesOf } from './io.ts';
import { must, newFile, type Case, type CaseGroup, type Fx } from './types.ts';

const shows = (range: string, values: unknown[][], render?: 'raw') => async (door: Door, fx: Fx) => {
  expect((await must(door, 'read_cells', { file_uuid: fx.file, range, ...(render ? { render } : {}) })).values).toEqual(values);
};

/** [formula, what Excel returns]: TEXT of each class, then Excel's early serials. */
const TEXT_RESULTS: [string, string | number][] = [
  ['=TEXT(12200000,"0.00E+00")', '1.22E+07'],
  ['=TEXT(12345,"##0.0E+0")', '12.3E+3'],
  ['=TEXT(4.34,"# ?/?")', '4 1/3'],
  ['=TEXT(2.3,"# ??/16")', '2  5/16'],
  ['=TEXT(1.999,"# ?/?")', '2    '],
  ['=TEXT(12,"$#,##0_);($#,##0)")', '$12 '],
  ['=TEXT(12,"0*-")', '12'],
  ['=TEXT(12200000,"0.0,,")', '12.2'],
  ['=TEXT(1234567,"#,##0,")', '1,235'],
  ['=TEXT(2.8,"0.0%")', '280.0%'],
  ['=TEXT(1.5,"[h]:mm:ss")', '36:00:00'],
  ['=TEXT(0.05,"[mm]")', '72'],
  ['=TEXT(150,"[<100]0;0.0")', '150.0'],
  ['=TEXT(-125.74,"$0.00"" Surplus"";$-0.00"" Shortage""")', '$-125.74 Shortage'],
  ['=TEXT(5,"\\A0")', 'A5'],
  ['=TEXT(123456789012,"General")', '1.23457E+11'],
  ['=TEXT(0.6917,"h:mm:ss A/P")', '4:36:03 P'],
  ['=TEXT(0.6,"hh:mm a/p")', '02:24 p'],
  ['=TEXT(0.192,"h:mm:ss.00")', '4:36:28.80'],
  ['=TEXT(1234.5,"[$€-407] #,##0.00")', '€ 1,234.50'],
  ['=TEXT(45000,"[$-409]mmmm d, yyyy")', 'March 15, 2023'],
  ['=TEXT(-1,"yyyy")', '#VALUE!'],
  // Excel's 1900 system: serial 1 is 1 January 1900 (a Sunday to Excel), 60 its 29 February 1900
  ['=DATE(1900,1,1)', 1],
  ['=TEXT(60,"d mmmm yyyy")', '29 February 1900'],
  ['=TEXT(DATE(1900,3,1)-1,"yyyy-mm-dd")', '1900-02-29'],
  ['=WEEKDAY(1)', 1],
  ['=DAY(0)&"/"&MONTH(0)&"/"&YEAR(0)', '0/1/1900'],
  ['=DAYS(DATE(1900,3,1),DATE(1900,2,28))', 2],
  // a one-cell reference counts only a number, as a range does (A1 holds TRUE, A2 the text "2")
  ['=AVEDEV(A1,A2,1,3)', 1],
  ['=MEDIAN(A1,A2,1,3)', 2],
  ['=AVEDEV(TRUE,3)', 1],
  ['=PRODUCT(A2,2)', 2],
  ['=NPV(0.1,A1,A2,1)', 0.909090909090909],
  ['=SUMPRODUCT(A1:A2,A1:A2)+SUMPRODUCT(--(A1:A2="2"))', 1],
  ['=AND(A2)', '#VALUE!'],
  // no number at all: AVEDEV and DEVSQ are #NUM!; MODE's one-value argument must be a number
  ['=AVEDEV(A1,A2)', '#NUM!'],
  ['=DEVSQ(A1:A2)', '#NUM!'],
  ['=MODE(A1,2,2)', '#VALUE!'],
  ['=MODE(2,2,"1")', '#VALUE!'],
  ['=MODE(A1:A2,2,2)', 2],
];

const textCases: Case[] = TEXT_RESULTS.map(([formula, excel], i) => ({
  name: `${formula} is ${JSON.stringify(excel)}`,
  op: 'set_formula',
  args: (fx) => ({ file_uuid: fx.file, cell: `C${i + 1}`, formula }),
  then: shows(`C${i + 1}`, [[excel]], 'raw'),
}));

/** [typed value, number_format_code, displayed] */
const SHOWN: [string, string, string][] = [
  ['1234.5', '0.0E+0', '1.2E+3'],
  ['0.5', '# ?/?', ' 1/2'],
  ['1234567', '#,##0,', '1,235'],
  ['-3', '0.00_);(0.00)', '(3.00)'],
  ['1.0423', '[h]:mm', '25:00'],
  ['50', '[<100]0;0.0', '50'],
  ['0.75', 'h:mm AM/PM', '6:00 PM'],
  ['60', 'yyyy-mm-dd', '1900-02-29'],
  ['1234.5', '[$€-407] #,##0.00', '€ 1,234.50'],
];

const shownCases: Case[] = SHOWN.map(([typed, code, shown], i) => ({
  name: `${typed} in ${JSON.stringify(code)} shows ${JSON.stringify(shown)}`,
  op: 'format_cells',
  args: (fx) => ({ file_uuid: fx.file, range: `E${i + 1}`, number_format_code: code }),
  then: shows(`E${i + 1}`, [[shown]]),
}));

const fixture = (path: string) => readFileSync(new URL(`../fixtures/excel/${path}`, import.meta.url)).toString('base64');

export const numberFormatCases: CaseGroup[] = [
  {
    name: 'number formats: TEXT and displayed values',
    setup: async (door) => {
      const file = await newFile(door, 'number-formats');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['TRUE'], ["'2"]] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'E1', values: SHOWN.map(([typed]) => [typed]) });
      return { file };
    },
    cases: [...textCases, ...shownCases],
  },
  {
    name: 'a workbook in the 1904 date system',
    setup: async () => ({}),
    cases: [
      {
        // Excel (Mac) saved it with <workbookPr date1904="1"/>; its TEXT cells carry Excel's results.
        name: 'imports with its serials and shows its dates as Excel does',
        op: 'import_file',
        args: () => ({ file_name: 'dates-1904.xlsx', file_data: fixture('features/poi/DateFormatTests.xlsx') }),
        ok: (data, fx) => {
          fx.file = data.uuid;
        },
        then: async (door, fx) => {
          // C2 is 17816.6079513889, 11 October 1952 14:35:27 counted from 1904; A2:A4 are TEXT(C, B), recomputed here.
          await shows("'Tests'!A2:C4", [['11-10-52', 'd-m-y', '11-Oct-1952 14:35:27.000'], ['11-10-52', 'dd-mm-yy', '11-Oct-1952 14:35:27.000'], ['Sat-Oct-1952', 'ddd-mmm-yyy', '11-Oct-1952 14:35:27.000']])(door, fx);
          await shows("'Tests'!C2", [[17816.6079513889]], 'raw')(door, fx);
        },
      },
      {
        name: 'date functions count from 1 January 1904 there',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, cell: "'Tests'!F1", formula: '=DATE(1952,10,11)&"|"&TEXT(0,"yyyy-mm-dd")&"|"&WEEKDAY(0)&"|"&YEAR(C2)' }),
        then: shows("'Tests'!F1", [['17816|1904-01-01|6|1952']]),
      },
      {
        name: 'a new sheet of the file counts the same way, typed dates too',
        op: 'add_sheet',
        args: (fx) => ({ file_uuid: fx.file, name: 'Added' }),
        then: async (door, fx) => {
          await must(door, 'write_cells', { file_uuid: fx.file, cell: "'Added'!A1", values: [['0']] });
          await must(door, 'format_cells', { file_uuid: fx.file, range: "'Added'!A1", number_format_code: 'yyyy-mm-dd' });
          await shows("'Added'!A1", [['1904-01-01']])(door, fx);
          // 15 January 2024 is 45306 in the 1900 system and 43844 in the 1904 system
          await must(door, 'write_cells', { file_uuid: fx.file, cell: "'Added'!A2", values: [['2024-01-15']] });
          await shows("'Added'!A2", [['2024-01-15']])(door, fx);
          await shows("'Added'!A2", [[43844]], 'raw')(door, fx);
        },
      },
      {
        name: 'exports with date1904 and the serials as they are',
        op: 'export_xlsx',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: async (data) => {
          const xlsx = await bytesOf(data);
          expect(readZipEntry(xlsx, 'xl/workbook.xml')!.toString('utf8')).toMatch(/<workbookPr\b[^>]*date1904="1"/);
          expect(readZipEntry(xlsx, 'xl/worksheets/sheet2.xml')!.toString('utf8')).toMatch(/<c r="C2"[^>]*><v>17816\.60795138/);
        },
      },
    ],
  },
];
