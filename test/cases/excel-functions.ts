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
    name: 'LAMBDAs called by their names',
    setup: async (door) => {
      const file = await newFile(door, 'lambdas');
      await must(door, 'define_name', { file_uuid: file, name: 'AddTax', refers_to: '=LAMBDA(amount, rate, amount*(1+rate))' });
      await must(door, 'define_name', { file_uuid: file, name: 'Fact', refers_to: '=LAMBDA(n, IF(n<=1, 1, n*Fact(n-1)))' });
      await must(door, 'define_name', { file_uuid: file, name: 'Fib', refers_to: '=LAMBDA(n, IF(n<2, n, Fib(n-1)+Fib(n-2)))' });
      await must(door, 'write_cells', { file_uuid: file, cell: 'B1', values: [['100']] });
      return { file };
    },
    cases: [
      f('a named LAMBDA', '=AddTax(B1, 0.2)', '120'),
      f('a named LAMBDA calling itself', '=Fact(5)', '120'),
      f('a named LAMBDA with too few arguments', '=AddTax(B1)', '#VALUE!'),
      f('a LAMBDA calling itself twice: IF evaluates only its branch', '=Fib(15)', '610'),
      f('a call of a name that is no LAMBDA or function', '=NoSuchFn(1)', '#NAME?'),
      {
        name: 'the formula reads back as written',
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:A2', render: 'formula' }),
        ok: (out) => expect(out.values).toEqual([['=AddTax(B1, 0.2)'], ['=Fact(5)']]),
      },
      {
        name: 'a named LAMBDA lists as written',
        op: 'list_names',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (out) => expect(out.names.find((n: { name: string }) => n.name === 'Fact')?.refers_to).toBe('=LAMBDA(n, IF(n<=1, 1, n*Fact(n-1)))'),
      },
    ],
  },
  {
    name: 'spill references and data-sized spills',
    setup: async (door) => {
      const file = await newFile(door, 'spills');
      await must(door, 'set_formula', { file_uuid: file, cell: 'B1', formula: '=SEQUENCE(3)' });
      await must(door, 'write_cells', { file_uuid: file, cell: 'F1', values: [['a,b,c']] });
      return { file };
    },
    cases: [
      { name: 'the sum of a spill reference', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D1', formula: '=SUM(B1#)' }), ok: (out) => expect(out.value).toBe('6') },
      { name: 'a spill reference of a cell that does not spill', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D2', formula: '=SUM(F1#)' }), ok: (out) => expect(out.value).toBe('#REF!') },
      { name: 'TEXTSPLIT spills as wide as the text', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D3', formula: '=TEXTSPLIT(F1,",")' }), ok: (out) => expect(out.value).toBe('a') },
      { name: 'a formula that is only a range spills its cells', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D5', formula: '=B1:B3' }), ok: (out) => expect(out).toMatchObject({ value: '1', formula: '=B1:B3', spill: { range: 'D5:D7' } }) },
      { name: 'SEQUENCE with a computed count', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'H1', formula: '=SEQUENCE(ROWS(B1#),1,10)' }), ok: (out) => expect(out).toMatchObject({ value: '10', spill: { range: 'H1:H3' } }) },
      { name: 'a called LAMBDA that spills, at the root', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'J1', formula: '=LAMBDA(n,SEQUENCE(n))(3)' }), ok: (out) => expect(out).toMatchObject({ value: '1', spill: { range: 'J1:J3' } }) },
      f('SEQUENCE with an empty row count is one row', '=COLUMNS(SEQUENCE(,12,,2.5))', '12'),
      f('SEQUENCE of a count written as text', '=SUM(SEQUENCE("5"))', '15'),
      f('TEXT of an error is that error', '=TEXT(1/0,"0.0")', '#DIV/0!'),
      { name: 'a range ending in CHOOSE', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'K1', formula: '=SUM(B1:CHOOSE(2,B2,B3))' }), ok: (out) => expect(out).toMatchObject({ value: '6', formula: '=SUM(B1:CHOOSE(2,B2,B3))' }) },
      { name: 'a range between two INDIRECTs', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'K2', formula: '=SUM(INDIRECT("B1"):INDIRECT("B2"))' }), ok: (out) => expect(out.value).toBe('3') },
      { name: 'a range ending in OFFSET is a reference', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'K3', formula: '=ISREF(B1:OFFSET(B1,1,0))' }), ok: (out) => expect(out.value).toBe('TRUE') },
      {
        name: 'a blank cell inside a spilled range shows 0, as in Excel',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, cell: 'L1', formula: '=F1:F2' }),
        then: async (door, fx) => expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'L1:L2' })).values).toEqual([['a,b,c'], ['0']]),
      },
      { name: 'a whole column does not spill', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E5', formula: '=B:B' }), ok: (out) => expect(out.value).toBe('#VALUE!') },
      {
        name: 'A1# reads back as written',
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'D1', render: 'formula' }),
        ok: (out) => expect(out.values).toEqual([['=SUM(B1#)']]),
      },
      {
        name: 'a longer array re-spills its spill reference, and a longer text its TEXTSPLIT',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, cell: 'B1', formula: '=SEQUENCE(4)' }),
        then: async (door, fx) => {
          await must(door, 'write_cells', { file_uuid: fx.file, cell: 'F1', values: [['p,q,r,s']] });
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'D1:D2' })).values).toEqual([['10'], ['#REF!']]);
          // SEQUENCE(ROWS(B1#)) in H1 follows B1's array from 3 rows to 4.
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'H1:H4' })).values).toEqual([['10'], ['11'], ['12'], ['13']]);
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'D3:G3' })).values).toEqual([['p', 'q', 'r', 's']]);
        },
      },
    ],
  },
  {
    name: 'SUBTOTAL as Excel counts',
    setup: async (door) => {
      const file = await newFile(door, 'subtotals');
      await must(door, 'write_cells', { file_uuid: file, cell: 'C1', values: [['1'], ['2'], ['3'], ['4']] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'C5', formula: '=SUBTOTAL(9,C1:C4)' });
      return { file };
    },
    cases: [
      { name: 'a SUBTOTAL leaves out the subtotals in its range', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D1', formula: '=SUBTOTAL(9,C1:C5)' }), ok: (out) => expect(out.value).toBe('10') },
      { name: 'SUBTOTAL 109 before rows are hidden', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D2', formula: '=SUBTOTAL(109,C1:C4)' }), ok: (out) => expect(out.value).toBe('10') },
      {
        name: 'hiding a row recomputes SUBTOTAL 109, not SUBTOTAL 9',
        op: 'set_sizes',
        args: (fx) => ({ file_uuid: fx.file, indices: ['2'], size: 0 }),
        then: async (door, fx) => {
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'D1:D2' })).values).toEqual([['10'], ['8']]);
          await must(door, 'set_sizes', { file_uuid: fx.file, indices: ['2'], size: 20 });
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'D2' })).values).toEqual([['10']]);
        },
      },
      f('SUBTOTAL with a function_num out of range', '=SUBTOTAL(12,C1:C4)', '#VALUE!'),
    ],
  },
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
      f('ROUND on the decimal value shown', '=ROUND(1.745,2)', '1.75'),
      f('ROUND truncates its digits', '=ROUND(1.745,2.7)', '1.75'),
      f('ROUNDUP with negative digits', '=ROUNDUP(123456,-3.2)', '124000'),
      f('TRUNC past the precision', '=TRUNC(5,400)', '5'),
      f('ISODD truncates', '=ISODD(-5.5)', 'TRUE'),
      f('ISEVEN of a logical value', '=ISEVEN(TRUE)', '#VALUE!'),
      f('"" is not a number', '=1+""', '#VALUE!'),
      f('a number with a capital exponent', '=1E3+2.5E-1', '1000.25'),
      f('a number joined to text has 15 significant digits', '=(0.1+0.2)&"|"&1/3', '0.3|0.333333333333333'),
      f('a large number joined to text in exponent form', '=1E20&""', '1E+20'),
      f('a number as a text argument', '=LEN(0.1+0.2)', '3'),
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
      f('COUNTIF ? matches exactly one character', '=COUNTIF(B1:B2,"??")', '0'),
      f('COUNTIF ? of the right length', '=COUNTIF(B1:B2,"?")', '2'),
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
      f('VLOOKUP approximate in sorted text', '=VLOOKUP("Cuenca",{"Albacete",1;"Berlin",3;"Madrid",4},2)', '3'),
      f('VLOOKUP approximate below the first', '=VLOOKUP("Aa",{"Albacete",1;"Berlin",3},2)', '#N/A'),
      f('VLOOKUP exact with a wildcard', '=VLOOKUP("B*",{"Albacete",1;"Berlin",3},2,FALSE)', '3'),
      f('VLOOKUP index past the table', '=VLOOKUP("a",B1:C2,3,FALSE)', '#REF!'),
      f('MATCH approximate takes the last of equal values', '=MATCH("delta",{"Alpha";"Beta";"Delta";"Delta";"Omega"})', '4'),
      f('MATCH exact takes the first', '=MATCH("delta",{"Alpha";"Beta";"Delta";"Delta";"Omega"},0)', '3'),
      f('MATCH in descending data', '=MATCH(3.5,{9;7;5;3;1},-1)', '3'),
      f('INDEX into a single row with one index', '=INDEX({"a","b","c"},3)', 'c'),
      f('INDEX of a whole column, summed', '=SUM(INDEX(B1:C2,0,2))', '3'),
      f('INDEX past the end', '=INDEX(B1:C2,3,1)', '#REF!'),
      f('ROW of INDEX', '=ROW(INDEX(B1:C2,2,1))', '2'),
      f('XMATCH with a regular expression', '=XMATCH("[A-Z][a-z]+y",{"Albania";"Germany";"Italy"},3)', '2'),
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
      f('CELL address', '=CELL("address",C2)', '$C$2'),
      f('CELL contents', '=CELL("contents",C2)', '2'),
      f('CELL type of text', '=CELL("type",B1)', 'l'),
      f('CELL col of a computed reference', '=CELL("col",OFFSET(A1,0,C2))', '3'),
      f('CELL format is not known', '=CELL("format",C2)', '#VALUE!'),
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
      f('MIRR', '=MIRR({-120000,39000,30000,21000,37000,46000},0.1,0.12)', /^0\.12609/),
      f('MIRR with no positive flow', '=MIRR({-1,-2},0.1,0.1)', '-1'),
      f('MIRR with no negative flow', '=MIRR({1,2},0.1,0.1)', '#DIV/0!'),
      f('DB', '=DB(1000000,100000,6,1,7)', /^186083\.33/),
      f('DB past the life', '=DB(1000000,100000,6,8,7)', '#NUM!'),
      f('EFFECT truncates the periods', '=EFFECT(0.5,4.5)', /^0\.6018066/),
      f('NOMINAL of a zero rate', '=NOMINAL(0,10)', '#NUM!'),
      f('TBILLEQ', '=TBILLEQ(DATE(2008,3,31),DATE(2008,6,1),0.0914)', /^0\.09415/),
      f('TBILLEQ past half a year', '=TBILLEQ(2040,2400,0.8)', /^2\.50660/),
      f('IPMT of a period past the last', '=IPMT(0.1,3,2,8000)', '#NUM!'),
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
      f('GCD with a blank argument', '=GCD(,5)', '#N/A'),
      f('LCM of text that reads as a number', '=LCM("8",2)', '8'),
      f('LCM with 0', '=LCM(0,5)', '0'),
      f('DEC2BIN of a negative number', '=DEC2BIN(-512)', '1000000000'),
      f('DEC2HEX truncates', '=DEC2HEX(511.9)', '1FF'),
      f('DEC2OCT with places', '=DEC2OCT(511,9)', '000000777'),
      f('DEC2BIN with too few places', '=DEC2BIN(511,3)', '#NUM!'),
      f('DEC2BIN out of range', '=DEC2BIN(512)', '#NUM!'),
      f('HEX2DEC of a negative number', '=HEX2DEC("FFFFFFFE00")', '-512'),
      f('BIN2DEC of a logical value', '=BIN2DEC(TRUE)', '#VALUE!'),
      f('BIN2HEX of a digit binary lacks', '=BIN2HEX("102")', '#NUM!'),
      f('ACOT of a negative number', '=ACOT(-1)', /^2\.35619449/),
      f('DAYS360 from the end of February', '=DAYS360(DATE(2024,2,29),DATE(2025,2,28))', '358'),
      f('DAYS360 to the 31st', '=DAYS360(DATE(2025,1,15),DATE(2025,1,31))', '16'),
      f('PERMUT truncates', '=PERMUT(12.7,4.6)', '11880'),
      f('PERMUT of fewer items than chosen', '=PERMUT(1,2)', '#NUM!'),
      f('BINOM.DIST.RANGE over thousands of trials', '=BINOM.DIST.RANGE(3000,0.0001,1)', /^0\.22226435/),
      f('BINOM.DIST.RANGE with number_s2 below number_s', '=BINOM.DIST.RANGE(10,0.3,5,3)', '#NUM!'),
      f('TEXT of a date past 9999', '=TEXT(2958466,"yyyy-mm-dd")', '#VALUE!'),
      f('TEXT of a negative date', '=TEXT(-1,"d/m/yy")', '#VALUE!'),
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
      f('ARRAYTOTEXT concise', '=ARRAYTOTEXT({1,"a";TRUE,2.5})', '1, a, TRUE, 2.5'),
      f('ARRAYTOTEXT strict', '=ARRAYTOTEXT({1,"a";TRUE,2.5},1)', '{1,"a";TRUE,2.5}'),
      f('ENCODEURL', '=ENCODEURL("a b&c")', 'a%20b%26c'),
      f('MDETERM', '=MDETERM({1,3,8,5;1,3,6,1;1,1,1,0;7,3,10,2})', '88'),
      f('PERCENTRANK.INC', '=PERCENTRANK.INC({1,2,3,4,5,6,7,8,9,10},4)', /^0\.333/),
      f('NUMBERVALUE', '=NUMBERVALUE("2.500,27",",",".")', '2500.27'),
      f('MAP', '=SUM(MAP({1,2,3},LAMBDA(v,v*v)))', '14'),
      f('MAP over two arrays', '=SUM(MAP({1,2},{10,20},LAMBDA(a,b,a*b)))', '50'),
      f('REDUCE', '=REDUCE(0,{1,2,3,4},LAMBDA(acc,v,acc+v*v))', '30'),
      f('SCAN', '=INDEX(SCAN(1,{1,2,3,4},LAMBDA(acc,v,acc*v)),1,4)', '24'),
      f('BYROW', '=SUM(BYROW({1,2;3,4},LAMBDA(r,MAX(r))))', '6'),
      f('BYCOL', '=SUM(BYCOL({1,2;3,4},LAMBDA(c,SUM(c))))', '10'),
      f('MAKEARRAY', '=SUM(MAKEARRAY(2,3,LAMBDA(r,c,r*c)))', '18'),
      f('a LAMBDA with the wrong number of parameters', '=MAP({1,2},LAMBDA(a,b,a))', '#VALUE!'),
      f('a LAMBDA on its own', '=LAMBDA(x,x+1)', '#VALUE!'),
      f('a LAMBDA called in place', '=LAMBDA(x,y,x*y+1)(3,4)', '13'),
      f('a LAMBDA bound by LET and called by that name', '=LET(sq,LAMBDA(v,v*v),sq(3)+sq(4))', '25'),
      f('a LET-bound LAMBDA passed to MAP', '=LET(dbl,LAMBDA(v,v*2),SUM(MAP({1,2,3},dbl)))', '12'),
      f('an optional parameter left out', '=LAMBDA(a,[b],IF(ISOMITTED(b),a,a+b))(5)', '5'),
      f('an optional parameter given', '=LAMBDA(a,[b],IF(ISOMITTED(b),a,a+b))(5,2)', '7'),
      f('a call with too many arguments', '=LAMBDA(a,a)(1,2)', '#VALUE!'),
      f('a called LAMBDA that spills', '=SUM(LAMBDA(n,SEQUENCE(n))(4))', '10'),
      f('TEXTSPLIT into columns and rows', '=INDEX(TEXTSPLIT("a,b;c,d",",",";"),2,2)', 'd'),
      f('TEXTSPLIT pads short rows with #N/A', '=INDEX(TEXTSPLIT("a,b;c",",",";"),2,2)', '#N/A'),
      f('TEXTSPLIT with pad_with and ignore_empty', '=INDEX(TEXTSPLIT("a,,b;c",",",";",TRUE,,"-"),2,2)', '-'),
      f('TEXTSPLIT in any case', '=COLUMNS(TEXTSPLIT("1x2X3","x",,,1))', '3'),
      f('TEXTSPLIT with an empty delimiter', '=TEXTSPLIT("abc","")', '#VALUE!'),
      f('SHEET of the formula\'s own sheet', '=SHEET()', '1'),
      f('DISC (Microsoft\'s example)', '=DISC(DATE(2018,1,25),DATE(2018,6,15),97.975,100,1)', /^0\.0524202/),
      f('PERCENTRANK.EXC (Microsoft\'s example)', '=PERCENTRANK.EXC({1,2,3,6,6,6,7,8,9},7)', '0.7'),
      f('PROB of one value', '=PROB({0,1,2,3},{0.2,0.3,0.1,0.4},2)', '0.1'),
      f('PROB of a span', '=PROB({0,1,2,3},{0.2,0.3,0.1,0.4},1,3)', '0.8'),
      f('KURT (Microsoft\'s example)', '=KURT({3,4,5,2,3,4,5,6,4,7})', /^-0\.1517996/),
      f('WORKDAY.INTL with Sunday-only weekends (Microsoft\'s example: serial 41013)', '=TEXT(WORKDAY.INTL(DATE(2012,1,1),90,11),"yyyy-mm-dd")', '2012-04-14'),
      f('NETWORKDAYS.INTL (Microsoft\'s example)', '=NETWORKDAYS.INTL(DATE(2006,1,1),DATE(2006,1,31))', '22'),
      f('NETWORKDAYS.INTL backwards', '=NETWORKDAYS.INTL(DATE(2006,2,28),DATE(2006,1,31))', '-21'),
      f('TRIMRANGE of an array', '=ROWS(TRIMRANGE({"","";1,"";"",""}))', '3'),
      f('FREQUENCY', '=INDEX(FREQUENCY({79,85,78,85,50,81,95,88,97},{70,79,89}),3,1)', '4'),
      f('FREQUENCY past the last bin', '=INDEX(FREQUENCY({79,85,78,85,50,81,95,88,97},{70,79,89}),4,1)', '2'),
      f('MODE.MULT', '=SUM(MODE.MULT({1,2,3,4,3,2,1,2,3}))', '5'),
      f('MODE.MULT with no repeat', '=MODE.MULT({1,2,3})', '#N/A'),
      f('LINEST slope', '=INDEX(LINEST({1,9,5,7},{0,4,2,3}),1,1)', '2'),
      f('LINEST intercept', '=INDEX(LINEST({1,9,5,7},{0,4,2,3}),1,2)', '1'),
      f('LINEST r squared', '=INDEX(LINEST({1,9,5,7},{0,4,2,3},TRUE,TRUE),3,1)', '1'),
      f('TREND', '=TREND({1,9,5,7},{0,4,2,3},{5})', '11'),
      f('GROWTH', '=GROWTH({2,4,8},{1,2,3},{4})', /^16(\.0+\d*)?$/),
      f('LOGEST base', '=INDEX(LOGEST({2,4,8},{1,2,3}),1,1)', /^2(\.0+\d*)?$/),
      f('VSTACK pads short rows with #N/A', '=INDEX(VSTACK({1,2},{3}),2,2)', '#N/A'),
      f('VSTACK', '=SUM(VSTACK({1,2},{3,4}))', '10'),
      f('HSTACK', '=COLUMNS(HSTACK({1,2},{3;4}))', '3'),
      f('WRAPROWS pads the last row', '=INDEX(WRAPROWS({1,2,3,4,5},2,0),3,2)', '0'),
      f('WRAPCOLS', '=INDEX(WRAPCOLS({1,2,3,4,5},2),2,3)', '#N/A'),
      f('WRAPROWS with wrap_count 0', '=WRAPROWS({1,2},0)', '#NUM!'),
      f('EXPAND', '=ROWS(EXPAND({1,2},3,2,"-"))', '3'),
      f('EXPAND to fewer rows', '=EXPAND({1;2},1)', '#VALUE!'),
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
  {
    name: 'database functions, as Excel reads criteria',
    setup: async (door) => {
      const file = await newFile(door, 'database');
      await door.call('write_cells', {
        file_uuid: file,
        cell: 'A1',
        values: [['Region', 'Rep', 'Units'], ['East', 'Alice', '120'], ['Eastern', 'Bob', '80'], ['West', 'Cara', '200'], ['East', 'Dan', '150']],
      });
      await door.call('write_cells', { file_uuid: file, cell: 'E1', values: [['Region', 'Units', 'Region', 'REP', 'Rgn'], ['East', '>100', '=East', 'C', 'x']] });
      return { file };
    },
    cases: [
      f('DSUM: text matches the beginning', '=DSUM(A1:C5,"Units",E1:E2)', '350'),
      f('DSUM: "=East" is exact', '=DSUM(A1:C5,3,G1:G2)', '270'),
      f('DCOUNT with two conditions in a row', '=DCOUNT(A1:C5,"units",E1:F2)', '2'),
      f('DGET of one match (labels without case)', '=DGET(A1:C5,"Units",H1:H2)', '200'),
      f('DGET of several matches', '=DGET(A1:C5,"Units",E1:E2)', '#NUM!'),
      f('a label no column has matches nothing', '=DCOUNTA(A1:C5,1,I1:I2)', '0'),
      f('DAVERAGE', '=DAVERAGE(A1:C5,"Units",E1:E2)', /^116\.66666/),
      f('DMAX with no match is 0', '=DMAX(A1:C5,"Units",I1:I2)', '0'),
      f('a field no column has', '=DSUM(A1:C5,"Price",E1:E2)', '#VALUE!'),
      f('a database without records', '=DSUM(A1:C1,"Units",E1:E2)', '#VALUE!'),
      f('text compares with accents', '="Berlín"="berlin"', 'FALSE'),
    ],
  },
];
