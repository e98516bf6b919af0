// The formula-correctness table: formulas the service computes, checked against LibreOffice.
// Where LibreOffice (7.x) lacks a function (XLOOKUP, XMATCH, FILTER, SORT, UNIQUE, LET, ...) the
// oracle is an equivalent formula built from older functions, computed by LibreOffice all the same.
// A case whose results legitimately differ says so in `differs`, with the reason.

/** Inputs on sheet Data, A1:F6: typed as an agent would (write_cells), and as LibreOffice gets them. */
export const DATA: { text: string; lo: number | string | Date }[][] = [
  ['apple', '10', 'x', '2024-01-15', '-3.5', '  Hello World '],
  ['banana', '25', 'y', '2024-02-29', '0', 'foo-bar-baz'],
  ['cherry', '7', 'x', '2023-12-31', '2.25', 'MiXeD'],
  ['date', '42', 'z', '2024-07-04', '8', 'a,b,c'],
  ['elderberry', '18', 'y', '2025-03-01', '-1', 'abc123'],
  ['fig', '33', 'x', '2024-11-30', '12.75', "'123"],
].map((row) =>
  row.map((text) => {
    if (/^\d{4}-\d\d-\d\d$/.test(text)) {
      const [y, m, d] = text.split('-').map(Number) as [number, number, number];
      return { text, lo: new Date(Date.UTC(y, m - 1, d)) };
    }
    if (text.startsWith("'")) return { text, lo: text.slice(1) };
    return { text, lo: /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text };
  }),
);

export interface ScalarCase {
  /** Functions this case exercises (counted towards the table's coverage). */
  fns: string[];
  f: string;
  /** The formula LibreOffice computes instead (when it lacks a function or spells it differently). */
  lo?: string;
  /** Enter the LibreOffice formula as an array (CSE) formula. */
  cse?: boolean;
  /** A legitimate difference: what LibreOffice gives, and why. */
  differs?: { lo: string; why: string };
}

export interface ArrayCase {
  fns: string[];
  f: string;
  rows: number;
  cols: number;
  /** One formula entered as an array over the whole result, or one formula per result cell (0-based). */
  lo?: string | ((r: number, c: number) => string);
  cse?: boolean;
}

const B = 'Data!$B$1:$B$6';
const A = 'Data!$A$1:$A$6';
const C = 'Data!$C$1:$C$6';

