// Formulas are hostile input too: a text result past Excel's 32,767 characters is #VALUE! (nothing
// bigger is computed or stored), a function that throws inside the engine gives its cell an error
// value, and a recalculation past SHEETS_RECALC_TIMEOUT_MS stops with a 413 and keeps nothing.
import { expect } from 'vitest';
import { must, newFile, type Case, type CaseGroup } from './types.ts';

export const LIMITS_ENV = { SHEETS_RECALC_TIMEOUT_MS: '400' };

const formula = (name: string, cell: string, text: string, shown: string | RegExp): Case => ({
  name,
  op: 'set_formula',
  args: (fx) => ({ file_uuid: fx.file, cell, formula: text }),
  ok: (out) => (typeof shown === 'string' ? expect(out.value).toBe(shown) : expect(out.value).toMatch(shown)),
  then: async (door, fx) => {
    const read = await must(door, 'read_cells', { file_uuid: fx.file, range: cell });
    if (typeof shown === 'string') expect(read.values[0][0]).toBe(shown);
  },
});

/** 3,000 formulas that each sum a 20,000-number sequence: seconds of work in one write. */
const slowColumn = () => Array.from({ length: 3000 }, () => ['=SUMPRODUCT(SEQUENCE(20000)*1)']);

export const limitCases: CaseGroup[] = [
  {
    name: 'huge text results',
    setup: async (door) => ({ file: await newFile(door, 'limits') }),
    cases: [
      formula('REPT past a billion characters is #VALUE!, not a crash', 'A1', '=REPT("x",1000000000)', '#VALUE!'),
      formula('REPT one character past 32,767 is #VALUE!', 'A2', '=REPT("ab",16384)', '#VALUE!'),
      formula('REPT of exactly 32,767 characters is kept', 'A3', '=LEN(REPT("x",32767))', '32767'),
      formula('& joining texts past the limit is #VALUE!', 'A4', '=REPT("x",20000)&REPT("y",20000)', '#VALUE!'),
      formula('SUBSTITUTE growing text past the limit is #VALUE!', 'A5', '=SUBSTITUTE(REPT("x",30000),"x","yy")', '#VALUE!'),
      formula('a formula reading the #VALUE! cell gets the error', 'B1', '=LEN(A1)', '#VALUE!'),
      formula('CONCAT past the limit is #VALUE!', 'A6', '=CONCAT(REPT("x",30000),REPT("y",30000))', '#VALUE!'),
      formula('a regular expression that backtracks forever is #VALUE! after a bounded time', 'D1', '=REGEXTEST(REPT("a",40)&"b","^(a+)+$",1)', '#VALUE!'),
      formula('and one with a backreference too', 'D2', '=REGEXTEST(REPT("a",40)&"b","^(a|a)*\\1$")', '#VALUE!'),
      formula('the same pattern without case folding runs in linear time', 'D3', '=REGEXTEST(REPT("a",40)&"b","^(a+)+$")', 'FALSE'),
      formula('the file still computes after all that', 'C1', '=1+1', '2'),
    ],
  },
  {
    name: 'a recalculation past its time budget',
    setup: async (door) => {
      const file = await newFile(door, 'slow');
      const w = await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['before']] });
      return { file, version: w.version };
    },
    cases: [
      {
        name: 'stops with a 413 that names the limit, and keeps nothing',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'B1', values: slowColumn(), input: 'user_entered' }),
        error: { code: 'payload_too_large', message: /recalculation ran longer than 0\.4 s \(the SHEETS_RECALC_TIMEOUT_MS limit\) and was stopped; nothing was changed/ },
        then: async (door, fx) => {
          expect((await must(door, 'get_file', { file_uuid: fx.file })).version).toBe(fx.version);
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'A1:B2' })).values).toEqual([['before', ''], ['', '']]);
        },
      },
      {
        name: 'the next write on the file works',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, cell: 'C1', formula: '=SUMPRODUCT(SEQUENCE(100)*1)' }),
        ok: (out) => expect(out.value).toBe('5050'),
      },
    ],
  },
];
