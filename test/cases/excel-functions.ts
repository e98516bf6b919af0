// Functions added to the engine (or replaced) to compute what Excel computes, through every door.
// Expected values are from Microsoft's documentation of each function; test/excel-fidelity.test.ts
// checks the same functions against Excel's cached values in real workbooks.
import { expect } from 'vitest';
import { must, newFile, type Case, type CaseGroup } from './types.ts';

let row = 0;
const f = (name: string, formula: string, shown: string | RegExp): Case => {
  const cell = `A${++row}`;
  return {
    name: `${name}: ${formula}`,
    op: 'set_formula',
    args: (fx) => ({ file_uuid: fx.file, cell, formula }),
    ok: (out) => (typeof shown === 'string' ? expect(out.value).toBe(shown) : expect(out.value).toMatch(shown)),
  };
};

export const excelFunctionCases: CaseGroup[] = [
  {
    name: 'rounding to a multiple, as Excel',
    setup: async (door) => ({ file: await newFile(door, 'rounding') }),
    cases: [
      f('CEILING up', '=CEILING(2.5,1)', '3'),
      f('CEILING with both negative rounds away from zero', '=CEILING(-2.5,-2)', '-4'),
      f('CEILING of a negative number with a positive significance rounds up', '=CEILING(-2.5,2)', '-2'),
      f('CEILING with significance 0 is 0', '=CEILING(10,0)', '0'),
      f('CEILING of a positive number with a negative significance', '=CEILING(2.5,-2)', '#NUM!'),
      f('FLOOR down', '=FLOOR(3.7,2)', '2'),
      f('FLOOR with both negative rounds towards zero', '=FLOOR(-2.5,-2)', '-2'),
      f('FLOOR with significance 0', '=FLOOR(1,0)', '#DIV/0!'),
      f('FLOOR to a decimal multiple', '=FLOOR(0.234,0.01)', '0.23'),
      f('FLOOR.MATH keeps 7.1 (70.999... in binary)', '=FLOOR.MATH(7.1,0.1)', '7.1'),
      f('FLOOR.MATH mode towards zero', '=FLOOR.MATH(-5.5,2,-1)', '-4'),
      f('CEILING.MATH mode away from zero', '=CEILING.MATH(-5.5,2,-1)', '-6'),
      f('CEILING.PRECISE ignores the sign of significance', '=CEILING.PRECISE(-4.1,-2)', '-4'),
      f('ISO.CEILING', '=ISO.CEILING(4.3,2)', '6'),
      f('FLOOR.PRECISE', '=FLOOR.PRECISE(-3.2,-1)', '-4'),
      f('"" is not a number', '=1+""', '#VALUE!'),
      f('a numeric argument given ""', '=CEILING(10,"")', '#VALUE!'),
    ],
  },
  {
    name: 'lookups and divisors',
    setup: async (door) => {
      const file = await newFile(door, 'lookups');
      await door.call('write_cells', { file_uuid: file, cell: 'B1', values: [['a', '1'], ['b', '2'], ['', '']] });
      // G1:G4: the number 1, the text "1", a formula giving "", a blank cell.
      await door.call('write_cells', { file_uuid: file, cell: 'G1', values: [['1'], ["'1"], ['=""'], ['']] });
      return { file };
    },
    cases: [
      f('XLOOKUP with empty arguments left out shows #N/A when nothing matches', '=XLOOKUP("z",B1:B2,C1:C2,,,-1)', '#N/A'),
      f('LOOKUP in a sorted vector', '=LOOKUP(4.19,{4.14,4.19,5.17},{"red","orange","yellow"})', 'orange'),
      f('LOOKUP between values takes the smaller', '=LOOKUP(5,{4.14,4.19,5.17},{"red","orange","yellow"})', 'orange'),
      f('LOOKUP finds the last match of a condition', '=LOOKUP(2,1/({"a","x","b","x"}="x"),{1,2,3,4})', '4'),
      f('LOOKUP array form answers from the last row', '=LOOKUP("c",{"a","b","c";1,2,3})', '3'),
      f('LOOKUP below every value', '=LOOKUP(0,{1,2})', '#N/A'),
      f('XLOOKUP searching last to first', '=XLOOKUP("a",B1:B2,C1:C2,,,-1)', '1'),
      f('XLOOKUP exact or next smaller in an unsorted list', '=XLOOKUP(1.5,{2;1;3},{"two";"one";"three"},,-1)', 'one'),
      f('XLOOKUP exact or next larger in an unsorted list', '=XLOOKUP(1.5,{2;1;3},{"two";"one";"three"},,1)', 'two'),
      f('XLOOKUP binary search, ascending', '=XLOOKUP(2.5,{1;2;3},{"a";"b";"c"},,-1,2)', 'b'),
      f('XLOOKUP with a wildcard cannot search binary', '=XLOOKUP("a*",B1:B2,C1:C2,,2,2)', '#VALUE!'),
      f('INDIRECT of a cell', '=INDIRECT("C2")', '2'),
      f('INDIRECT of a range inside SUM', '=SUM(INDIRECT("C1:C2"))', '3'),
      f('INDIRECT in R1C1', '=INDIRECT("R1C3",FALSE)', '1'),
      {
        name: 'INDIRECT follows a change of the cell it names',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, cell: 'E1', formula: '=INDIRECT("D1")*2' }),
        then: async (door, fx) => {
          await must(door, 'write_cells', { file_uuid: fx.file, cell: 'D1', values: [['21']] });
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'E1' })).values).toEqual([['42']]);
        },
      },
      f('INDIRECT of text that is no reference', '=INDIRECT("nowhere")', '#REF!'),
      f('ROW of INDIRECT', '=ROW(INDIRECT("C2"))', '2'),
      f('COLUMNS of INDIRECT', '=COLUMNS(INDIRECT("B1:C2"))', '2'),
      f('ISREF of INDIRECT', '=ISREF(INDIRECT("C2"))', 'TRUE'),
      f('OFFSET with computed arguments', '=OFFSET(C1,C1,0)', '2'),
      f('SUM over an OFFSET of computed size', '=SUM(OFFSET(C1,0,0,C2,1))', '3'),
      f('OFFSET of INDIRECT', '=OFFSET(INDIRECT("B1"),1,1)', '2'),
      f('OFFSET with a negative height reaches up', '=SUM(OFFSET(C2,0,0,-2,1))', '3'),
      f('OFFSET with a height of 0', '=SUM(OFFSET(C1,0,0,C1-1,1))', '#REF!'),
      f('ROW of a computed OFFSET', '=ROW(OFFSET(C1,C2,0))', '3'),
      f('a reference to an empty cell shows 0', '=Z99', '0'),
      f('COUNTIF "<>x" counts the blank cell too', '=COUNTIF(B1:B3,"<>a")', '2'),
      f('COUNTIF over a whole column counts every blank row', '=COUNTIF(B:B,"<>a")', '1048575'),
      f('COUNTIF with a wildcard', '=COUNTIF(B1:B3,"?")', '2'),
      f('COUNTIF of a number matches numbers', '=COUNTIF(C1:C3,">=2")', '1'),
      f('COUNTIF "=1" matches the number and the text that reads as it', '=COUNTIF(G1:G4,"=1")', '2'),
      f('COUNTIF "<>1" leaves out only the number', '=COUNTIF(G1:G4,"<>1")', '3'),
      f('COUNTIF "<>" counts a formula\'s "" as not blank', '=COUNTIF(G1:G4,"<>")', '3'),
      f('SUMIF with an operator', '=SUMIF(C1:C3,">1")', '2'),
      f('AVERAGEIF with nothing matching', '=AVERAGEIF(B1:B3,"z",C1:C3)', '#DIV/0!'),
      f('MAXIFS', '=MAXIFS(C1:C3,B1:B3,"<>b")', '1'),
      f('LCM leaves empty cells out', '=LCM(C1,C2,C3)', '2'),
      f('LCM with a 0', '=LCM(3,0)', '0'),
      f('GCD', '=GCD(24,36)', '12'),
      f('GCD of text in an array', '=GCD({4,"eight",12})', '#VALUE!'),
      f('GCD of a negative number', '=GCD(-4,2)', '#NUM!'),
    ],
  },
  {
    name: 'regular expressions',
    setup: async (door) => ({ file: await newFile(door, 'regex') }),
    cases: [
      f('REGEXTEST', '=REGEXTEST("HELLO","^[A-Z]{5}$")', 'TRUE'),
      f('REGEXTEST ignoring case', '=REGEXTEST("Hello","^hello$",1)', 'TRUE'),
      f('REGEXTEST matching case', '=REGEXTEST("Hello","^hello$")', 'FALSE'),
      f('REGEXEXTRACT the first match', '=REGEXEXTRACT("Call 555-1234 or 555-9876","\\d{3}-\\d{4}")', '555-1234'),
      f('REGEXEXTRACT with no match', '=REGEXEXTRACT("none","\\d+")', '#N/A'),
      f('REGEXREPLACE with groups', '=REGEXREPLACE("2024-01-05","(\\d+)-(\\d+)-(\\d+)","$3/$2/$1")', '05/01/2024'),
      f('REGEXREPLACE only the last occurrence', '=REGEXREPLACE("a1b22c333","\\d+","#",-1)', 'a1b22c#'),
      f('an invalid pattern names the fault', '=REGEXTEST("x","(")', '#VALUE!'),
    ],
  },
  {
    name: 'bonds and coupons (Microsoft\'s examples)',
    setup: async (door) => ({ file: await newFile(door, 'bonds') }),
    cases: [
      f('COUPDAYBS', '=COUPDAYBS(DATE(2011,1,25),DATE(2011,11,15),2,1)', '71'),
      f('COUPDAYS', '=COUPDAYS(DATE(2011,1,25),DATE(2011,11,15),2,1)', '181'),
      f('COUPDAYSNC', '=COUPDAYSNC(DATE(2011,1,25),DATE(2011,11,15),2,1)', '110'),
      f('COUPNCD', '=COUPNCD(DATE(2011,1,25),DATE(2011,11,15),2,1)', '40678'),
      f('COUPPCD', '=COUPPCD(DATE(2011,1,25),DATE(2011,11,15),2,1)', '40497'),
      f('COUPNUM', '=COUPNUM(DATE(2007,1,25),DATE(2008,11,15),2,1)', '4'),
      f('settlement after maturity', '=COUPNUM(DATE(2009,1,25),DATE(2008,11,15),2,1)', '#NUM!'),
      f('ACCRINT', '=ACCRINT(DATE(2008,3,1),DATE(2008,8,31),DATE(2008,5,1),0.1,1000,2,0)', /^16\.6666666/),
      f('ACCRINTM', '=ACCRINTM(DATE(2008,4,1),DATE(2008,6,15),0.1,1000,3)', /^20\.547945/),
      f('PRICE', '=PRICE(DATE(2008,2,15),DATE(2017,11,15),0.0575,0.065,100,2,0)', /^94\.634361/),
      f('PRICE, actual/actual', '=PRICE(DATE(2008,2,15),DATE(2017,11,15),0.0575,0.065,100,2,1)', /^94\.63/),
      f('ODDFPRICE', '=ODDFPRICE(DATE(2008,11,11),DATE(2021,3,1),DATE(2008,10,15),DATE(2009,3,1),0.0785,0.0625,100,2,1)', /^113\.59/),
      f('ODDFYIELD', '=ODDFYIELD(DATE(2008,11,11),DATE(2021,3,1),DATE(2008,10,15),DATE(2009,3,1),0.0575,84.5,100,2,0)', /^0\.0772/),
      f('ODDLPRICE', '=ODDLPRICE(DATE(2008,2,7),DATE(2008,6,15),DATE(2007,10,15),0.0375,0.0405,100,2,0)', /^99\.878/),
      f('ODDLYIELD', '=ODDLYIELD(DATE(2008,4,20),DATE(2008,6,15),DATE(2007,12,24),0.0375,99.875,100,2,0)', /^0\.0451/),
      f('ODDFPRICE with dates out of order', '=ODDFPRICE(DATE(2008,11,11),DATE(2021,3,1),DATE(2009,3,1),DATE(2008,10,15),0.0785,0.0625,100,2,1)', '#NUM!'),
      f('INTRATE', '=INTRATE(DATE(2008,2,15),DATE(2008,5,15),1000000,1014420,2)', /^0\.05768/),
      f('RECEIVED', '=RECEIVED(DATE(2008,2,15),DATE(2008,5,15),1000000,0.0575,2)', /^1014584\.65/),
      f('PRICEDISC', '=PRICEDISC(DATE(2008,2,16),DATE(2008,3,1),0.0525,100,2)', /^99\.7958/),
      f('YIELDDISC', '=YIELDDISC(DATE(2008,2,16),DATE(2008,3,1),99.795,100,2)', /^0\.05282/),
      f('PRICEMAT', '=PRICEMAT(DATE(2008,2,15),DATE(2008,4,13),DATE(2007,11,11),0.061,0.061,0)', /^99\.98449/),
      f('YIELDMAT', '=YIELDMAT(DATE(2008,3,15),DATE(2008,11,3),DATE(2007,11,8),0.0625,100.0123,0)', /^0\.06095/),
      f('YIELD', '=ROUND(YIELD(DATE(2008,2,15),DATE(2016,11,15),0.0575,95.04287,100,2,0),6)', '0.065'),
    ],
  },
  {
    name: 'functions computed by formulajs',
    setup: async (door) => ({ file: await newFile(door, 'formulajs') }),
    cases: [
      f('CONVERT mass', '=CONVERT(1,"lbm","kg")', /^0\.45359237/),
      f('CONVERT temperature', '=CONVERT(68,"F","C")', '20'),
      f('CONVERT between kinds', '=CONVERT(1,"m","kg")', '#N/A'),
      f('CONVERT with squared prefixes', '=CONVERT(1,"km2","m2")', '1000000'),
      f('CONVERT with binary prefixes on bytes', '=CONVERT(1,"kibyte","bit")', '8192'),
      f('CONVERT: no prefix on a unit Excel gives none', '=CONVERT(1,"kmi","m")', '#N/A'),
      f('CONVERT of a prefixed kelvin', '=CONVERT(1,"mK","K")', '0.001'),
      f('ERF.PRECISE', '=ERF.PRECISE(1)', /^0\.84270079/),
      f('ERFC.PRECISE', '=ERFC.PRECISE(1)', /^0\.15729920/),
      f('GESTEP', '=GESTEP(5,4)', '1'),
      f('PERMUT', '=PERMUT(100,3)', '970200'),
      f('PERMUTATIONA', '=PERMUTATIONA(3,2)', '9'),
      f('COMPLEX with an empty suffix takes "i"', '=IMAGINARY(COMPLEX(1.23,9.5121,""))', '9.5121'),
      f('COMPLEX writes 1i as i', '=COMPLEX(0,-1)', '-i'),
      f('ROMAN', '=ROMAN(499)', 'CDXCIX'),
      f('ROMAN concise form', '=ROMAN(499,4)', 'ID'),
      f('ROMAN of 0 is empty', '=ROMAN(0)', ''),
      f('ROMAN past 3999', '=ROMAN(4000)', '#VALUE!'),
      f('ARABIC', '=ARABIC("MCMXII")', '1912'),
      f('AND leaves text out', '=AND("",TRUE)', 'TRUE'),
      f('AND with nothing to judge', '=AND("")', '#VALUE!'),
      f('OR over a comparison of a range', '=OR({1,2,3}>2)', 'TRUE'),
      f('XOR', '=XOR(TRUE,TRUE,TRUE)', 'TRUE'),
      f('CHAR in Windows-1252', '=CHAR(128)', '€'),
      f('PRODUCT of no numbers is 0', '=PRODUCT("")', '#VALUE!'),
      f('PRODUCT of numbers', '=PRODUCT(2,3,"4")', '24'),
      f('MUNIT', '=SUM(MUNIT(3))', '3'),
      f('MINVERSE', '=INDEX(MINVERSE({4,7;2,6}),1,1)', '0.6'),
      f('MINVERSE of a singular matrix', '=INDEX(MINVERSE({1,2;2,4}),1,1)', '#NUM!'),
      f('TYPE of text', '=TYPE("a")', '2'),
      f('TYPE of an array', '=TYPE({1,2})', '64'),
      f('ERROR.TYPE of an error', '=ERROR.TYPE(1/0)', '2'),
      f('ERROR.TYPE of a value', '=ERROR.TYPE(1)', '#N/A'),
      f('VALUETOTEXT quoting text', '=VALUETOTEXT("a",1)', '"a"'),
      f('ENCODEURL', '=ENCODEURL("a b&c")', 'a%20b%26c'),
      f('MDETERM', '=MDETERM({1,3,8,5;1,3,6,1;1,1,1,0;7,3,10,2})', '88'),
      f('PERCENTRANK.INC', '=PERCENTRANK.INC({1,2,3,4,5,6,7,8,9,10},4)', /^0\.333/),
      f('NUMBERVALUE', '=NUMBERVALUE("2.500,27",",",".")', '2500.27'),
      f('TRIMMEAN leaves out an even count of extremes', '=TRIMMEAN({4,5,6,7,2,3,4,5,1,2,3},0.2)', /^3\.77777777/),
    ],
  },
  {
    name: "implicit intersection, Excel's @",
    setup: async (door) => {
      const file = await newFile(door, 'intersection');
      await door.call('write_cells', { file_uuid: file, cell: 'B1', values: [['10'], ['20'], ['30'], ['40']] });
      await door.call('write_cells', { file_uuid: file, cell: 'A6', values: [['1', '2', '3', '4']] });
      return { file };
    },
    cases: ([
      ['@ takes the cell of a column in the formula\'s row', 'D2', '=@B1:B4', '20', '=@B1:B4'],
      ['@ of a whole column', 'D3', '=@B:B*2', '60', '=@B:B*2'],
      ['@ takes the cell of a row in the formula\'s column', 'C8', '=@A6:D6', '3', '=@A6:D6'],
      ['@ with no cell in the formula\'s row', 'D7', '=@B1:B4', '#VALUE!', '=@B1:B4'],
      ['@ of a function giving a range', 'E3', '=@OFFSET(B1,0,0,4,1)+1', '31', '=@OFFSET(B1,0,0,4,1)+1'],
      ['@ of an array is its first value', 'E4', '=@SEQUENCE(3)', '1', '=@SEQUENCE(3)'],
      ['without @ the range spills', 'F1', '=B1:B2*2', '20', '=B1:B2*2'],
    ] as const).map(([name, cell, formula, value, shown]): Case => ({
      name: `${name}: ${formula}`,
      op: 'set_formula',
      args: (fx) => ({ file_uuid: fx.file, cell, formula }),
      ok: (out) => expect({ value: out.value, formula: out.formula }).toEqual({ value, formula: shown }),
    })),
  },
];