export const SCALAR_CASES: ScalarCase[] = [
  // ---- math and trigonometry
  { fns: ['SUM'], f: '=SUM(Data!B1:B6)' },
  { fns: ['PRODUCT'], f: '=PRODUCT(Data!B1:B3)' },
  { fns: ['ROUND'], f: '=ROUND(Data!E4/3, 2)' },
  { fns: ['ROUNDUP'], f: '=ROUNDUP(2.341, 1)' },
  { fns: ['ROUNDDOWN'], f: '=ROUNDDOWN(-2.349, 2)' },
  { fns: ['MOD'], f: '=MOD(-7, 3)' },
  { fns: ['ABS'], f: '=ABS(Data!E1)' },
  { fns: ['SQRT'], f: '=SQRT(Data!B4)' },
  { fns: ['POWER'], f: '=POWER(2, 10)' },
  { fns: ['INT'], f: '=INT(-2.5)' },
  { fns: ['TRUNC'], f: '=TRUNC(-2.56, 1)' },
  { fns: ['CEILING'], f: '=CEILING(7.2, 2)' },
  { fns: ['FLOOR'], f: '=FLOOR(7.8, 2)' },
  { fns: ['SUMPRODUCT'], f: '=SUMPRODUCT(Data!B1:B6, Data!E1:E6)' },
  { fns: ['SUMIF'], f: '=SUMIF(Data!C1:C6, "x", Data!B1:B6)' },
  { fns: ['SUMIFS'], f: '=SUMIFS(Data!B1:B6, Data!C1:C6, "x", Data!B1:B6, ">8")' },
  { fns: ['EXP'], f: '=EXP(1)' },
  { fns: ['LN'], f: '=LN(10)' },
  { fns: ['LOG10'], f: '=LOG10(1000)' },
  { fns: ['LOG'], f: '=LOG(8, 2)' },
  { fns: ['FACT'], f: '=FACT(6)' },
  { fns: ['COMBIN'], f: '=COMBIN(10, 3)' },
  { fns: ['GCD'], f: '=GCD(24, 36)' },
  { fns: ['LCM'], f: '=LCM(4, 6)' },
  { fns: ['SIGN'], f: '=SIGN(Data!E5)' },
  { fns: ['PI'], f: '=PI()*2' },
  { fns: ['SIN'], f: '=SIN(PI()/6)' },
  { fns: ['COS'], f: '=COS(0)' },
  { fns: ['ATAN2'], f: '=ATAN2(1, 2)' },
  { fns: ['MROUND'], f: '=MROUND(17, 5)' },
  { fns: ['QUOTIENT'], f: '=QUOTIENT(17, 5)' },
  { fns: ['SUMSQ'], f: '=SUMSQ(3, 4)' },
  { fns: ['EVEN', 'ODD'], f: '=EVEN(3)*10+ODD(2)' },
  { fns: ['RADIANS', 'DEGREES'], f: '=RADIANS(180)+DEGREES(PI())' },
  // ---- statistics
  { fns: ['AVERAGE'], f: '=AVERAGE(Data!B1:B6)' },
  { fns: ['MEDIAN'], f: '=MEDIAN(Data!B1:B6)' },
  { fns: ['MAX'], f: '=MAX(Data!E1:E6)' },
  { fns: ['MIN'], f: '=MIN(Data!E1:E6)' },
  { fns: ['COUNT'], f: '=COUNT(Data!A1:F6)' },
  { fns: ['COUNTA'], f: '=COUNTA(Data!A1:F6)' },
  { fns: ['COUNTBLANK'], f: '=COUNTBLANK(Data!A1:A8)' },
  { fns: ['COUNTIF'], f: '=COUNTIF(Data!C1:C6, "y")' },
  { fns: ['COUNTIFS'], f: '=COUNTIFS(Data!C1:C6, "x", Data!B1:B6, ">9")' },
  { fns: ['AVERAGEIF'], f: '=AVERAGEIF(Data!C1:C6, "x", Data!B1:B6)' },
  { fns: ['STDEV'], f: '=STDEV(Data!B1:B6)' },
  { fns: ['STDEV.P'], f: '=STDEV.P(Data!B1:B6)' },
  { fns: ['VAR'], f: '=VAR(Data!B1:B6)' },
  { fns: ['LARGE'], f: '=LARGE(Data!B1:B6, 2)' },
  { fns: ['SMALL'], f: '=SMALL(Data!B1:B6, 2)' },
  { fns: ['RANK'], f: '=RANK(Data!B2, Data!B1:B6)' },
  { fns: ['RANK'], f: '=RANK(Data!B2, Data!B1:B6, 1)' },
  { fns: ['RANK.EQ'], f: '=RANK.EQ(2, {1,2,2,3})' },
  { fns: ['RANK.AVG'], f: '=RANK.AVG(2, {1,2,2,3})' },
  { fns: ['AVERAGEIFS'], f: '=AVERAGEIFS(Data!B1:B6, Data!C1:C6, "x", Data!E1:E6, ">0")' },
  { fns: ['FORECAST'], f: '=FORECAST(50, Data!E1:E6, Data!B1:B6)' },
  { fns: ['PERCENTILE'], f: '=PERCENTILE(Data!B1:B6, 0.3)' },
  { fns: ['QUARTILE'], f: '=QUARTILE(Data!B1:B6, 1)' },
  { fns: ['CORREL'], f: '=CORREL(Data!B1:B6, Data!E1:E6)' },
  { fns: ['MAXIFS'], f: '=MAXIFS(Data!B1:B6, Data!C1:C6, "x")' },
  { fns: ['MINIFS'], f: '=MINIFS(Data!B1:B6, Data!C1:C6, "y")' },
  { fns: ['GEOMEAN'], f: '=GEOMEAN(Data!B1:B6)' },
  { fns: ['MODE'], f: '=MODE(1, 2, 2, 3)' },
  { fns: ['MODE.SNGL'], f: '=MODE.SNGL({4,1,4,1,5})' },
  { fns: ['SLOPE'], f: '=SLOPE(Data!E1:E6, Data!B1:B6)' },
  { fns: ['INTERCEPT'], f: '=INTERCEPT(Data!E1:E6, Data!B1:B6)' },
  // ---- text
  { fns: ['LEN'], f: '=LEN(Data!F1)' },
  { fns: ['TRIM'], f: '=TRIM(Data!F1)' },
  { fns: ['UPPER'], f: '=UPPER(Data!F3)' },
  { fns: ['LOWER'], f: '=LOWER(Data!F3)' },
  { fns: ['PROPER'], f: '=PROPER("hello wide world")' },
  { fns: ['LEFT'], f: '=LEFT(Data!A2, 3)' },
  { fns: ['RIGHT'], f: '=RIGHT(Data!A2, 2)' },
  { fns: ['MID'], f: '=MID(Data!F2, 5, 3)' },
  { fns: ['FIND'], f: '=FIND("-", Data!F2)' },
  { fns: ['SEARCH'], f: '=SEARCH("B", Data!F2)' },
  { fns: ['SUBSTITUTE'], f: '=SUBSTITUTE(Data!F2, "-", "+")' },
  { fns: ['REPLACE'], f: '=REPLACE(Data!A1, 1, 1, "A")' },
  { fns: ['CONCATENATE'], f: '=CONCATENATE(Data!A1, "/", Data!B1)' },
  { fns: ['CONCAT'], f: '=CONCAT(Data!A1:A3)' },
  { fns: ['TEXTJOIN'], f: '=TEXTJOIN(", ", TRUE, Data!A1:A3)' },
  { fns: ['REPT'], f: '=REPT("ab", 3)' },
  { fns: ['TEXT'], f: '=TEXT(Data!B2/100, "0.00%")' },
  { fns: ['TEXT'], f: '=TEXT(Data!D1, "yyyy-mm-dd")' },
  { fns: ['VALUE'], f: '=VALUE(Data!F6)+1' },
  { fns: ['EXACT'], f: '=EXACT("a", "A")' },
  { fns: ['CHAR'], f: '=CHAR(65)' },
  { fns: ['CODE'], f: '=CODE("A")' },
  { fns: ['T'], f: '=T(Data!A1)' },
  { fns: ['FIXED'], f: '=FIXED(1234.567, 1)' },
  { fns: ['TEXTBEFORE'], f: '=TEXTBEFORE(Data!F2, "-")', lo: '=LEFT(Data!F2, FIND("-", Data!F2)-1)' },
  { fns: ['TEXTAFTER'], f: '=TEXTAFTER(Data!F2, "-", -1)', lo: '=MID(Data!F2, FIND("@", SUBSTITUTE(Data!F2, "-", "@", 2))+1, 99)' },
  { fns: ['TEXTAFTER'], f: '=TEXTAFTER(Data!F3, "x", 1, 1)', lo: '=MID(Data!F3, SEARCH("x", Data!F3)+1, 99)' },
  { fns: ['TEXT'], f: '=TEXT(Data!D4, "mmm d, yyyy")' },
  { fns: ['TEXT'], f: '=TEXT(1234567.891, "#,##0.00")' },
  { fns: ['TEXT'], f: '=TEXT(Data!E1, "0.0;(0.0)")' },
  { fns: ['TEXT'], f: '=TEXT(0.75, "h:mm AM/PM")' },
  { fns: ['FIXED'], f: '=FIXED(-1234.5, -2)' },
  { fns: ['FIXED'], f: '=FIXED(1234.567, 1, TRUE)' },
  // ---- logical
  { fns: ['IF'], f: '=IF(Data!B1>5, "big", "small")' },
  { fns: ['AND'], f: '=AND(Data!B1>5, Data!B2>30)' },
  { fns: ['OR'], f: '=OR(Data!B1>5, Data!B2>30)' },
  { fns: ['NOT'], f: '=NOT(Data!B1>5)' },
  { fns: ['XOR'], f: '=XOR(TRUE, FALSE)' },
  { fns: ['IFERROR'], f: '=IFERROR(1/0, "err")' },
  { fns: ['IFNA'], f: '=IFNA(NA(), "na")' },
  { fns: ['IFS'], f: '=IFS(Data!B1>20, "a", Data!B1>5, "b", TRUE, "c")' },
  { fns: ['SWITCH'], f: '=SWITCH(Data!C2, "x", 1, "y", 2, 0)' },
  { fns: ['IF'], f: '=IF(TRUE, 1, 2)+IF(FALSE, 10, 20)' },
  { fns: ['LET'], f: '=LET(x, Data!B1*2, y, x+1, x*y)', lo: '=(Data!B1*2)*((Data!B1*2)+1)' },
  { fns: ['LET'], f: '=LET(r, Data!B1:B6, SUM(r)/ROWS(r))', lo: '=AVERAGE(Data!B1:B6)' },
  // ---- lookup and reference
  { fns: ['VLOOKUP'], f: '=VLOOKUP("cherry", Data!A1:B6, 2, FALSE)' },
  { fns: ['VLOOKUP'], f: '=VLOOKUP(20, {0,"low";15,"mid";30,"high"}, 2)' },
  { fns: ['HLOOKUP'], f: '=HLOOKUP(3, {1,2,3;"a","b","c"}, 2, FALSE)' },
  { fns: ['HLOOKUP'], f: '=HLOOKUP("MiXeD", Data!F3:F4, 2, FALSE)' },
  { fns: ['INDEX'], f: '=INDEX(Data!A1:B6, 4, 1)' },
  { fns: ['MATCH'], f: '=MATCH(42, Data!B1:B6, 0)' },
  { fns: ['MATCH'], f: '=MATCH(25, {5,10,20,30}, 1)' },
  { fns: ['CHOOSE'], f: '=CHOOSE(2, "a", "b", "c")' },
  { fns: ['ROWS', 'COLUMNS'], f: '=ROWS(Data!A1:F6)*10+COLUMNS(Data!A1:F6)' },
  { fns: ['ADDRESS'], f: '=ADDRESS(2, 3)' },
  { fns: ['OFFSET'], f: '=OFFSET(Data!A1, 2, 1)' },
  { fns: ['ROW', 'COLUMN'], f: '=ROW(Data!C5)*10+COLUMN(Data!C5)' },
  { fns: ['XLOOKUP'], f: '=XLOOKUP("date", Data!A1:A6, Data!B1:B6)', lo: `=INDEX(${B}, MATCH("date", ${A}, 0))` },
  { fns: ['XLOOKUP'], f: '=XLOOKUP(20, Data!B1:B6, Data!A1:A6, "none", 1)', lo: `=INDEX(${A}, MATCH(MINIFS(${B}, ${B}, ">=20"), ${B}, 0))` },
  { fns: ['XLOOKUP'], f: '=XLOOKUP(20, Data!B1:B6, Data!A1:A6, "none", -1)', lo: `=INDEX(${A}, MATCH(MAXIFS(${B}, ${B}, "<=20"), ${B}, 0))` },
  { fns: ['XLOOKUP'], f: '=XLOOKUP("zzz", Data!A1:A6, Data!B1:B6, "none")', lo: `=IFERROR(INDEX(${B}, MATCH("zzz", ${A}, 0)), "none")` },
  { fns: ['XLOOKUP'], f: '=XLOOKUP("x", Data!C1:C6, Data!A1:A6, , 0, -1)', lo: `=INDEX(${A}, SUMPRODUCT(MAX((${C}="x")*ROW(${C}))))` },
  { fns: ['XMATCH'], f: '=XMATCH("cherry", Data!A1:A6)', lo: `=MATCH("cherry", ${A}, 0)` },
  { fns: ['XMATCH'], f: '=XMATCH(20, Data!B1:B6, -1)', lo: `=MATCH(MAXIFS(${B}, ${B}, "<=20"), ${B}, 0)` },
  { fns: ['XMATCH'], f: '=XMATCH(20, Data!B1:B6, 1)', lo: `=MATCH(MINIFS(${B}, ${B}, ">=20"), ${B}, 0)` },
  { fns: ['XMATCH'], f: '=XMATCH("*rr*", Data!A1:A6, 2)', lo: `=MATCH("*rr*", ${A}, 0)` },
  { fns: ['XMATCH'], f: '=XMATCH("*rr*", Data!A1:A6, 2, -1)', lo: `=SUMPRODUCT(MAX(ISNUMBER(SEARCH("rr", ${A}))*ROW(${A})))` },
  { fns: ['XMATCH'], f: '=XMATCH("x", Data!C1:C6, 0, -1)', lo: `=SUMPRODUCT(MAX((${C}="x")*ROW(${C})))` },
  { fns: ['XMATCH'], f: '=XMATCH(20, {5,10,20,30}, 0, 2)', lo: '=MATCH(20, {5,10,20,30}, 0)' },
  { fns: ['XMATCH'], f: '=XMATCH(25, {5,10,20,30}, -1, 2)', lo: '=MATCH(25, {5,10,20,30}, 1)' },
  { fns: ['XMATCH'], f: '=XMATCH(25, {30,20,10,5}, 1, -2)', lo: '=MATCH(25, {30,20,10,5}, -1)' },
  { fns: ['XMATCH'], f: '=XMATCH("nope", Data!A1:A6)', lo: `=MATCH("nope", ${A}, 0)` },
  { fns: ['FILTER', 'SUM'], f: '=SUM(FILTER(Data!B1:B6, Data!C1:C6="x"))', lo: '=SUMIF(Data!C1:C6, "x", Data!B1:B6)' },
  { fns: ['UNIQUE', 'COUNTA'], f: '=COUNTA(UNIQUE(Data!C1:C6))', lo: '=SUMPRODUCT(1/COUNTIF(Data!C1:C6, Data!C1:C6))' },
  { fns: ['SORT', 'INDEX'], f: '=INDEX(SORT(Data!B1:B6, 1, -1), 2)', lo: '=LARGE(Data!B1:B6, 2)' },
  // ---- date and time
  { fns: ['DATE'], f: '=DATE(2024, 2, 29)' },
  { fns: ['YEAR'], f: '=YEAR(Data!D2)' },
  { fns: ['MONTH'], f: '=MONTH(Data!D2)' },
  { fns: ['DAY'], f: '=DAY(Data!D3)' },
  { fns: ['WEEKDAY'], f: '=WEEKDAY(Data!D1)' },
  { fns: ['WEEKDAY'], f: '=WEEKDAY(Data!D1, 2)' },
  { fns: ['EDATE'], f: '=EDATE(Data!D2, 12)' },
  { fns: ['EOMONTH'], f: '=EOMONTH(Data!D1, 1)' },
  { fns: ['DATEDIF'], f: '=DATEDIF(Data!D3, Data!D4, "d")' },
  { fns: ['DATEDIF'], f: '=DATEDIF(Data!D1, Data!D5, "m")' },
  { fns: ['DATEDIF'], f: '=DATEDIF(Data!D3, Data!D5, "Y")' },
  { fns: ['DATEDIF'], f: '=DATEDIF(Data!D3, Data!D5, "YM")' },
  { fns: ['DATEDIF'], f: '=DATEDIF(Data!D2, Data!D5, "MD")' },
  { fns: ['DATEDIF'], f: '=DATEDIF(Data!D4, Data!D5, "YD")' },
  { fns: ['DATEDIF'], f: '=DATEDIF(Data!D3, Data!D5, "md")' },
  { fns: ['DATEDIF'], f: '=DATEDIF(Data!D2, DATE(2025, 2, 28), "yd")' },
  { fns: ['DAYS'], f: '=DAYS(Data!D4, Data!D1)' },
  { fns: ['NETWORKDAYS'], f: '=NETWORKDAYS(Data!D1, Data!D4)' },
  { fns: ['WORKDAY'], f: '=WORKDAY(Data!D1, 10)' },
  { fns: ['YEARFRAC'], f: '=YEARFRAC(Data!D1, Data!D4)' },
  { fns: ['WEEKNUM'], f: '=WEEKNUM(Data!D1)' },
  { fns: ['ISOWEEKNUM'], f: '=ISOWEEKNUM(Data!D3)' },
  { fns: ['DATEVALUE'], f: '=DATEVALUE("2024-03-10")' },
  { fns: ['TIME'], f: '=TIME(13, 30, 0)' },
  { fns: ['HOUR', 'MINUTE'], f: '=HOUR(0.7534)*100+MINUTE(0.7534)' },
  { fns: ['TIMEVALUE'], f: '=TIMEVALUE("18:45")' },
  { fns: ['DAYS360'], f: '=DAYS360(Data!D1, Data!D4)' },
  // ---- financial
  { fns: ['PMT'], f: '=PMT(0.05/12, 360, 200000)' },
  { fns: ['FV'], f: '=FV(0.04/12, 120, -100)' },
  { fns: ['PV'], f: '=PV(0.06, 10, -1000)' },
  { fns: ['NPV'], f: '=NPV(0.1, -1000, 300, 400, 500)' },
  { fns: ['IRR'], f: '=IRR({-1000,300,400,500})' },
  { fns: ['RATE'], f: '=RATE(60, -200, 10000)' },
  { fns: ['NPER'], f: '=NPER(0.01, -100, 5000)' },
  { fns: ['IPMT'], f: '=IPMT(0.05/12, 1, 360, 200000)' },
  { fns: ['PPMT'], f: '=PPMT(0.05/12, 1, 360, 200000)' },
  { fns: ['SLN'], f: '=SLN(10000, 1000, 5)' },
  { fns: ['DDB'], f: '=DDB(10000, 1000, 5, 2)' },
  { fns: ['DB'], f: '=DB(10000, 1000, 5, 1)' },
  { fns: ['EFFECT'], f: '=EFFECT(0.05, 12)' },
  { fns: ['NOMINAL'], f: '=NOMINAL(0.05, 12)' },
  // ---- information
  { fns: ['ISNUMBER'], f: '=ISNUMBER(Data!B1)' },
  { fns: ['ISTEXT'], f: '=ISTEXT(Data!F6)' },
  { fns: ['ISBLANK'], f: '=ISBLANK(Data!A8)' },
  { fns: ['ISERROR'], f: '=ISERROR(1/0)' },
  { fns: ['ISNA'], f: '=ISNA(NA())' },
  { fns: ['ISEVEN', 'ISODD'], f: '=AND(ISEVEN(4), ISODD(3))' },
  { fns: ['ISLOGICAL'], f: '=ISLOGICAL(TRUE)' },
  { fns: ['ISNONTEXT'], f: '=ISNONTEXT(Data!B1)' },
  { fns: ['N'], f: '=N(TRUE)+N(Data!B1)' },
  { fns: ['ISREF'], f: '=ISREF(Data!A1)' },
  { fns: ['ISREF'], f: '=ISREF(Data!A1:B2)' },
  { fns: ['ISREF'], f: '=ISREF(42)' },
  // ---- errors are values too
  { fns: ['NA'], f: '=NA()' },
  { fns: [], f: '=1/0' },
  { fns: [], f: '=SQRT(-1)', differs: { lo: 'Err:502', why: 'LibreOffice reports an invalid argument as Err:502; Excel, like the service, gives #NUM!' } },
  { fns: [], f: '=VALUE("abc")', differs: { lo: 'Err:502', why: 'LibreOffice reports Err:502; Excel, like the service, gives #VALUE!' } },
  { fns: [], f: '=MATCH("zzz", Data!A1:A6, 0)' },
];

export const ARRAY_CASES: ArrayCase[] = [
  { fns: ['SORT'], f: '=SORT(Data!B1:B6)', rows: 6, cols: 1, lo: (r) => `=SMALL(${B}, ${r + 1})` },
  { fns: ['SORT'], f: '=SORT(Data!A1:B6, 2, -1)', rows: 6, cols: 2, lo: (r, c) => (c === 1 ? `=LARGE(${B}, ${r + 1})` : `=INDEX(${A}, MATCH(LARGE(${B}, ${r + 1}), ${B}, 0))`) },
  { fns: ['SORTBY'], f: '=SORTBY(Data!A1:A6, Data!B1:B6, -1)', rows: 6, cols: 1, lo: (r) => `=INDEX(${A}, MATCH(LARGE(${B}, ${r + 1}), ${B}, 0))` },
  { fns: ['SORTBY'], f: '=SORTBY(Data!A1:A6, Data!C1:C6, 1, Data!B1:B6, -1)', rows: 6, cols: 1, lo: (r) => `=INDEX(${A}, MATCH(SMALL(MATCH(${C}, {"x","y","z"}, 0)*1000-${B}, ${r + 1}), MATCH(${C}, {"x","y","z"}, 0)*1000-${B}, 0))`, cse: true },
  { fns: ['FILTER'], f: '=FILTER(Data!A1:A6, Data!B1:B6>15)', rows: 4, cols: 1, lo: (r) => `=INDEX(${A}, SMALL(IF(${B}>15, ROW(${B})), ${r + 1}))`, cse: true },
  { fns: ['FILTER'], f: '=FILTER(Data!A1:B6, Data!C1:C6="x")', rows: 3, cols: 2, lo: (r, c) => `=INDEX(Data!$A$1:$B$6, SMALL(IF(${C}="x", ROW(${C})), ${r + 1}), ${c + 1})`, cse: true },
  { fns: ['FILTER'], f: '=FILTER(Data!A1:A6, Data!C1:C6="x", Data!B1:B6>8)', rows: 2, cols: 1, lo: (r) => `=INDEX(${A}, SMALL(IF((${C}="x")*(${B}>8), ROW(${B})), ${r + 1}))`, cse: true },
  { fns: ['FILTER'], f: '=FILTER(Data!A1:A6, Data!B1:B6>100, "none")', rows: 1, cols: 1, lo: () => `=IF(COUNTIF(${B}, ">100")=0, "none", "some")` },
  { fns: ['UNIQUE'], f: '=UNIQUE(Data!C1:C6)', rows: 3, cols: 1, lo: (r) => `=INDEX(${C}, SMALL(IF(MATCH(${C}, ${C}, 0)=ROW(${C}), ROW(${C})), ${r + 1}))`, cse: true },
  { fns: ['SEQUENCE'], f: '=SEQUENCE(3, 2, 10, 5)', rows: 3, cols: 2, lo: (r, c) => `=10+5*(${r}*2+${c})` },
  { fns: ['TAKE', 'SORT'], f: '=TAKE(SORT(Data!B1:B6), 3)', rows: 3, cols: 1, lo: (r) => `=SMALL(${B}, ${r + 1})` },
  { fns: ['TAKE'], f: '=TAKE(Data!A1:C6, -2, 2)', rows: 2, cols: 2, lo: (r, c) => `=INDEX(Data!$A$1:$C$6, ${r + 5}, ${c + 1})` },
  { fns: ['DROP'], f: '=DROP(Data!A1:B6, 4, 1)', rows: 2, cols: 1, lo: (r) => `=INDEX(${B}, ${r + 5})` },
  { fns: ['CHOOSECOLS'], f: '=CHOOSECOLS(Data!A1:C3, 3, 1)', rows: 3, cols: 2, lo: (r, c) => `=INDEX(Data!$A$1:$C$3, ${r + 1}, ${c === 0 ? 3 : 1})` },
  { fns: ['CHOOSEROWS'], f: '=CHOOSEROWS(Data!A1:B6, -1, 1)', rows: 2, cols: 2, lo: (r, c) => `=INDEX(Data!$A$1:$B$6, ${r === 0 ? 6 : 1}, ${c + 1})` },
  { fns: ['TOCOL'], f: '=TOCOL(Data!A1:B2)', rows: 4, cols: 1, lo: (r) => `=INDEX(Data!$A$1:$B$2, ${Math.floor(r / 2) + 1}, ${(r % 2) + 1})` },
  { fns: ['TOROW'], f: '=TOROW(Data!A1:B2, 0, TRUE)', rows: 1, cols: 4, lo: (_r, c) => `=INDEX(Data!$A$1:$B$2, ${(c % 2) + 1}, ${Math.floor(c / 2) + 1})` },
  { fns: ['TRANSPOSE'], f: '=TRANSPOSE(Data!A1:B3)', rows: 2, cols: 3, lo: '=TRANSPOSE(Data!A1:B3)' },
  { fns: ['MMULT'], f: '=MMULT({1,2;3,4}, {5;6})', rows: 2, cols: 1, lo: '=MMULT({1,2;3,4}, {5;6})' },
  { fns: [], f: '=Data!B1:B6*2', rows: 6, cols: 1, lo: '=Data!B1:B6*2' },
  { fns: ['XLOOKUP'], f: '=XLOOKUP("banana", Data!A1:A6, Data!B1:E6)', rows: 1, cols: 4, lo: (_r, c) => `=INDEX(Data!$B$1:$E$6, MATCH("banana", ${A}, 0), ${c + 1})` },
  { fns: ['LET', 'TAKE', 'SORT'], f: '=LET(x, SORT(Data!B1:B6), TAKE(x, -2))', rows: 2, cols: 1, lo: (r) => `=LARGE(${B}, ${2 - r})` },
];
